import {
  activeOrganisationBodySchema,
  invitationAcceptBodySchema,
  invitationBodySchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  memberRoleBodySchema,
  organisationBodySchema,
  organisationIdParamsSchema,
  organisationInvitationParamsSchema,
  organisationInvitationSchema,
  organisationInvitationsPageSchema,
  organisationMemberParamsSchema,
  organisationMembersPageSchema,
  organisationOkSchema,
  organisationSchema,
  organisationsPageSchema,
  organisationsQuerySchema,
  transferOwnershipBodySchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/actor.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { OrganisationsService } from './service.ts';

const tags = ['Organisations'];
const ok = { ok: true } as const;

/**
 * /api/organisations/* (ADR 0061): signed in, except the preview of an invitation link (the token is the secret).
 * Authorisation is in the service: 404 for an organisation the caller is not a member of, 403 for a low role.
 */
export const organisationsRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/organisations/invitations/preview',
    {
      schema: {
        tags,
        summary: 'Ce à quoi invite un lien d’invitation (organisation, adresse, rôle, état)',
        querystring: invitationPreviewQuerySchema,
        response: { 200: invitationPreviewSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.preview(request.query.token);
    },
  );

  await app.register(
    signedIn(async (scope) => {
      scope.get(
        '/api/organisations/',
        {
          schema: {
            tags,
            summary: 'Mes organisations (paginé), avec mon rôle dans chacune',
            querystring: organisationsQuerySchema,
            response: { 200: organisationsPageSchema, ...errorResponses(400, 401) },
          },
        },
        async (request) => service.list(requireUser(request.actor), request.query),
      );
      scope.post(
        '/api/organisations/',
        {
          schema: {
            tags,
            summary: 'Créer une organisation (j’en suis propriétaire ; elle devient l’organisation active)',
            body: organisationBodySchema,
            response: { 201: organisationSchema, ...errorResponses(400, 401, 403) },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await service.create(requireUser(request.actor), request.body)),
      );
      scope.get(
        '/api/organisations/active',
        {
          schema: {
            tags,
            summary: 'L’organisation active (la dernière choisie, sinon la première)',
            response: { 200: organisationSchema, ...errorResponses(401) },
          },
        },
        async (request) => service.active(requireUser(request.actor)),
      );
      scope.put(
        '/api/organisations/active',
        {
          schema: {
            tags,
            summary: 'Changer d’organisation active (mémorisé)',
            body: activeOrganisationBodySchema,
            response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.setActive(requireUser(request.actor), request.body.organisationId),
      );
      scope.post(
        '/api/organisations/invitations/accept',
        {
          schema: {
            tags,
            summary: 'Accepter une invitation (compte de l’adresse invitée, une seule fois, 7 jours)',
            body: invitationAcceptBodySchema,
            response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.accept(requireUser(request.actor), request.body.token),
      );
      scope.get(
        '/api/organisations/:id',
        {
          schema: {
            tags,
            summary: 'Une organisation dont je suis membre',
            params: organisationIdParamsSchema,
            response: { 200: organisationSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.get(requireUser(request.actor), request.params.id),
      );
      scope.patch(
        '/api/organisations/:id',
        {
          schema: {
            tags,
            summary: 'Modifier l’identité (nom, SIREN, TVA, adresse) — administrateurs et propriétaires',
            params: organisationIdParamsSchema,
            body: organisationBodySchema,
            response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.update(requireUser(request.actor), request.params.id, request.body),
      );
      scope.delete(
        '/api/organisations/:id',
        {
          schema: {
            tags,
            summary: 'Supprimer l’organisation — propriétaires, jamais leur seule organisation',
            params: organisationIdParamsSchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          await service.remove(requireUser(request.actor), request.params.id);
          return ok;
        },
      );
      scope.get(
        '/api/organisations/:id/members',
        {
          schema: {
            tags,
            summary: 'Membres (paginé) : propriétaires, administrateurs, membres, lecteurs',
            params: organisationIdParamsSchema,
            querystring: organisationsQuerySchema,
            response: { 200: organisationMembersPageSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.members(requireUser(request.actor), request.params.id, request.query),
      );
      scope.patch(
        '/api/organisations/:id/members/:userId',
        {
          schema: {
            tags,
            summary: 'Changer le rôle d’un membre (il reste toujours un propriétaire)',
            params: organisationMemberParamsSchema,
            body: memberRoleBodySchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          await service.changeRole(
            requireUser(request.actor),
            request.params.id,
            request.params.userId,
            request.body.role,
          );
          return ok;
        },
      );
      scope.delete(
        '/api/organisations/:id/members/:userId',
        {
          schema: {
            tags,
            summary: 'Retirer un membre',
            params: organisationMemberParamsSchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          await service.removeMember(requireUser(request.actor), request.params.id, request.params.userId);
          return ok;
        },
      );
      scope.post(
        '/api/organisations/:id/leave',
        {
          schema: {
            tags,
            summary: 'Quitter l’organisation (pas le dernier propriétaire)',
            params: organisationIdParamsSchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          await service.leave(requireUser(request.actor), request.params.id);
          return ok;
        },
      );
      scope.post(
        '/api/organisations/:id/transfer',
        {
          schema: {
            tags,
            summary: 'Transférer la propriété à un membre (l’ancien propriétaire devient administrateur)',
            params: organisationIdParamsSchema,
            body: transferOwnershipBodySchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          await service.transfer(requireUser(request.actor), request.params.id, request.body.userId);
          return ok;
        },
      );
      scope.get(
        '/api/organisations/:id/invitations',
        {
          schema: {
            tags,
            summary: 'Invitations en attente (paginé) — administrateurs et propriétaires',
            params: organisationIdParamsSchema,
            querystring: organisationsQuerySchema,
            response: { 200: organisationInvitationsPageSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.invitations(requireUser(request.actor), request.params.id, request.query),
      );
      scope.post(
        '/api/organisations/:id/invitations',
        {
          schema: {
            tags,
            summary: 'Inviter par e-mail (lien à usage unique valable 7 jours)',
            params: organisationIdParamsSchema,
            body: invitationBodySchema,
            response: { 201: organisationInvitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await service.invite(requireUser(request.actor), request.params.id, request.body)),
      );
      scope.delete(
        '/api/organisations/:id/invitations/:invitationId',
        {
          schema: {
            tags,
            summary: 'Annuler une invitation en attente',
            params: organisationInvitationParamsSchema,
            response: { 200: organisationOkSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          await service.revokeInvitation(requireUser(request.actor), request.params.id, request.params.invitationId);
          return ok;
        },
      );
    }),
  );
};
