import { optimisationBodySchema, optimisationResponseSchema, resultSiteQuerySchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import type { OptimisationService } from './service.ts';

/** POST /api/optimisation/: inside the signed-in scope (401 before the body is read), CSRF like every POST. */
export const optimisationRoutes: FastifyPluginAsyncZod<{ service: OptimisationService }> = async (app, { service }) => {
  app.addHook('preValidation', async (request) => {
    requireJsonBody(request);
  });

  app.post(
    '/api/optimisation/',
    {
      schema: {
        tags: ['Optimisation'],
        summary: 'Optimiser la CJA',
        querystring: resultSiteQuerySchema,
        body: optimisationBodySchema,
        response: { 200: optimisationResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => service.optimise(request.actor, request.body, { siteId: request.query.site }),
  );
};
