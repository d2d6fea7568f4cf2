import { historyDeleteResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { simulationHistoryKey } from './get-simulation-history.ts';

/** `DELETE /api/simulator/simulations/:id` (the owner's only). */
export function deleteSimulation(id: string) {
  return api.delete(`/api/simulator/simulations/${encodeURIComponent(id)}`, { schema: historyDeleteResponseSchema });
}

export function useDeleteSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSimulation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulationHistoryKey }),
  });
}
