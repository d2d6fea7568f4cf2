import { type BugReportStatus, bugReportDetailSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bugReportsQueryKey } from './get-bug-reports.ts';

/** `PATCH /api/admin/bug-reports/:id` (staff and admins): the next status with a note. */
export function setBugReportStatus({ id, status, note }: { id: string; status: BugReportStatus; note: string }) {
  return api.patch(
    `/api/admin/bug-reports/${encodeURIComponent(id)}`,
    { status, note },
    { schema: bugReportDetailSchema },
  );
}

export function useSetBugReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBugReportStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bugReportsQueryKey }),
  });
}
