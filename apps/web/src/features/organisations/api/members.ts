import {
  type OrganisationRole,
  organisationMembersPageSchema,
  organisationOkSchema,
  type PageQuery,
} from '@pilote/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsKey } from './keys.ts';

const base = (id: string) => `/api/organisations/${encodeURIComponent(id)}`;

/** `GET /api/organisations/:id/members` (paginated; owners first). */
export function getMembers(id: string, query: PageQuery) {
  return api.get(`${base(id)}/members`, { query: { ...query }, schema: organisationMembersPageSchema });
}

export function membersQueryOptions(id: string, query: PageQuery) {
  return queryOptions({
    queryKey: [...organisationsKey, id, 'members', query],
    queryFn: () => getMembers(id, query),
    placeholderData: keepPreviousData,
  });
}

export function useMembers(id: string, query: PageQuery) {
  return useQuery(membersQueryOptions(id, query));
}

/** `PATCH /api/organisations/:id/members/:userId`, `DELETE` the same, `POST …/transfer`. */
export function useMemberChanges(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: organisationsKey });
  return {
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: OrganisationRole }) =>
        api.patch(`${base(id)}/members/${encodeURIComponent(userId)}`, { role }, { schema: organisationOkSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        api.delete(`${base(id)}/members/${encodeURIComponent(userId)}`, { schema: organisationOkSchema }),
      onSuccess,
    }),
    transfer: useMutation({
      mutationFn: (userId: string) => api.post(`${base(id)}/transfer`, { userId }, { schema: organisationOkSchema }),
      onSuccess,
    }),
  };
}
