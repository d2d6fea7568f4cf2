import { type AdminBugReportsQuery, adminBugReportsResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const BUG_REPORTS_PAGE_SIZE = 10;
export const bugReportsQueryKey = ['admin', 'bug-reports'] as const;

/** `GET /api/admin/bug-reports?status=&severity=&page=&pageSize=` (staff and admins), newest first. */
export function getBugReports(query: AdminBugReportsQuery) {
  return api.get('/api/admin/bug-reports', {
    query: { page: query.page, pageSize: query.pageSize, status: query.status, severity: query.severity },
    schema: adminBugReportsResponseSchema,
  });
}

export function bugReportsQueryOptions(query: AdminBugReportsQuery) {
  return queryOptions({
    queryKey: [...bugReportsQueryKey, 'list', query],
    queryFn: () => getBugReports(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useBugReports(query: AdminBugReportsQuery) {
  return useQuery(bugReportsQueryOptions(query));
}
