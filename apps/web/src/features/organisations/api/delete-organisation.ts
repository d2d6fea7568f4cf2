import { organisationOkSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsKey } from './keys.ts';

/** `DELETE /api/organisations/:id` (owners; never their only organisation). */
export function deleteOrganisation(id: string) {
  return api.delete(`/api/organisations/${encodeURIComponent(id)}`, { schema: organisationOkSchema });
}

/** `POST /api/organisations/:id/leave` (never the last owner). */
export function leaveOrganisation(id: string) {
  return api.post(`/api/organisations/${encodeURIComponent(id)}/leave`, {}, { schema: organisationOkSchema });
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKey }),
  });
}

export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKey }),
  });
}
