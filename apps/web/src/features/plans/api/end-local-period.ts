import { localActionResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshPlanState } from '../utils/refresh-plan-state.ts';

/** `POST /api/payments/local/portal/:id/end-period {}` → `{url, subscription, tier}`: demonstration only, makes the current period end now (renewal, or free after a cancel; ADR 0027). */
export function endLocalPeriod(id: string) {
  const session = encodeURIComponent(id);
  return api.post(`/api/payments/local/portal/${session}/end-period`, {}, { schema: localActionResponseSchema });
}

export function useEndLocalPeriod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endLocalPeriod, onSuccess: () => refreshPlanState(queryClient) });
}
