import { accountMeResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { getMe } from './service.ts';

/** /api/account/*: registered inside the signed-in scope (plugins/signed-in.ts). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/me',
    {
      schema: {
        tags: ['Compte'],
        summary: 'Utilisateur connecté',
        response: { 200: accountMeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => getMe(request.actor),
  );
};
