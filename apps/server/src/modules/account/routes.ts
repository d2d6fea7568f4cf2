import { accountMeResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { Entitlements } from '../plans/entitlements.ts';
import { getMe } from './service.ts';

/** /api/account/me: registered inside the signed-in scope (plugins/signed-in.ts); the tier is the plan's (ADR 0078). */
export const accountRoutes: FastifyPluginAsyncZod<{ entitlements: Entitlements }> = async (app, { entitlements }) => {
  app.get(
    '/api/account/me',
    {
      schema: {
        tags: ['Compte'],
        summary: 'Utilisateur connecté',
        response: { 200: accountMeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => getMe(request.actor, entitlements),
  );
};
