import { billingRedirectResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/payments/create-portal-session/ {}` → `{url}`: the billing portal (Stripe, or the demo page). */
export function createPortalSession() {
  return api.post('/api/payments/create-portal-session/', {}, { schema: billingRedirectResponseSchema });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
