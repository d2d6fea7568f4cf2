import { consumptionDeleteResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { consumptionDatasetsQueryKey } from './get-consumption-datasets.ts';

/** `DELETE /api/consumption-data/:id/` (the owner only; 404 for anyone else). */
export function deleteConsumptionDataset(id: string) {
  return api.delete(`/api/consumption-data/${encodeURIComponent(id)}/`, { schema: consumptionDeleteResponseSchema });
}

export function useDeleteConsumptionDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConsumptionDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionDatasetsQueryKey }),
  });
}
