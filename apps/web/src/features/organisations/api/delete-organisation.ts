import { organisationOkSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

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
    // The active organisation may be the one gone: the server falls back to another, so everything is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganisation,
    // The active organisation may be the one gone: the server falls back to another, so everything is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
