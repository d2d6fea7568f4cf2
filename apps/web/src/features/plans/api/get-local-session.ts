import { localSessionResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/payments/local/sessions/:id` — a demonstration checkout or portal session of the caller (404 otherwise). */
export function getLocalSession(id: string) {
  return api.get(`/api/payments/local/sessions/${encodeURIComponent(id)}`, { schema: localSessionResponseSchema });
}

export const localSessionQueryKey = ['plans', 'local-session'] as const;

export function localSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...localSessionQueryKey, id],
    queryFn: () => getLocalSession(id),
    staleTime: 0,
  });
}

export function useLocalSession(id: string) {
  return useQuery(localSessionQueryOptions(id));
}
