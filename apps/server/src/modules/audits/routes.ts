import {
  auditDetailSchema,
  auditIdParamsSchema,
  auditListQuerySchema,
  auditListSchema,
  auditReviewValuesSchema,
  claimLetterLinkResponseSchema,
  claimLetterQuerySchema,
  confirmReviewResponseSchema,
  createAuditBodySchema,
  createAuditResponseSchema,
  qualifyDuplicateBodySchema,
  signUploadBodySchema,
  signUploadResponseSchema,
  startAuditResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { pdfRateLimit } from '../../adapters/rate-limit/index.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { LetterSender } from './claim-letter.ts';
import type { AuditsService } from './service.ts';

const tags = ['Audit de factures'];

export interface AuditsRoutesOptions {
  service: AuditsService;
  /** Downloads of the claim letter per client IP (same limit as the simulation PDF). */
  pdfRateLimit: ReturnType<typeof pdfRateLimit>;
  /** The letter's sender (the audit's owner and their organisation). */
  /** The letter's sender: the author and the audit's organisation (ADR 0066). */
  customerOf: (userId: string, organisationId: string) => Promise<LetterSender>;
}

/**
 * /api/audits/*: signed-in users; every id is checked against its owner in the service (404 to others). The claim
 * letter link carries its own signature, like the simulation PDF (ADR 0012, 0034).
 */
export const auditsRoutes: FastifyPluginAsyncZod<AuditsRoutesOptions> = async (
  app,
  { service, pdfRateLimit, customerOf },
) => {
  await app.register(
    signedIn(async (scope) => {
      scope.addHook('preValidation', async (request) => {
        requireJsonBody(request);
      });

      scope.post(
        '/api/audits/sign-upload',
        {
          schema: {
            tags,
            summary: 'Obtenir une URL signée (PUT, usage unique, expirante) pour déposer une facture',
            body: signUploadBodySchema,
            response: { 200: signUploadResponseSchema, ...errorResponses(400, 401, 403, 415) },
          },
        },
        async (request) => service.signUpload(request.actor, request.body),
      );

      scope.post(
        '/api/audits/create',
        {
          schema: {
            tags,
            summary: 'Créer un audit à partir du fichier déposé (contrôle des octets, 20 Mo au plus)',
            body: createAuditBodySchema,
            response: { 201: createAuditResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
          },
        },
        async (request, reply) => reply.status(201).send(await service.create(request.actor, request.body)),
      );

      scope.post(
        '/api/audits/:id/start/',
        {
          schema: {
            tags,
            summary: 'Lancer l’audit (file de tâches ; une unité du quota « Audits de factures »)',
            params: auditIdParamsSchema,
            body: z.object({}).optional(),
            response: { 202: startAuditResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
          },
        },
        async (request, reply) => reply.status(202).send(await service.start(request.actor, request.params.id)),
      );

      scope.get(
        '/api/audits/',
        {
          schema: {
            tags,
            summary: 'Mes audits (paginé, plus récents d’abord)',
            querystring: auditListQuerySchema,
            response: { 200: auditListSchema, ...errorResponses(400, 401) },
          },
        },
        async (request) => service.list(request.actor, request.query),
      );

      scope.get(
        '/api/audits/:id/',
        {
          schema: {
            tags,
            summary: 'Un audit : statut, facture lue, contrôles et anomalies',
            params: auditIdParamsSchema,
            response: { 200: auditDetailSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.detail(request.actor, request.params.id),
      );

      scope.post(
        '/api/audits/:id/duplicate-qualification',
        {
          schema: {
            tags,
            summary:
              'Qualifier une facture antérieure couvrant la même période : doublon, facture rectificative ou facture distincte',
            params: auditIdParamsSchema,
            body: qualifyDuplicateBodySchema,
            response: { 200: auditDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.qualifyDuplicate(request.actor, request.params.id, request.body),
      );

      scope.post(
        '/api/audits/:id/review',
        {
          schema: {
            tags,
            summary:
              'Compléter un audit « À compléter » : confirmer ou corriger les valeurs demandées, puis lancer les contrôles (une unité du quota)',
            params: auditIdParamsSchema,
            body: auditReviewValuesSchema,
            response: { 202: confirmReviewResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
          },
        },
        async (request, reply) =>
          reply.status(202).send(await service.confirmReview(request.actor, request.params.id, request.body)),
      );

      scope.get(
        '/api/audits/:id/document',
        {
          schema: {
            tags,
            summary: 'La facture PDF ou l’image déposée (aperçu de l’étape « À compléter »)',
            params: auditIdParamsSchema,
            response: {
              200: {
                description: 'Le PDF, ou l’image PNG ou JPEG (document numérisé), déposé.',
                content: {
                  'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                  'image/png': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                  'image/jpeg': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                },
              },
              ...errorResponses(400, 401, 404, 409),
            },
          },
        },
        async (request, reply) => {
          const { bytes, contentType } = await service.document(request.actor, request.params.id);
          return reply
            .header('Content-Type', contentType)
            .header('Content-Disposition', 'inline')
            .header('Cache-Control', 'private, no-store')
            .send(Buffer.from(bytes));
        },
      );

      scope.get(
        '/api/audits/:id/claim-letter-link',
        {
          schema: {
            tags,
            summary: 'Lien signé de la lettre de réclamation (PDF)',
            params: auditIdParamsSchema,
            response: { 200: claimLetterLinkResponseSchema, ...errorResponses(400, 401, 404, 409) },
          },
        },
        async (request) => service.claimLetterLink(request.actor, request.params.id),
      );
    }),
  );

  app.get(
    '/api/audits/:id/claim-letter',
    {
      config: pdfRateLimit,
      schema: {
        tags,
        summary: 'Lettre de réclamation d’un audit (lien signé, sans session)',
        params: auditIdParamsSchema,
        querystring: claimLetterQuerySchema,
        response: {
          200: {
            description: 'La lettre de réclamation, en pièce jointe.',
            content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(400, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await service.claimLetter(
        request.params.id,
        request.query.exp,
        request.query.sig,
        customerOf,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
