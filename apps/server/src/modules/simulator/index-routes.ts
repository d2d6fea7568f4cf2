import { pageQuerySchema, simulatorIndexResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { SimulatorIndex } from './simulator-index.ts';

/** `GET /api/simulator/`, in the signed-in scope (registered as `signedIn(simulatorIndexRoutes)`). */
export const simulatorIndexRoutes: FastifyPluginAsyncZod<{ index: SimulatorIndex }> = async (app, { index }) => {
  app.get(
    '/api/simulator/',
    {
      schema: {
        tags: ['Simulateur'],
        summary: 'Mes simulations et les adresses du simulateur',
        description:
          'Les simulations de l’utilisateur connecté, de la plus récente à la plus ancienne (paginées), avec leurs totaux fixes, et les adresses des appels du simulateur (options, simulation, lien du PDF).',
        querystring: pageQuerySchema,
        response: { 200: simulatorIndexResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => index.list(request.actor, request.query),
  );
};
