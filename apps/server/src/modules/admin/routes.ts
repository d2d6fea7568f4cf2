import {
  adminOutboxQuerySchema,
  adminOutboxResponseSchema,
  adminSetRoleBodySchema,
  adminSetRoleResponseSchema,
  adminUserIdParamsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { AdminService } from './service.ts';

/**
 * /api/admin/*: registered inside the signed-in scope (401 before the query or body is looked at); the service
 * checks the role (403).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Utilisateurs (recherche, paginé)',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listUsers(request.actor, request.query),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Changer le rôle d’un utilisateur (administrateur)',
        params: adminUserIdParamsSchema,
        body: adminSetRoleBodySchema,
        response: { 200: adminSetRoleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setRole(request.actor, request.params.id, request.body.role),
  );

  app.get(
    '/api/admin/outbox',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Boîte d’envoi des e-mails (paginée)',
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listOutbox(request.actor, request.query),
  );
};
