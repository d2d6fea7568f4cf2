import { type AdminOutboxQuery, adminOutboxResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const OUTBOX_PAGE_SIZE = 10;

/** `GET /api/admin/outbox?page=&pageSize=` (admin: full mails; staff: headers only). */
export function getOutbox(query: AdminOutboxQuery) {
  return api.get('/api/admin/outbox', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: adminOutboxResponseSchema,
  });
}

export function outboxQueryOptions(query: AdminOutboxQuery) {
  return queryOptions({
    queryKey: ['admin', 'outbox', query],
    queryFn: () => getOutbox(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOutbox(query: AdminOutboxQuery) {
  return useQuery(outboxQueryOptions(query));
}
