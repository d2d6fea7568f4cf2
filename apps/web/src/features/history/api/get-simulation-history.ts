import { type PageQuery, simulationHistoryPageSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const HISTORY_PAGE_SIZE = 10;

/** `GET /api/simulator/simulations/?page=&pageSize=`: the caller's simulations, newest first. */
export function getSimulationHistory(query: PageQuery) {
  return api.get('/api/simulator/simulations/', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: simulationHistoryPageSchema,
  });
}

export const simulationHistoryKey = ['history', 'simulations'] as const;

export function simulationHistoryQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...simulationHistoryKey, 'list', query],
    queryFn: () => getSimulationHistory(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSimulationHistory(query: PageQuery) {
  return useQuery(simulationHistoryQueryOptions(query));
}
