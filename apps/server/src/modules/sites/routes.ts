import {
  siteActivitySchema,
  siteAuditLinkSchema,
  siteAuditParamsSchema,
  siteBodySchema,
  siteDeleteResponseSchema,
  siteExportQuerySchema,
  siteIdParamsSchema,
  siteImportBodySchema,
  siteImportPreviewSchema,
  siteImportResultSchema,
  siteListQuerySchema,
  siteSchema,
  sitesPageSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import type { SitesService } from './service.ts';

/** The import's JSON body carries the file as base64 (≤ 5 MB, so ≈ 6.7 MB of text): above the app's 1 MB. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const tags = ['Sites'];

/**
 * /api/sites/* (issue #24 §2, ADR 0068), registered as `signedIn(sitesRoutes)`: 401 before anything else. Thin:
 * the service finds the active organisation, checks the role (viewers read) and answers 404 for any other
 * organisation's site.
 */
export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.addHook('preValidation', async (request) => {
    requireJsonBody(request);
  });

  app.get(
    '/api/sites/',
    {
      schema: {
        tags,
        summary: 'Les sites de l’organisation active (paginés, triés et filtrés par le serveur)',
        description:
          '`sort` : name, -name, pce, -pce, createdAt, -createdAt ; `q` : le nom ou le PCE contient ; `tag` : porte cette étiquette ; `option` : T1…T4, TP ; `data` : missing (aucune donnée de consommation), stale (plus de 45 jours) ou missing-or-stale (les liens du tableau de bord).',
        querystring: siteListQuerySchema,
        response: { 200: sitesPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(request.actor, request.query),
  );

  app.post(
    '/api/sites/',
    {
      schema: {
        tags,
        summary: 'Créer un site (membre et au-delà)',
        body: siteBodySchema,
        response: { 201: siteSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.actor, request.body)),
  );

  app.post(
    '/api/sites/import/',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Aperçu d’un import de sites (CSV ou XLSX) : rien n’est enregistré',
        description:
          'Le fichier est lu ligne par ligne ; chaque ligne en erreur est donnée avec sa colonne et un message en français. Confirmer avec POST /api/sites/import/confirm et le même fichier.',
        body: siteImportBodySchema,
        response: { 200: siteImportPreviewSchema, ...errorResponses(400, 401, 403, 413, 415, 503) },
      },
    },
    async (request) => service.previewImport(request.actor, request.body),
  );

  app.post(
    '/api/sites/import/confirm',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Confirmer un import de sites : enregistre les lignes valides du fichier',
        body: siteImportBodySchema,
        response: { 201: siteImportResultSchema, ...errorResponses(400, 401, 403, 413, 415, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.confirmImport(request.actor, request.body)),
  );

  app.get(
    '/api/sites/export/',
    {
      schema: {
        tags,
        summary: 'Exporter les sites de l’organisation (CSV ou XLSX, les colonnes de l’import)',
        querystring: siteExportQuerySchema,
        response: {
          200: {
            description: 'Le fichier, en pièce jointe.',
            content: {
              'text/csv': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: z.any().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (request, reply) => {
      const file = await service.export(request.actor, request.query.format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );

  app.get(
    '/api/sites/:id',
    {
      schema: {
        tags,
        summary: 'Un site',
        params: siteIdParamsSchema,
        response: { 200: siteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.put(
    '/api/sites/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un site (tous les champs ; membre et au-delà)',
        params: siteIdParamsSchema,
        body: siteBodySchema,
        response: { 200: siteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/sites/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un site (ses résultats restent, sans site ; membre et au-delà)',
        params: siteIdParamsSchema,
        response: { 200: siteDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(request.actor, request.params.id),
  );

  app.put(
    '/api/sites/:id/audits/:auditId',
    {
      schema: {
        tags,
        summary: 'Rattacher un audit de facture au site (membre et au-delà)',
        params: siteAuditParamsSchema,
        response: { 200: siteAuditLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.attachAudit(request.actor, request.params.id, request.params.auditId),
  );

  app.get(
    '/api/sites/:id/activity',
    {
      schema: {
        tags,
        summary: 'Ce qui concerne un site : relevés, mandats (par PCE), simulations, optimisations, audits',
        params: siteIdParamsSchema,
        response: { 200: siteActivitySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.activity(request.actor, request.params.id),
  );
};
