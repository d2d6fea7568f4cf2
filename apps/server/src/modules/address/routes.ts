import { addressSearchQuerySchema, addressSearchResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { AddressSearch } from './service.ts';

/** GET /api/address/search?q= (signed in: it serves the mandate wizard). */
export const addressRoutes: FastifyPluginAsyncZod<{ search: AddressSearch }> = async (app, { search }) => {
  app.get(
    '/api/address/search',
    {
      schema: {
        tags: ['Mandats'],
        summary: 'Suggestions d’adresses (Base adresse nationale, repli codes postaux et communes)',
        querystring: addressSearchQuerySchema,
        response: { 200: addressSearchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => search.search(request.query.q),
  );
};
