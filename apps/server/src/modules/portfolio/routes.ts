import {
  pageQuerySchema,
  portfolioExportQuerySchema,
  portfolioResultsPageSchema,
  portfolioResultsQuerySchema,
  portfolioRunParamsSchema,
  portfolioRunSchema,
  portfolioRunsPageSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { requireJsonBody } from '../../lib/require-json.ts';
import type { PortfolioService } from './service.ts';

const tags = ['Tableau de bord'];
const base = '/api/dashboard/portfolio-optimisations';

/**
 * « Optimiser tout le portefeuille » (issue #24 §4–§5, ADR 0077), registered as `signedIn(portfolioRoutes)`. The
 * service checks the role (viewers read, members start and cancel) and answers 404 for another organisation's run.
 */
export const portfolioRoutes: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (app, { service }) => {
  app.addHook('preValidation', async (request) => {
    requireJsonBody(request);
  });

  app.post(
    `${base}/`,
    {
      schema: {
        tags,
        summary:
          'Optimiser tout le portefeuille : lance le calcul sur chaque site qui a des données (membre et au-delà)',
        description:
          'Répond 202 avec le calcul en cours ; suivre sa progression avec GET …/{id}. Un seul calcul à la fois par organisation (409).',
        response: { 202: portfolioRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await service.start(request.actor)),
  );

  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'Les optimisations du portefeuille de l’organisation active, la plus récente d’abord',
        querystring: pageQuerySchema,
        response: { 200: portfolioRunsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(request.actor, request.query),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'État et progression d’une optimisation du portefeuille',
        params: portfolioRunParamsSchema,
        response: { 200: portfolioRunSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.post(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        summary: 'Annuler une optimisation du portefeuille : elle s’arrête après le lot en cours (membre et au-delà)',
        params: portfolioRunParamsSchema,
        response: { 200: portfolioRunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.cancel(request.actor, request.params.id),
  );

  app.get(
    `${base}/:id/results`,
    {
      schema: {
        tags,
        summary: 'Les sites d’une optimisation du portefeuille, classés par économie (€/an)',
        params: portfolioRunParamsSchema,
        querystring: portfolioResultsQuerySchema,
        response: { 200: portfolioResultsPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.results(request.actor, request.params.id, request.query),
  );

  app.get(
    `${base}/:id/export`,
    {
      schema: {
        tags,
        summary: 'Exporter le classement : tableur XLSX ou rapport PDF',
        params: portfolioRunParamsSchema,
        querystring: portfolioExportQuerySchema,
        response: {
          200: {
            description: 'Le fichier, en pièce jointe.',
            content: {
              'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: z.any().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const file = await service.export(request.actor, request.params.id, request.query.format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** « Optimiser tout le portefeuille » (ADR 0077); tests await `portfolio.settled()` for a run to stop. */
    portfolio: PortfolioService;
  }
}
