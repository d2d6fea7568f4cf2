import {
  deleteMandateQuerySchema,
  emptyBodySchema,
  MANDATE_LIMITS,
  mandateDeleteResponseSchema,
  mandateDownloadResponseSchema,
  mandateIdParamsSchema,
  mandateListQuerySchema,
  mandateListResponseSchema,
  mandatePceDataListSchema,
  mandateResponseSchema,
  mandateVerifyResponseSchema,
  patchMandateBodySchema,
  revokeMandateBodySchema,
  signedMandateBodySchema,
  simpleMandateBodySchema,
  staffMandateListQuerySchema,
  staffMandateListResponseSchema,
  staffMandateResponseSchema,
  staffRejectBodySchema,
  updateMandateBodySchema,
} from '@pilote/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { pdfRateLimit } from '../../adapters/rate-limit/index.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { MandatesService, RequestMeta } from './service.ts';

const tags = ['Mandats'];
const staffTags = ['Administration — mandats'];
/** The signature data URL (≤ 270 000 characters) plus the mandate fields. */
const SIGNED_BODY_LIMIT = MANDATE_LIMITS.signatureMaxChars + 64 * 1024;

function meta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

const pdfQuerySchema = z.object({
  aud: z.string().max(200),
  disp: z.enum(['inline', 'attachment']),
  exp: z.string().max(20),
  sig: z.string().max(100),
});

/**
 * /api/mandates/* (signed in; every id is its owner's, another user gets 404), the signed PDF link (no session),
 * and /api/admin/mandates/* (staff and admin). Services check roles and ownership; routes only pass the actor.
 */
export const mandatesRoutes: FastifyPluginAsyncZod<{
  service: MandatesService;
  /** The PDF link's per-IP limit (PDF_RATE_LIMIT_*, shared with the simulation PDF, ADR 0018). */
  pdfRateLimit: ReturnType<typeof pdfRateLimit>;
}> = async (app, { service, pdfRateLimit }) => {
  app.register(
    signedIn(async (scope) => {
      scope.addHook('preValidation', async (request) => {
        requireJsonBody(request);
      });

      scope.get(
        '/api/mandates/',
        {
          schema: {
            tags,
            summary: 'Mes mandats (paginé, plus récents d’abord ; is_active=true|false)',
            querystring: mandateListQuerySchema,
            response: { 200: mandateListResponseSchema, ...errorResponses(400, 401) },
          },
        },
        async (request) => service.list(request.actor, request.query),
      );

      scope.get(
        '/api/mandates/pce-data/',
        {
          schema: {
            tags,
            summary: 'Données des PCE récupérées par mes mandats GRDF actifs (« Utiliser les données du PCE … »)',
            response: { 200: mandatePceDataListSchema, ...errorResponses(401) },
          },
        },
        async (request) => service.operator.pceData(request.actor),
      );

      scope.post(
        '/api/mandates/',
        {
          schema: {
            tags,
            summary: 'Créer un mandat (formulaire classique, 12 mois)',
            body: simpleMandateBodySchema,
            response: { 201: mandateResponseSchema, ...errorResponses(400, 401, 403, 415, 429, 503) },
          },
        },
        async (request, reply) => {
          const mandate = await service.createSimple(request.actor, request.body, meta(request));
          return reply.status(201).send({ mandate });
        },
      );

      scope.post(
        '/api/mandates/create-signed/',
        {
          bodyLimit: SIGNED_BODY_LIMIT,
          schema: {
            tags,
            summary: 'Créer un mandat signé (assistant, signature PNG)',
            body: signedMandateBodySchema,
            response: { 201: mandateResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
          },
        },
        async (request, reply) => {
          const mandate = await service.createSigned(request.actor, request.body, meta(request));
          return reply.status(201).send({ mandate });
        },
      );

      scope.get(
        '/api/mandates/:id/',
        {
          schema: {
            tags,
            summary: 'Un de mes mandats',
            params: mandateIdParamsSchema,
            response: { 200: mandateResponseSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => ({ mandate: await service.get(request.actor, request.params.id) }),
      );

      scope.put(
        '/api/mandates/:id/',
        {
          schema: {
            tags,
            summary: 'Remplacer un mandat en attente (formulaire classique)',
            params: mandateIdParamsSchema,
            body: updateMandateBodySchema,
            response: { 200: mandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({
          mandate: await service.update(request.actor, request.params.id, request.body, false, meta(request)),
        }),
      );

      scope.patch(
        '/api/mandates/:id/',
        {
          schema: {
            tags,
            summary: 'Modifier un mandat en attente (formulaire classique)',
            params: mandateIdParamsSchema,
            body: patchMandateBodySchema,
            response: { 200: mandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({
          mandate: await service.update(request.actor, request.params.id, request.body, true, meta(request)),
        }),
      );

      scope.delete(
        '/api/mandates/:id/',
        {
          schema: {
            tags,
            summary: 'Supprimer un mandat en attente, ou révoquer un mandat (?confirmation=numéro)',
            params: mandateIdParamsSchema,
            querystring: deleteMandateQuerySchema,
            response: { 200: mandateDeleteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.remove(request.actor, request.params.id, request.query.confirmation),
      );

      scope.post(
        '/api/mandates/:id/send/',
        {
          schema: {
            tags,
            summary: 'Envoyer le mandat au gestionnaire de réseau',
            params: mandateIdParamsSchema,
            body: emptyBodySchema,
            response: { 200: mandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({ mandate: await service.send(request.actor, request.params.id) }),
      );

      scope.post(
        '/api/mandates/:id/revoke/',
        {
          schema: {
            tags,
            summary: 'Révoquer un mandat (saisir le numéro PDL/PCE)',
            params: mandateIdParamsSchema,
            body: revokeMandateBodySchema,
            response: { 200: mandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({
          mandate: await service.revoke(request.actor, request.params.id, request.body.confirmation),
        }),
      );

      scope.get(
        '/api/mandates/:id/download/',
        {
          schema: {
            tags,
            summary: 'Liens signés (quelques minutes) de consultation et de téléchargement du PDF',
            params: mandateIdParamsSchema,
            response: { 200: mandateDownloadResponseSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.download(request.actor, request.params.id),
      );

      scope.get(
        '/api/mandates/:id/verify/',
        {
          schema: {
            tags,
            summary: 'Le PDF stocké est-il toujours celui qui a été scellé ?',
            params: mandateIdParamsSchema,
            response: { 200: mandateVerifyResponseSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.verify(request.actor, request.params.id),
      );

      scope.get(
        '/api/admin/mandates/',
        {
          schema: {
            tags: staffTags,
            summary: 'File des mandats (staff) : filtres statut / gestionnaire / énergie, compteurs',
            querystring: staffMandateListQuerySchema,
            response: { 200: staffMandateListResponseSchema, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => service.staffList(request.actor, request.query),
      );

      scope.get(
        '/api/admin/mandates/:id/download/',
        {
          schema: {
            tags: staffTags,
            summary: 'Liens signés du PDF d’un mandat (staff)',
            params: mandateIdParamsSchema,
            response: { 200: mandateDownloadResponseSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.staffDownload(request.actor, request.params.id),
      );

      scope.get(
        '/api/admin/mandates/:id/verify/',
        {
          schema: {
            tags: staffTags,
            summary: 'Le PDF stocké d’un mandat est-il intact ? (staff)',
            params: mandateIdParamsSchema,
            response: { 200: mandateVerifyResponseSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.staffVerify(request.actor, request.params.id),
      );

      scope.post(
        '/api/admin/mandates/:id/activate/',
        {
          schema: {
            tags: staffTags,
            summary: 'Marquer un mandat envoyé comme actif (mail au client)',
            params: mandateIdParamsSchema,
            body: emptyBodySchema,
            response: { 200: staffMandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({ mandate: await service.activate(request.actor, request.params.id) }),
      );

      scope.post(
        '/api/admin/mandates/:id/reject/',
        {
          schema: {
            tags: staffTags,
            summary: 'Rejeter un mandat envoyé, avec un motif (mail au client)',
            params: mandateIdParamsSchema,
            body: staffRejectBodySchema,
            response: { 200: staffMandateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
          },
        },
        async (request) => ({
          mandate: await service.reject(request.actor, request.params.id, request.body.reason),
        }),
      );
    }),
  );

  app.get(
    '/api/mandates/:id/pdf/',
    {
      config: pdfRateLimit,
      schema: {
        tags,
        summary: 'PDF d’un mandat (lien signé, sans session)',
        params: mandateIdParamsSchema,
        querystring: pdfQuerySchema,
        response: {
          200: {
            description: 'Le PDF scellé du mandat.',
            content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await service.pdf(request.params.id, request.query);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `${request.query.disp}; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(bytes);
    },
  );
};
