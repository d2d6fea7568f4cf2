import { mandateVerifyResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/mandates/:id/verify/` — is the stored PDF still the sealed one (hash recorded at signing, PAdES seal). */
export function verifyMandate(id: string) {
  return api.get(`/api/mandates/${encodeURIComponent(id)}/verify/`, { schema: mandateVerifyResponseSchema });
}

/** A check run on demand (« Vérifier le sceau »), never served from a cache. */
export function useVerifyMandate() {
  return useMutation({ mutationFn: verifyMandate });
}
