import { type ConsumptionDatasetList, consumptionDatasetListSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/consumption-data/` → the signed-in user's datasets, newest first. */
export function getConsumptionDatasets(): Promise<ConsumptionDatasetList> {
  return api.get('/api/consumption-data/', { schema: consumptionDatasetListSchema });
}

export const consumptionDatasetsQueryKey = ['consumption-data', 'list'] as const;

export function consumptionDatasetsQueryOptions() {
  return queryOptions({
    queryKey: consumptionDatasetsQueryKey,
    queryFn: getConsumptionDatasets,
    staleTime: 30 * 1000,
  });
}

export function useConsumptionDatasets() {
  return useQuery(consumptionDatasetsQueryOptions());
}
