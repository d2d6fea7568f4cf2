import { type TariffParametersQuery, tariffParametersResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const TARIFF_PARAMETERS_PAGE_SIZE = 10;
export const tariffParametersQueryKey = ['tariff-data', 'parameters'] as const;

/** `GET /api/admin/tariff-data/parameters?grid=&q=&page=&pageSize=` (staff and admins). */
export function getTariffParameters(query: TariffParametersQuery) {
  return api.get('/api/admin/tariff-data/parameters', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      ...(query.grid ? { grid: query.grid } : {}),
      ...(query.q ? { q: query.q } : {}),
    },
    schema: tariffParametersResponseSchema,
  });
}

export function tariffParametersQueryOptions(query: TariffParametersQuery) {
  return queryOptions({
    queryKey: [...tariffParametersQueryKey, query],
    queryFn: () => getTariffParameters(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTariffParameters(query: TariffParametersQuery) {
  return useQuery(tariffParametersQueryOptions(query));
}
