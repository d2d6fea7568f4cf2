import { type MandatePceDataList, mandatePceDataListSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/mandates/pce-data/` → the data fetched by the user's active GRDF mandates (ADR 0072). */
export function getPceData(): Promise<MandatePceDataList> {
  return api.get('/api/mandates/pce-data/', { schema: mandatePceDataListSchema });
}

export const pceDataQueryOptions = queryOptions({
  queryKey: ['mandates', 'pce-data'] as const,
  queryFn: getPceData,
  staleTime: 60 * 1000,
});

export function usePceData() {
  return useQuery(pceDataQueryOptions);
}
