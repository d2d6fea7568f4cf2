import {
  type CreateConsumptionDataBody,
  type CreateConsumptionDataResponse,
  createConsumptionDataResponseSchema,
} from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { consumptionDatasetsQueryKey } from './get-consumption-datasets.ts';

/**
 * `POST /api/consumption-data/` with the file's text in a JSON body. A bad row answers 400 with the line-numbered
 * French message in `error` (every message in `details`); nothing is stored then.
 */
export function createConsumptionDataset(body: CreateConsumptionDataBody): Promise<CreateConsumptionDataResponse> {
  return api.post('/api/consumption-data/', body, { schema: createConsumptionDataResponseSchema });
}

export function useCreateConsumptionDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsumptionDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionDatasetsQueryKey }),
  });
}
