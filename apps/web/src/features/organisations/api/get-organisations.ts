import { organisationsPageSchema, type PageQuery } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsKey } from './keys.ts';

/** `GET /api/organisations/?page=&pageSize=`: my organisations with my role in each. */
export function getOrganisations(query: PageQuery) {
  return api.get('/api/organisations/', { query: { ...query }, schema: organisationsPageSchema });
}

export function organisationsQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...organisationsKey, 'list', query],
    queryFn: () => getOrganisations(query),
    placeholderData: keepPreviousData,
  });
}

export function useOrganisations(query: PageQuery) {
  return useQuery(organisationsQueryOptions(query));
}
