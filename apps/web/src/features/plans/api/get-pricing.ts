import { pricingResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/payments/pricing/` — public, sent without credentials (spec §7): the plans, the trial offer, the provider. */
export function getPricing() {
  return api.get('/api/payments/pricing/', { auth: false, credentials: 'omit', schema: pricingResponseSchema });
}

export const pricingQueryKey = ['plans', 'pricing'] as const;

export function pricingQueryOptions() {
  return queryOptions({
    queryKey: pricingQueryKey,
    queryFn: getPricing,
    staleTime: 5 * 60 * 1000,
  });
}

export function usePricing() {
  return useQuery(pricingQueryOptions());
}
