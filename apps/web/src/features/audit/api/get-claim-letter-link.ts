import { claimLetterLinkResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /api/audits/:id/claim-letter-link` → a signed link (1 hour) to the claim letter PDF, asked when the user
 * clicks the download button; the PDF itself is rendered in a worker thread on the first download.
 */
export function getClaimLetterLink(auditId: string) {
  return api.get(`/api/audits/${encodeURIComponent(auditId)}/claim-letter-link`, {
    schema: claimLetterLinkResponseSchema,
  });
}

export function useClaimLetterLink() {
  return useMutation({ mutationFn: getClaimLetterLink });
}
