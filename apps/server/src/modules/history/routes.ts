import {
  historyDeleteResponseSchema,
  historyIdParamsSchema,
  optimisationDetailSchema,
  optimisationHistoryPageSchema,
  optimisationRecalculationSchema,
  pageQuerySchema,
  simulationDetailSchema,
  simulationHistoryPageSchema,
  simulationRecalculationSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { LOAD_SHED_MESSAGE, LOAD_SHED_RETRY_AFTER_SECONDS } from '../../plugins/load-shedding.ts';
import { SimulationsBusyError } from '../simulator/routes.ts';
import type { HistoryService } from './service.ts';

/**
 * The history of results (issue #24 §3, ADR 0064), in the signed-in scope (registered as `signedIn(historyRoutes)`):
 * simulations under the simulator's `/api/simulator/simulations/`, optimisations under `/api/optimisation/optimisations/`.
 * DELETE and POST go through the CSRF check like every state-changing request.
 */
export const historyRoutes: FastifyPluginAsyncZod<{ service: HistoryService }> = async (app, { service }) => {
  const simulator = ['Simulateur'];
  const optimisation = ['Optimisation'];

  app.get(
    '/api/simulator/simulations/',
    {
      schema: {
        tags: simulator,
        summary: 'Historique des simulations',
        description:
          'Les simulations de l’utilisateur connecté, de la plus récente à la plus ancienne (paginées) : point, gestionnaire, option, période et total annuel HT.',
        querystring: pageQuerySchema,
        response: { 200: simulationHistoryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.simulations(request.actor, request.query),
  );

  app.get(
    '/api/simulator/simulations/:id',
    {
      schema: {
        tags: simulator,
        summary: 'Rouvrir une simulation',
        description:
          'La simulation enregistrée, dans la forme de la réponse de POST /api/simulator/simulate/ (avec un lien PDF neuf), avec sa date et le formulaire qui l’a produite.',
        params: historyIdParamsSchema,
        response: { 200: simulationDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.simulation(request.actor, request.params.id),
  );

  app.delete(
    '/api/simulator/simulations/:id',
    {
      schema: {
        tags: simulator,
        summary: 'Supprimer une simulation',
        params: historyIdParamsSchema,
        response: { 200: historyDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.deleteSimulation(request.actor, request.params.id),
  );

  app.post(
    '/api/simulator/simulations/:id/recalculate',
    {
      schema: {
        tags: simulator,
        summary: 'Recalculer une simulation avec les grilles du jour',
        description:
          'Relance la simulation avec le même formulaire au mois en cours (une nouvelle simulation : une unité du quota, une nouvelle entrée de l’historique) et donne l’écart ligne par ligne, au centime.',
        params: historyIdParamsSchema,
        response: { 200: simulationRecalculationSchema, ...errorResponses(400, 401, 403, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      try {
        return await service.recalculate(request.actor, request.params.id);
      } catch (error) {
        if (error instanceof SimulationsBusyError) {
          reply.header('Retry-After', String(LOAD_SHED_RETRY_AFTER_SECONDS));
          throw new AppError('SERVICE_UNAVAILABLE', LOAD_SHED_MESSAGE);
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/optimisation/optimisations/',
    {
      schema: {
        tags: optimisation,
        summary: 'Historique des optimisations',
        description:
          'Les optimisations de la CJA de l’utilisateur connecté, de la plus récente à la plus ancienne (paginées) : CJA recommandée et économie en €/an.',
        querystring: pageQuerySchema,
        response: { 200: optimisationHistoryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.optimisations(request.actor, request.query),
  );

  app.get(
    '/api/optimisation/optimisations/:id',
    {
      schema: {
        tags: optimisation,
        summary: 'Rouvrir une optimisation',
        description:
          'L’optimisation enregistrée : son résumé, et — depuis la migration 0017 — la requête qui l’a produite (`input`, un corps que POST /api/optimisation/ accepte tel quel) et la réponse entière (`result`) ; `null` pour les plus anciennes, dont seul le résumé a été gardé.',
        params: historyIdParamsSchema,
        response: { 200: optimisationDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.optimisation(request.actor, request.params.id),
  );

  app.post(
    '/api/optimisation/optimisations/:id/recalculate',
    {
      schema: {
        tags: optimisation,
        summary: 'Recalculer une optimisation avec les grilles du jour',
        description:
          'Relance l’optimisation avec la même requête au mois en cours (une nouvelle optimisation : une unité du quota, une nouvelle entrée de l’historique) et donne l’écart ligne par ligne, au centime. 409 pour une optimisation enregistrée sans son détail (avant la migration 0017).',
        params: historyIdParamsSchema,
        response: {
          200: optimisationRecalculationSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request) => service.recalculateOptimisation(request.actor, request.params.id),
  );

  app.delete(
    '/api/optimisation/optimisations/:id',
    {
      schema: {
        tags: optimisation,
        summary: 'Supprimer une optimisation',
        params: historyIdParamsSchema,
        response: { 200: historyDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.deleteOptimisation(request.actor, request.params.id),
  );
};
