import { staffMandateResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffMandatesQueryKey } from './get-staff-mandates.ts';

/** `POST /api/admin/mandates/:id/reject/` `{ reason }` — sent → rejected; the customer is mailed the reason. */
export function rejectMandate({ id, reason }: { id: string; reason: string }) {
  return api.post(
    `/api/admin/mandates/${encodeURIComponent(id)}/reject/`,
    { reason },
    { schema: staffMandateResponseSchema },
  );
}

export function useRejectMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMandatesQueryKey }),
  });
}
