import {
  consumptionDatasetDetailSchema,
  consumptionDatasetIdParamsSchema,
  consumptionDatasetListSchema,
  consumptionDatasetSummaryQuerySchema,
  consumptionDatasetSummaryResponseSchema,
  consumptionDeleteResponseSchema,
  consumptionOverviewSchema,
  createConsumptionDataBodySchema,
  createConsumptionDataResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireJsonBody } from '../../lib/require-json.ts';
import { type ResolveActor, requireUser } from '../auth/session.ts';
import type { ConsumptionDataService } from './service.ts';

/**
 * The create route accepts a larger body than the app's 1 MB: the CSV travels as JSON text (≤ 2 000 000
 * characters, checked by the schema; escapes make the JSON somewhat larger). ADR 0013.
 */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/** /api/consumption-data/*: signed-in users only; the service only ever reads the caller's own datasets. */
export const consumptionDataRoutes: FastifyPluginAsyncZod<{
  service: ConsumptionDataService;
  resolveActor: ResolveActor;
}> = async (app, { service, resolveActor }) => {
  // Signed-out callers get 401 before their body is looked at.
  app.addHook('preValidation', async (request) => {
    requireUser(await resolveActor(request));
    requireJsonBody(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/consumption-data/', { schema: { response: { 200: consumptionDatasetListSchema } } }, async (request) =>
    service.list(await resolveActor(request)),
  );

  app.post(
    '/api/consumption-data/',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: createConsumptionDataBodySchema, response: { 201: createConsumptionDataResponseSchema } },
    },
    async (request, reply) => {
      const created = await service.create(await resolveActor(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/consumption-data/summary/',
    { schema: { response: { 200: consumptionOverviewSchema } } },
    async (request) => service.overview(await resolveActor(request)),
  );

  app.get(
    '/api/consumption-data/:id/',
    { schema: { params: consumptionDatasetIdParamsSchema, response: { 200: consumptionDatasetDetailSchema } } },
    async (request) => service.detail(await resolveActor(request), request.params.id),
  );

  app.get(
    '/api/consumption-data/:id/summary/',
    {
      schema: {
        params: consumptionDatasetIdParamsSchema,
        querystring: consumptionDatasetSummaryQuerySchema,
        response: { 200: consumptionDatasetSummaryResponseSchema },
      },
    },
    async (request) =>
      service.datasetSummary(await resolveActor(request), request.params.id, request.query.dateEffetMonth),
  );

  app.delete(
    '/api/consumption-data/:id/',
    { schema: { params: consumptionDatasetIdParamsSchema, response: { 200: consumptionDeleteResponseSchema } } },
    async (request) => service.remove(await resolveActor(request), request.params.id),
  );
};
