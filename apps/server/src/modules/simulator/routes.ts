import { isDeepStrictEqual } from 'node:util';
import {
  communePitdParamsSchema,
  communePitdResponseSchema,
  resultSiteQuerySchema,
  type SimulateResponse,
  simulateBodySchema,
  simulateResponseSchema,
  simulationIdParamsSchema,
  simulationPdfLinkResponseSchema,
  simulationPdfQuerySchema,
  simulatorOptionsParamsSchema,
  simulatorOptionsQuerySchema,
  simulatorOptionsResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { pdfRateLimit } from '../../adapters/rate-limit/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ConcurrencyLimiter } from '../../lib/concurrency-limiter.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { LOAD_SHED_MESSAGE, LOAD_SHED_RETRY_AFTER_SECONDS } from '../../plugins/load-shedding.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { SimulatorService } from './service.ts';

const tags = ['Simulateur'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's simulation limiter (ADR 0038; tests hold its slots to observe the queue). */
    simulations: ConcurrencyLimiter;
  }
}

/** Every simulation slot is taken and the queue is full (SIMULATE_CONCURRENCY, SIMULATE_QUEUE_MAX). */
export class SimulationsBusyError extends Error {
  constructor() {
    super('simulation queue is full');
    this.name = 'SimulationsBusyError';
  }
}

/** The limiter of simulations of one app (ADR 0038). */
export function simulationLimiter(options: { concurrency: number; queueMax: number }): ConcurrencyLimiter {
  return new ConcurrencyLimiter(
    { maxConcurrent: options.concurrency, maxQueued: options.queueMax },
    () => new SimulationsBusyError(),
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Outside production (tests, `npm run dev`), the answer written as text is checked against what the response schema's
 * serializer would have answered (ADR 0075): the same value once encoded, nothing stripped, nothing refused.
 */
export function checkAnswer(response: SimulateResponse, json: string): void {
  const encoded = simulateResponseSchema.safeEncode(response);
  if (!encoded.success) {
    throw new Error(`simulate answer refused by its schema: ${encoded.error.message}`);
  }
  if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(encoded.data)))) {
    throw new Error('simulate answer differs from its schema-encoded value');
  }
}

/** Seconds a client is asked to wait when every PDF render slot is taken. */
const PDF_BUSY_RETRY_AFTER_SECONDS = 5;

export interface SimulatorRoutesOptions {
  service: SimulatorService;
  /**
   * Simulations run at once (ADR 0038): the others wait here, before any statement, so that a burst of simulations
   * cannot fill the database queue (PGlite's one connection, PostgreSQL's pool) that the light routes share.
   */
  simulations: ConcurrencyLimiter;
  /** Downloads of the PDF per client IP (ADR 0018). */
  pdfRateLimit: ReturnType<typeof pdfRateLimit>;
  /** Checks simulate's JSON text against its response schema (outside production, ADR 0075). */
  checkResponses: boolean;
}

/** /api/simulator/*: signed-in users (the service checks); the PDF link carries its own signature (ADR 0012). */
export const simulatorRoutes: FastifyPluginAsyncZod<SimulatorRoutesOptions> = async (
  app,
  { service, pdfRateLimit, simulations, checkResponses },
) => {
  await app.register(
    signedIn(async (scope) => {
      scope.get(
        '/api/simulator/options/:point/',
        {
          schema: {
            tags,
            summary: 'Options tarifaires d’un point de réseau',
            params: simulatorOptionsParamsSchema,
            querystring: simulatorOptionsQuerySchema,
            response: { 200: simulatorOptionsResponseSchema, ...errorResponses(400, 401, 422) },
          },
        },
        async (request) => service.options(request.actor, request.params.point, request.query),
      );
      scope.get(
        '/api/simulator/communes/:insee/pitd',
        {
          schema: {
            tags,
            summary: 'PITD d’une commune (code INSEE de la recherche d’adresse)',
            description:
              'Les PITD qui desservent la commune dans la table en service (importée, sinon la table officielle livrée : ADR 0051), avec leur NTR ; plusieurs quand la commune en a plusieurs, aucun quand elle n’est pas desservie.',
            params: communePitdParamsSchema,
            response: { 200: communePitdResponseSchema, ...errorResponses(400, 401) },
          },
        },
        async (request) => service.communePitd(request.actor, request.params.insee),
      );

      scope.post(
        '/api/simulator/simulate/',
        {
          schema: {
            tags,
            summary: 'Simuler le coût d’acheminement',
            querystring: resultSiteQuerySchema,
            body: simulateBodySchema,
            response: { 200: simulateResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503) },
          },
        },
        async (request, reply) => {
          try {
            const { response, json } = await simulations.run(() =>
              service.simulateAsJson(request.actor, request.body, { siteId: request.query.site }),
            );
            if (checkResponses) {
              checkAnswer(response, json);
            }
            // The JSON text as it is (ADR 0075): the result's text is the one stored; fastify sends a string typed
            // JSON without its serializer (the response schema's encode, then a second JSON.stringify of ~10 kB).
            return reply.type(JSON_TYPE).send(json as unknown as SimulateResponse);
          } catch (error) {
            if (error instanceof SimulationsBusyError) {
              reply.header('Retry-After', String(LOAD_SHED_RETRY_AFTER_SECONDS));
              throw new AppError('SERVICE_UNAVAILABLE', LOAD_SHED_MESSAGE);
            }
            throw error;
          }
        },
      );

      scope.get(
        '/api/simulator/simulations/:id/pdf-link',
        {
          schema: {
            tags,
            summary: 'Lien signé de téléchargement du PDF d’une simulation',
            params: simulationIdParamsSchema,
            response: { 200: simulationPdfLinkResponseSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.pdfLink(request.actor, request.params.id),
      );
    }),
  );

  app.get(
    '/api/simulator/simulations/:id/pdf',
    {
      config: pdfRateLimit,
      schema: {
        tags,
        summary: 'PDF d’une simulation (lien signé, sans session)',
        params: simulationIdParamsSchema,
        querystring: simulationPdfQuerySchema,
        response: {
          200: {
            description: 'Le PDF de la simulation, en pièce jointe.',
            content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await service
        .pdf(request.params.id, request.query.exp, request.query.sig)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
            reply.header('Retry-After', String(PDF_BUSY_RETRY_AFTER_SECONDS));
          }
          throw error;
        });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
