import { accountMeResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResolveActor } from '../auth/session.ts';
import { getMe } from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ resolveActor: ResolveActor }> = async (app, { resolveActor }) => {
  app.get('/api/account/me', { schema: { response: { 200: accountMeResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getMe(await resolveActor(request));
  });
};
