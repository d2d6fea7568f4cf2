import { organisationSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activeOrganisationKey } from './keys.ts';

/** `GET /api/organisations/active`: the organisation the header shows (remembered server-side). */
export function getActiveOrganisation() {
  return api.get('/api/organisations/active', { schema: organisationSchema });
}

export const activeOrganisationQueryOptions = queryOptions({
  queryKey: activeOrganisationKey,
  queryFn: getActiveOrganisation,
  staleTime: 60_000,
});

export function useActiveOrganisation() {
  return useQuery(activeOrganisationQueryOptions);
}
