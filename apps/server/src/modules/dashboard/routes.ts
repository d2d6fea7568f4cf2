import { dashboardSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { DashboardService } from './service.ts';

/** /api/dashboard/ (issue #24 §4, ADR 0074), registered as `signedIn(dashboardRoutes)`. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  app.get(
    '/api/dashboard/',
    {
      schema: {
        tags: ['Tableau de bord'],
        summary: 'Les chiffres de l’organisation active (sites, coûts, économies, anomalies, mandats, données)',
        response: { 200: dashboardSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.get(request.actor),
  );
};
