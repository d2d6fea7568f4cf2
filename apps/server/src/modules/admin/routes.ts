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
import { type ResolveActor, requireUser } from '../auth/session.ts';
import type { AdminService } from './service.ts';

/** /api/admin/*: every call resolves the caller and the service checks the role (401 / 403). */
export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService; resolveActor: ResolveActor }> = async (
  app,
  { service, resolveActor },
) => {
  // Signed-out callers get 401 before their query or body is looked at; roles are checked by the service.
  app.addHook('preValidation', async (request) => {
    requireUser(await resolveActor(request));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/admin/users',
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } },
    async (request) => service.listUsers(await resolveActor(request), request.query),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        params: adminUserIdParamsSchema,
        body: adminSetRoleBodySchema,
        response: { 200: adminSetRoleResponseSchema },
      },
    },
    async (request) => service.setRole(await resolveActor(request), request.params.id, request.body.role),
  );

  app.get(
    '/api/admin/outbox',
    { schema: { querystring: adminOutboxQuerySchema, response: { 200: adminOutboxResponseSchema } } },
    async (request) => service.listOutbox(await resolveActor(request), request.query),
  );
};
