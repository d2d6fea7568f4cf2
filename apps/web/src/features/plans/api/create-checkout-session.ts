import { billingRedirectResponseSchema, type CreateCheckoutSessionBody } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/payments/create-checkout-session/ {plan}` → `{url}`: the browser goes there (Stripe, or the demo page). */
export function createCheckoutSession(body: CreateCheckoutSessionBody) {
  return api.post('/api/payments/create-checkout-session/', body, { schema: billingRedirectResponseSchema });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
