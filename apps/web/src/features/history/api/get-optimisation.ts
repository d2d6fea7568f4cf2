import { optimisationDetailSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { optimisationHistoryKey } from './get-optimisation-history.ts';

/** `GET /api/optimisation/optimisations/:id`: the summary, the request and the whole answer (null before 0017). */
export function getOptimisation(id: string) {
  return api.get(`/api/optimisation/optimisations/${encodeURIComponent(id)}`, { schema: optimisationDetailSchema });
}

export function optimisationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...optimisationHistoryKey, 'detail', id],
    queryFn: () => getOptimisation(id),
    retry: false,
  });
}

export function useOptimisation(id: string | null) {
  return useQuery({ ...optimisationQueryOptions(id ?? ''), enabled: id !== null });
}
