import { type AdminContactMessagesQuery, adminContactMessagesResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const CONTACT_MESSAGES_PAGE_SIZE = 10;

/** `GET /api/admin/contact-messages?page=&pageSize=` (staff and admins), newest first. */
export function getContactMessages(query: AdminContactMessagesQuery) {
  return api.get('/api/admin/contact-messages', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: adminContactMessagesResponseSchema,
  });
}

export function contactMessagesQueryOptions(query: AdminContactMessagesQuery) {
  return queryOptions({
    queryKey: ['admin', 'contact-messages', query],
    queryFn: () => getContactMessages(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useContactMessages(query: AdminContactMessagesQuery) {
  return useQuery(contactMessagesQueryOptions(query));
}
