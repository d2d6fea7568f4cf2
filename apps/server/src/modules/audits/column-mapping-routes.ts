import {
  auditColumnsSchema,
  auditIdParamsSchema,
  columnMappingIdParamsSchema,
  columnMappingListQuerySchema,
  columnMappingListSchema,
  deleteColumnMappingResponseSchema,
  saveColumnMappingBodySchema,
  saveColumnMappingResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import type { ColumnMappingsService } from './column-mappings.ts';

const tags = ['Audit de factures'];

/**
 * Column mappings of spreadsheet and CSV exports (ADR 0085), registered as `signedIn(columnMappingRoutes)`: 401
 * first; the service checks every id against the caller's organisations (404) and role (403 for a viewer).
 */
export const columnMappingRoutes: FastifyPluginAsyncZod<{ service: ColumnMappingsService }> = async (
  app,
  { service },
) => {
  app.addHook('preValidation', async (request) => {
    requireJsonBody(request);
  });

  app.get(
    '/api/audits/column-mappings',
    {
      schema: {
        tags,
        summary: 'Correspondances de colonnes de l’organisation active (paginé, plus récentes d’abord)',
        querystring: columnMappingListQuerySchema,
        response: { 200: columnMappingListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(request.actor, request.query),
  );

  app.delete(
    '/api/audits/column-mappings/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer une correspondance de colonnes (son auteur, ou un administrateur)',
        params: columnMappingIdParamsSchema,
        response: { 200: deleteColumnMappingResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/api/audits/:id/columns',
    {
      schema: {
        tags,
        summary: 'Les colonnes d’un fichier à indiquer (« Colonnes à indiquer ») ; header null sinon',
        params: auditIdParamsSchema,
        response: { 200: auditColumnsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.columns(request.actor, request.params.id),
  );

  app.put(
    '/api/audits/:id/column-mapping',
    {
      schema: {
        tags,
        summary:
          'Indiquer le rôle des colonnes d’un fichier : la correspondance est retenue pour l’organisation et l’audit relancé (une unité du quota)',
        params: auditIdParamsSchema,
        body: saveColumnMappingBodySchema,
        response: { 202: saveColumnMappingResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.save(request.actor, request.params.id, request.body)),
  );
};
