import { healthResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthRoutesOptions {
  pingDatabase: () => Promise<void>;
}

export const HEALTH_DATABASE_DOWN_MESSAGE = 'La base de données ne répond pas.';

/**
 * GET /api/health: 200 when the database answers, 503 otherwise (load balancers read the status). The ping has
 * its own short timeout (DATABASE_HEALTH_TIMEOUT_MS): a stalled database answers 503 quickly, not after minutes.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { pingDatabase }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Exploitation'],
        summary: 'État du service et de la base de données',
        response: { 200: healthResponseSchema, 503: healthResponseSchema.describe('Base de données injoignable.') },
      },
    },
    async (request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await pingDatabase();
        return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok', uptimeSeconds });
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable');
        return reply
          .status(503)
          .header('Cache-Control', 'no-store')
          .send({ status: 'degraded', database: 'error', uptimeSeconds, error: HEALTH_DATABASE_DOWN_MESSAGE });
      }
    },
  );
};
