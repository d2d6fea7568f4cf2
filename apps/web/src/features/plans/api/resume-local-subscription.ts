import { localActionResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/** `POST /api/payments/local/portal/:id/resume {}` → `{url, subscription, tier}`: undoes a cancel before the period end. */
export function resumeLocalSubscription(id: string) {
  const session = encodeURIComponent(id);
  return api.post(`/api/payments/local/portal/${session}/resume`, {}, { schema: localActionResponseSchema });
}

export function useResumeLocalSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeLocalSubscription, onSuccess: () => refreshPlanState(queryClient) });
}
