import { mandateResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mandatesQueryKey } from './get-mandates.ts';

/** `POST /api/mandates/:id/send/` — pending → sent (mailed to the manager). */
export function sendMandate(id: string) {
  return api.post(`/api/mandates/${encodeURIComponent(id)}/send/`, {}, { schema: mandateResponseSchema });
}

export function useSendMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatesQueryKey }),
  });
}
