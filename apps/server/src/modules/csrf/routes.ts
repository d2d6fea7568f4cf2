import { csrfTokenResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CsrfProtection } from '../../plugins/csrf.ts';

export const csrfRoutes: FastifyPluginAsyncZod<{ csrf: CsrfProtection }> = async (app, { csrf }) => {
  app.get(
    '/api/common/get-csrf-token/',
    {
      schema: {
        tags: ['Sécurité'],
        summary: 'Jeton anti-CSRF (en-tête X-CSRFToken)',
        response: { 200: csrfTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const csrfToken = csrf.issue(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { csrfToken };
    },
  );
};
