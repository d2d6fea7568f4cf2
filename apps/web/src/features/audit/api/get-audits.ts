import { type AuditList, auditListSchema, type PageQuery } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/audits/?page=&pageSize=` → the signed-in user's audits, newest first. */
export function getAudits(query: PageQuery): Promise<AuditList> {
  return api.get('/api/audits/', { query: { page: query.page, pageSize: query.pageSize }, schema: auditListSchema });
}

export const auditsQueryKey = ['audit', 'list'] as const;

/** While an audit of the page is queued or running, the list is polled every 2 s. */
export const AUDIT_POLL_MS = 2000;

export function auditsQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...auditsQueryKey, query],
    queryFn: () => getAudits(query),
    placeholderData: keepPreviousData,
    staleTime: 5 * 1000,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => item.status === 'queued' || item.status === 'running')
        ? AUDIT_POLL_MS
        : false,
  });
}

export function useAudits(query: PageQuery) {
  return useQuery(auditsQueryOptions(query));
}
