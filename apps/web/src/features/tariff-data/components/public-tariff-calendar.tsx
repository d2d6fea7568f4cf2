import { usePublicTariffCalendar } from '../api/get-tariff-calendar.ts';
import { TariffCalendarView } from './tariff-calendar-view.tsx';

/** The calendar on /tarifs-energie (public page: no query client). */
export function PublicTariffCalendar() {
  const calendar = usePublicTariffCalendar();
  return (
    <TariffCalendarView
      headingLevel="h2"
      data={calendar.data}
      isPending={calendar.status === 'pending'}
      error={calendar.error}
    />
  );
}
