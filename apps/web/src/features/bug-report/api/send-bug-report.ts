import { type BugReportBody, bugReportCreatedSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/common/bug-reports/` (anyone; cookies travel, the signed-in user is linked by the server). */
export function sendBugReport(body: BugReportBody) {
  return api.post('/api/common/bug-reports/', body, { auth: false, schema: bugReportCreatedSchema });
}

export function useSendBugReport() {
  return useMutation({ mutationFn: sendBugReport });
}
