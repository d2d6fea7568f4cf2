import { mandateDownloadResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/admin/mandates/:id/download/` → short-lived signed links to the sealed PDF, asked for at the click. */
export function getStaffMandateDownload(id: string) {
  return api.get(`/api/admin/mandates/${encodeURIComponent(id)}/download/`, { schema: mandateDownloadResponseSchema });
}

export function useStaffMandateDownload() {
  return useMutation({ mutationFn: getStaffMandateDownload });
}
