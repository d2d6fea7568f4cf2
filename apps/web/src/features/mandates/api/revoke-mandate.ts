import { mandateResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mandatesQueryKey } from './get-mandates.ts';

/** `POST /api/mandates/:id/revoke/` `{ confirmation }` — the delivery point number typed by the user. */
export function revokeMandate({ id, confirmation }: { id: string; confirmation: string }) {
  return api.post(
    `/api/mandates/${encodeURIComponent(id)}/revoke/`,
    { confirmation },
    { schema: mandateResponseSchema },
  );
}

export function useRevokeMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatesQueryKey }),
  });
}
