import {
  type InvitationBody,
  invitationPreviewSchema,
  organisationInvitationSchema,
  organisationInvitationsPageSchema,
  organisationOkSchema,
  organisationSchema,
  type PageQuery,
} from '@pilote/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsKey } from './keys.ts';

const base = (id: string) => `/api/organisations/${encodeURIComponent(id)}/invitations`;

/** `GET /api/organisations/:id/invitations`: pending invitations (admins and owners). */
export function invitationsQueryOptions(id: string, query: PageQuery, enabled: boolean) {
  return queryOptions({
    queryKey: [...organisationsKey, id, 'invitations', query],
    queryFn: () => api.get(base(id), { query: { ...query }, schema: organisationInvitationsPageSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvitations(id: string, query: PageQuery, enabled: boolean) {
  return useQuery(invitationsQueryOptions(id, query, enabled));
}

/** `POST /api/organisations/:id/invitations` (mails the link) and `DELETE …/:invitationId` (revoke). */
export function useInvitationChanges(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...organisationsKey, id, 'invitations'] });
  return {
    invite: useMutation({
      mutationFn: (body: InvitationBody) => api.post(base(id), body, { schema: organisationInvitationSchema }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        api.delete(`${base(id)}/${encodeURIComponent(invitationId)}`, { schema: organisationOkSchema }),
      onSuccess,
    }),
  };
}

/** `GET /api/organisations/invitations/preview?token=` (no session needed). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [...organisationsKey, 'invitation-preview', token],
    queryFn: () =>
      api.get('/api/organisations/invitations/preview', {
        query: { token },
        schema: invitationPreviewSchema,
        auth: false,
      }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** `POST /api/organisations/invitations/accept`: join; the organisation becomes the active one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/organisations/invitations/accept', { token }, { schema: organisationSchema }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
