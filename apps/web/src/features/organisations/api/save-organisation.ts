import { type OrganisationBodyInput, organisationSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsKey } from './keys.ts';

/** `POST /api/organisations/` (create; it becomes the active one). */
export function createOrganisation(body: OrganisationBodyInput) {
  return api.post('/api/organisations/', body, { schema: organisationSchema });
}

/** `PATCH /api/organisations/:id`: the identity (admins and owners). */
export function updateOrganisation({ id, body }: { id: string; body: OrganisationBodyInput }) {
  return api.patch(`/api/organisations/${encodeURIComponent(id)}`, body, { schema: organisationSchema });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    // It becomes the active one: everything the user sees may belong to the organisation — its objects, its plan,
    // the session's tier (ADR 0078) — read it all again, as a switch does.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKey }),
  });
}
