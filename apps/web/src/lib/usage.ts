import { USAGE_CACHE_SECONDS, usageResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** `GET /api/account/usage/` (signed in): the user, the billing period and the usage of every feature (spec §3). */
export function getUsage() {
  return api.get('/api/account/usage/', { schema: usageResponseSchema });
}

export const usageQueryKey = ['plans', 'usage'] as const;

/** Spec §9: the usage is cached 60 s; a simulation, an optimisation or a PDF invalidates it. */
export function usageQueryOptions() {
  return queryOptions({
    queryKey: usageQueryKey,
    queryFn: getUsage,
    staleTime: USAGE_CACHE_SECONDS * 1000,
  });
}

export function useUsage() {
  return useQuery(usageQueryOptions());
}

/** Marks the usage stale after an action that counts (simulation, optimisation, PDF): read again when shown. */
export function useInvalidateUsage() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: usageQueryKey });
}
