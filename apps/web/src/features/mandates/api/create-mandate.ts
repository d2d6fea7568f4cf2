import { mandateResponseSchema, type SimpleMandateBody } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mandatesQueryKey } from './get-mandates.ts';

/** `POST /api/mandates/` — the simple mandate (« Formulaire classique », 12 months) → 201 `{ mandate }`. */
export function createMandate(body: SimpleMandateBody) {
  return api.post('/api/mandates/', body, { schema: mandateResponseSchema });
}

export function useCreateMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatesQueryKey }),
  });
}
