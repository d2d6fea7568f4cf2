import { optimisationBodySchema, optimisationResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireJsonBody } from '../../lib/require-json.ts';
import { type ResolveActor, requireUser } from '../auth/session.ts';
import type { OptimisationService } from './service.ts';

/** POST /api/optimisation/: signed-in users only (401 before the body is read), CSRF like every POST. */
export const optimisationRoutes: FastifyPluginAsyncZod<{
  service: OptimisationService;
  resolveActor: ResolveActor;
}> = async (app, { service, resolveActor }) => {
  app.addHook('preValidation', async (request) => {
    requireUser(await resolveActor(request));
    requireJsonBody(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/optimisation/',
    { schema: { body: optimisationBodySchema, response: { 200: optimisationResponseSchema } } },
    async (request) => service.optimise(await resolveActor(request), request.body),
  );
};
