import { mandateDownloadResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /api/mandates/:id/download/` → `{ view_url, download_url, filename }`: short-lived signed links, asked for at
 * the moment of the click (never cached), hence a mutation.
 */
export function getMandateDownload(id: string) {
  return api.get(`/api/mandates/${encodeURIComponent(id)}/download/`, { schema: mandateDownloadResponseSchema });
}

export function useMandateDownload() {
  return useMutation({ mutationFn: getMandateDownload });
}
