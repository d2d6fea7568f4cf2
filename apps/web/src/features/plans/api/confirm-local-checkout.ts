import { localActionResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/** `POST /api/payments/local/sessions/:id/confirm {}` → `{url, subscription, tier}`: pays the demonstration checkout (signed local events, same entitlement code as Stripe webhooks). */
export function confirmLocalCheckout(id: string) {
  const session = encodeURIComponent(id);
  return api.post(`/api/payments/local/sessions/${session}/confirm`, {}, { schema: localActionResponseSchema });
}

export function useConfirmLocalCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmLocalCheckout, onSuccess: () => refreshPlanState(queryClient) });
}
