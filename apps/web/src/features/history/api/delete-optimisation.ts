import { historyDeleteResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { optimisationHistoryKey } from './get-optimisation-history.ts';

/** `DELETE /api/optimisation/optimisations/:id` (the owner's only). */
export function deleteOptimisation(id: string) {
  return api.delete(`/api/optimisation/optimisations/${encodeURIComponent(id)}`, {
    schema: historyDeleteResponseSchema,
  });
}

export function useDeleteOptimisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOptimisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optimisationHistoryKey }),
  });
}
