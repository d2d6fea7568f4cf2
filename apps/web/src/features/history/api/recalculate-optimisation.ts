import { optimisationRecalculationSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';
import { optimisationHistoryKey } from './get-optimisation-history.ts';

/** `POST /api/optimisation/optimisations/:id/recalculate`: a new optimisation with today's grids, and what changed. */
export function recalculateOptimisation(id: string) {
  return api.post(
    `/api/optimisation/optimisations/${encodeURIComponent(id)}/recalculate`,
    {},
    { schema: optimisationRecalculationSchema },
  );
}

/** A recalculation is an optimisation: one unit of the quota, a new entry of the history. */
export function useRecalculateOptimisation() {
  const queryClient = useQueryClient();
  const invalidateUsage = useInvalidateUsage();
  return useMutation({
    mutationFn: recalculateOptimisation,
    onSettled: () => {
      invalidateUsage();
      return queryClient.invalidateQueries({ queryKey: optimisationHistoryKey });
    },
  });
}
