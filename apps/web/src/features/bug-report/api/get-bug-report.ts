import { bugReportDetailSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bugReportsQueryKey } from './get-bug-reports.ts';

/** `GET /api/admin/bug-reports/:id` (staff and admins): the report with a short-lived screenshot link. */
export function getBugReport(id: string) {
  return api.get(`/api/admin/bug-reports/${encodeURIComponent(id)}`, { schema: bugReportDetailSchema });
}

export function bugReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...bugReportsQueryKey, 'detail', id],
    queryFn: () => getBugReport(id),
    staleTime: 0,
  });
}

export function useBugReport(id: string) {
  return useQuery(bugReportQueryOptions(id));
}
