import { authProvidersResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/common/auth-providers/`: is Google sign-in configured on this instance? */
export function getAuthProviders() {
  return api.get('/api/common/auth-providers/', { schema: authProvidersResponseSchema, auth: false });
}

export function authProvidersQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 5 * 60 * 1000 });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
