import {
  adminPlanEventsQuerySchema,
  adminPlanEventsResponseSchema,
  adminResetUsageBodySchema,
  adminSetTierBodySchema,
  adminUserIdParamsSchema,
  adminUserPlanResponseSchema,
  startTrialBodySchema,
  startTrialResponseSchema,
  usageResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { PlansService } from './service.ts';

/**
 * The signed-in user's usage and trial, and the admin panel's plan endpoints: registered inside the signed-in
 * scope (401 first, no-store); the service checks roles (ADR 0009) and answers 404 for an unknown user.
 */
export const plansRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.get(
    '/api/account/usage/',
    {
      schema: {
        tags: ['Compte'],
        summary: 'Plan, période et consommation des quotas de l’utilisateur connecté',
        response: { 200: usageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.usage(request.actor),
  );

  app.post(
    '/api/account/trial/',
    {
      schema: {
        tags: ['Compte'],
        summary: 'Démarrer l’essai gratuit de 14 jours (une fois, depuis le plan Gratuit)',
        body: startTrialBodySchema,
        response: { 200: startTrialResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.startTrial(request.actor),
  );

  const adminTags = ['Administration'];

  app.get(
    '/api/admin/users/:id/plan',
    {
      schema: {
        tags: adminTags,
        summary: 'Plan, période et consommation de l’organisation active d’un utilisateur',
        params: adminUserIdParamsSchema,
        response: { 200: adminUserPlanResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminUserPlan(request.actor, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id/tier',
    {
      schema: {
        tags: adminTags,
        summary: 'Changer le niveau d’abonnement de l’organisation active d’un utilisateur (administrateur)',
        params: adminUserIdParamsSchema,
        body: adminSetTierBodySchema,
        response: { 200: adminUserPlanResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminSetTier(request.actor, request.params.id, request.body.tier),
  );

  app.post(
    '/api/admin/users/:id/usage/reset',
    {
      schema: {
        tags: adminTags,
        summary:
          'Remettre à zéro un compteur de la période en cours de l’organisation active d’un utilisateur (administrateur)',
        params: adminUserIdParamsSchema,
        body: adminResetUsageBodySchema,
        response: { 200: adminUserPlanResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminResetUsage(request.actor, request.params.id, request.body.feature),
  );

  app.get(
    '/api/admin/users/:id/plan-events',
    {
      schema: {
        tags: adminTags,
        summary: 'Historique des changements de niveau et des remises à zéro (paginé)',
        params: adminUserIdParamsSchema,
        querystring: adminPlanEventsQuerySchema,
        response: { 200: adminPlanEventsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminPlanEvents(request.actor, request.params.id, request.query),
  );
};
