import { localActionResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/** `POST /api/payments/local/portal/:id/cancel {}` → `{url, subscription, tier}`: cancels at period end (the plan stays until then). */
export function cancelLocalSubscription(id: string) {
  const session = encodeURIComponent(id);
  return api.post(`/api/payments/local/portal/${session}/cancel`, {}, { schema: localActionResponseSchema });
}

export function useCancelLocalSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelLocalSubscription, onSuccess: () => refreshPlanState(queryClient) });
}
