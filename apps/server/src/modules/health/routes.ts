import { healthResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthRoutesOptions {
  pingDatabase: () => Promise<void>;
}

/** GET /api/health: 200 when the database answers, 503 otherwise (load balancers read the status). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { pingDatabase }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
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
          .send({ status: 'degraded', database: 'error', uptimeSeconds });
      }
    },
  );
};
