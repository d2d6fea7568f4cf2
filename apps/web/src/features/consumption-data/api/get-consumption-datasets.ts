import {
  type ConsumptionDatasetList,
  consumptionDatasetListSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  type PageQuery,
} from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Rows per page of the dataset table. */
export const CONSUMPTION_DATASETS_PAGE_SIZE = PAGE_SIZE_DEFAULT;
/** The optimisation form offers the newest datasets, one page at the largest size the API allows. */
export const DATASET_CHOICES = { page: 1, pageSize: PAGE_SIZE_MAX } as const;

/** `GET /api/consumption-data/?page=&pageSize=` → one page of the signed-in user's datasets, newest first. */
export function getConsumptionDatasets(query: PageQuery): Promise<ConsumptionDatasetList> {
  return api.get('/api/consumption-data/', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: consumptionDatasetListSchema,
  });
}

/** Prefix of every page's key: creating or deleting a dataset invalidates them all. */
export const consumptionDatasetsQueryKey = ['consumption-data', 'list'] as const;

export function consumptionDatasetsQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...consumptionDatasetsQueryKey, query],
    queryFn: () => getConsumptionDatasets(query),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

export function useConsumptionDatasets(query: PageQuery) {
  return useQuery(consumptionDatasetsQueryOptions(query));
}
