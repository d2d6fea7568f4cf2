import { type TariffCalendarQuery, tariffCalendarResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usePublicRead } from '../hooks/use-public-read.ts';

export const tariffCalendarQueryKey = ['tariff-data', 'calendar'] as const;

/** `GET /api/tariff-data/calendar?from=&to=&page=&pageSize=` (public): grid changes grouped by date and grid. */
export function getTariffCalendar(query: Partial<TariffCalendarQuery>) {
  return api.get('/api/tariff-data/calendar', {
    query: {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 100,
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    },
    schema: tariffCalendarResponseSchema,
  });
}

export function tariffCalendarQueryOptions(query: Partial<TariffCalendarQuery> = {}) {
  return queryOptions({
    queryKey: [...tariffCalendarQueryKey, query],
    queryFn: () => getTariffCalendar(query),
    staleTime: 60_000,
  });
}

export function useTariffCalendar(query: Partial<TariffCalendarQuery> = {}) {
  return useQuery(tariffCalendarQueryOptions(query));
}

const readDefaultCalendar = () => getTariffCalendar({});

/** The same read for /tarifs-energie (public pages have no query client). */
export function usePublicTariffCalendar() {
  return usePublicRead(readDefaultCalendar);
}
