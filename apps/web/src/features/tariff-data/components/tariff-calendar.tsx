import { useTariffCalendar } from '../api/get-tariff-calendar.ts';
import { type CalendarHeading, TariffCalendarView } from './tariff-calendar-view.tsx';

/** The calendar in the admin panel (query client of the private area: refreshed after each write). */
export function TariffCalendar({ headingLevel = 'h2' }: { headingLevel?: CalendarHeading }) {
  const calendar = useTariffCalendar();
  return (
    <TariffCalendarView
      headingLevel={headingLevel}
      data={calendar.data}
      isPending={calendar.isPending}
      error={calendar.error}
    />
  );
}
