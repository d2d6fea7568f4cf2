import { optimisationHistoryPageSchema, type PageQuery } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/optimisation/optimisations/?page=&pageSize=`: the caller's optimisations, newest first. */
export function getOptimisationHistory(query: PageQuery) {
  return api.get('/api/optimisation/optimisations/', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: optimisationHistoryPageSchema,
  });
}

export const optimisationHistoryKey = ['history', 'optimisations'] as const;

export function optimisationHistoryQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...optimisationHistoryKey, 'list', query],
    queryFn: () => getOptimisationHistory(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOptimisationHistory(query: PageQuery) {
  return useQuery(optimisationHistoryQueryOptions(query));
}
