import { type AuditReviewValues, confirmReviewResponseSchema, type StartAuditResponse } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiResponse } from '../../../lib/api-client.ts';
import { auditQueryKey } from './get-audit.ts';
import { auditsQueryKey } from './get-audits.ts';

/**
 * `POST /api/audits/:id/review` {cja, ntr…} → 202 `{ id, status: 'queued' }`: the values the user confirmed or
 * corrected in the review step; the checks then run (one unit of the quota, ADR 0071).
 */
export function confirmReview(id: string, values: AuditReviewValues): Promise<StartAuditResponse> {
  return api.post(`/api/audits/${encodeURIComponent(id)}/review`, values, { schema: confirmReviewResponseSchema });
}

export function useConfirmReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AuditReviewValues) => confirmReview(id, values),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: auditQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: auditsQueryKey }),
      ]);
    },
  });
}

/** `GET /api/audits/:id/document` → the uploaded PDF's bytes (owner only), for the page image. */
export async function getAuditDocument(id: string): Promise<Uint8Array> {
  const response = await apiResponse(`/api/audits/${encodeURIComponent(id)}/document`);
  return new Uint8Array(await response.arrayBuffer());
}
