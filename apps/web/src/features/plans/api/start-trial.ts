import { startTrialResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/** `POST /api/account/trial/ {}`: starts the 14-day business trial (once per user, from the free tier). */
export function startTrial() {
  return api.post('/api/account/trial/', {}, { schema: startTrialResponseSchema });
}

/** The tier changes: the usage and the session (its tier) are read again. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: () => refreshPlanState(queryClient),
  });
}
