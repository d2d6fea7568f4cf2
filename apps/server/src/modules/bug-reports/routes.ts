import {
  adminBugReportsQuerySchema,
  adminBugReportsResponseSchema,
  BUG_SCREENSHOT_MAX_CHARS,
  bugReportBodySchema,
  bugReportCreatedSchema,
  bugReportDetailSchema,
  bugReportIdParamsSchema,
  bugReportStatusBodySchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIpRateLimit } from '../../adapters/rate-limit/index.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { BugReportService } from './service.ts';

/** Reports per client IP and window accepted by POST /api/common/bug-reports/ (ADR 0035). */
export const BUG_REPORT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
/** The JSON body: the screenshot's data URL plus the text fields. */
const BUG_REPORT_BODY_LIMIT = BUG_SCREENSHOT_MAX_CHARS + 64 * 1024;

export interface BugReportRoutesOptions {
  service: BugReportService;
  rateLimit?: { max: number; windowMs: number };
}

/**
 * POST /api/common/bug-reports/ — anyone (CSRF-checked like every POST, rate-limited per IP; the signed-in user
 * is linked when a session is present). Staff and admins: GET /api/admin/bug-reports, GET …/:id,
 * PATCH …/:id (status with a note).
 */
export const bugReportRoutes: FastifyPluginAsyncZod<BugReportRoutesOptions> = async (
  app,
  { service, rateLimit = BUG_REPORT_RATE_LIMIT },
) => {
  app.post(
    '/api/common/bug-reports/',
    {
      bodyLimit: BUG_REPORT_BODY_LIMIT,
      config: perIpRateLimit(rateLimit),
      schema: {
        tags: ['Rapports de bugs'],
        summary: 'Envoyer un rapport de bug (visiteurs anonymes compris)',
        body: bugReportBodySchema,
        response: { 201: bugReportCreatedSchema, ...errorResponses(400, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const actor = await app.resolveActor(request);
      const created = await service.submit(actor, request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  await app.register(
    signedIn(async (scope) => {
      scope.get(
        '/api/admin/bug-reports',
        {
          schema: {
            tags: ['Administration'],
            summary: 'Rapports de bugs (filtres statut et gravité, paginé, plus récents d’abord)',
            querystring: adminBugReportsQuerySchema,
            response: { 200: adminBugReportsResponseSchema, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => service.list(request.actor, request.query),
      );
      scope.get(
        '/api/admin/bug-reports/:id',
        {
          schema: {
            tags: ['Administration'],
            summary: 'Détail d’un rapport de bug (lien signé vers la capture)',
            params: bugReportIdParamsSchema,
            response: { 200: bugReportDetailSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.get(request.actor, request.params.id),
      );
      scope.patch(
        '/api/admin/bug-reports/:id',
        {
          schema: {
            tags: ['Administration'],
            summary: 'Changer le statut d’un rapport (nouveau → en cours → résolu / rejeté, avec une note)',
            params: bugReportIdParamsSchema,
            body: bugReportStatusBodySchema,
            response: { 200: bugReportDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.changeStatus(request.actor, request.params.id, request.body),
      );
    }),
  );
};
