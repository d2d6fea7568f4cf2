import { type AdminUsersQuery, adminUsersResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ADMIN_USERS_PAGE_SIZE = 20;

/** `GET /api/admin/users?q=&page=&pageSize=` (staff and admin; 401/403 otherwise). */
export function getAdminUsers(query: AdminUsersQuery) {
  return api.get('/api/admin/users', {
    query: { q: query.q, page: query.page, pageSize: query.pageSize },
    schema: adminUsersResponseSchema,
  });
}

export const adminUsersQueryKey = ['admin', 'users'] as const;

export function adminUsersQueryOptions(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, query],
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
