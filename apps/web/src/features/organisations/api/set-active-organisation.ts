import { organisationSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `PUT /api/organisations/active`: switch organisation; the server remembers it. */
export function setActiveOrganisation(organisationId: string) {
  return api.put('/api/organisations/active', { organisationId }, { schema: organisationSchema });
}

export function useSetActiveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveOrganisation,
    // Everything the user sees may belong to the organisation: read it again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
