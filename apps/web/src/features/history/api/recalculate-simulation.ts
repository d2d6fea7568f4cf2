import { simulationRecalculationSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';
import { simulationHistoryKey } from './get-simulation-history.ts';

/** `POST /api/simulator/simulations/:id/recalculate`: a new simulation with today's grids, and what changed. */
export function recalculateSimulation(id: string) {
  return api.post(
    `/api/simulator/simulations/${encodeURIComponent(id)}/recalculate`,
    {},
    {
      schema: simulationRecalculationSchema,
    },
  );
}

/** A recalculation is a simulation: one unit of the quota, a new entry of the history. */
export function useRecalculateSimulation() {
  const queryClient = useQueryClient();
  const invalidateUsage = useInvalidateUsage();
  return useMutation({
    mutationFn: recalculateSimulation,
    onSettled: () => {
      invalidateUsage();
      return queryClient.invalidateQueries({ queryKey: simulationHistoryKey });
    },
  });
}
