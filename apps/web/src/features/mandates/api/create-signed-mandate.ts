import { mandateResponseSchema, type SignedMandateBody } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mandatesQueryKey } from './get-mandates.ts';

/** `POST /api/mandates/create-signed/` — `{ mandate, signature }` (PNG data URL) → 201 `{ mandate }`. */
export function createSignedMandate(body: SignedMandateBody) {
  return api.post('/api/mandates/create-signed/', body, { schema: mandateResponseSchema });
}

export function useCreateSignedMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSignedMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatesQueryKey }),
  });
}
