import {
  consumptionDatasetDetailSchema,
  consumptionDatasetIdParamsSchema,
  consumptionDatasetListQuerySchema,
  consumptionDatasetListSchema,
  consumptionDatasetSummaryQuerySchema,
  consumptionDatasetSummaryResponseSchema,
  consumptionDeleteResponseSchema,
  consumptionOverviewSchema,
  createConsumptionDataBodySchema,
  createConsumptionDataResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import type { ConsumptionDataService } from './service.ts';

/**
 * The create route accepts a larger body than the app's 1 MB: the CSV travels as JSON text (≤ 2 000 000
 * characters, checked by the schema; escapes make the JSON somewhat larger). ADR 0013.
 */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;
const tags = ['Données de consommation'];

/**
 * /api/consumption-data/*: inside the signed-in scope (401 before the body is looked at); the service only ever
 * reads the caller's own datasets (another user's id answers 404).
 */
export const consumptionDataRoutes: FastifyPluginAsyncZod<{ service: ConsumptionDataService }> = async (
  app,
  { service },
) => {
  app.addHook('preValidation', async (request) => {
    requireJsonBody(request);
  });

  app.get(
    '/api/consumption-data/',
    {
      schema: {
        tags,
        summary: 'Mes jeux de relevés (paginé, plus récents d’abord)',
        querystring: consumptionDatasetListQuerySchema,
        response: { 200: consumptionDatasetListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(request.actor, request.query),
  );

  app.post(
    '/api/consumption-data/',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Importer un CSV de relevés journaliers',
        body: createConsumptionDataBodySchema,
        response: { 201: createConsumptionDataResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.actor, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/consumption-data/summary/',
    {
      schema: {
        tags,
        summary: 'Totaux par PCE sur tous mes jeux',
        response: { 200: consumptionOverviewSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.overview(request.actor),
  );

  app.get(
    '/api/consumption-data/:id/',
    {
      schema: {
        tags,
        summary: 'Un jeu de relevés et sa série journalière',
        params: consumptionDatasetIdParamsSchema,
        response: { 200: consumptionDatasetDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.detail(request.actor, request.params.id),
  );

  app.get(
    '/api/consumption-data/:id/summary/',
    {
      schema: {
        tags,
        summary: 'Totaux mensuels d’un jeu et l’année retenue par l’optimiseur',
        params: consumptionDatasetIdParamsSchema,
        querystring: consumptionDatasetSummaryQuerySchema,
        response: { 200: consumptionDatasetSummaryResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.datasetSummary(request.actor, request.params.id, request.query.dateEffetMonth),
  );

  app.delete(
    '/api/consumption-data/:id/',
    {
      schema: {
        tags,
        summary: 'Supprimer un jeu de relevés',
        params: consumptionDatasetIdParamsSchema,
        response: { 200: consumptionDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(request.actor, request.params.id),
  );
};
