import { staffMandateResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffMandatesQueryKey } from './get-staff-mandates.ts';

/** `POST /api/admin/mandates/:id/activate/` — sent → active; the customer is mailed. */
export function activateMandate(id: string) {
  return api.post(
    `/api/admin/mandates/${encodeURIComponent(id)}/activate/`,
    {},
    { schema: staffMandateResponseSchema },
  );
}

export function useActivateMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateMandate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMandatesQueryKey }),
  });
}
