import {
  adminContactMessagesQuerySchema,
  adminContactMessagesResponseSchema,
  contactMessageBodySchema,
  contactMessageResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIpRateLimit } from '../../adapters/rate-limit/index.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { ContactService } from './service.ts';

/** Messages per client IP and window accepted by POST /api/contact/ (a person rarely writes more). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

export interface ContactRoutesOptions {
  service: ContactService;
  rateLimit?: { max: number; windowMs: number };
}

/**
 * POST /api/contact/ — the public contact form (CSRF-checked like every state-changing call, rate-limited per IP);
 * GET /api/admin/contact-messages — staff and admins read the messages, newest first (signed-in scope: 401 before
 * the query is looked at; the service checks the role: 403).
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { service, rateLimit = CONTACT_RATE_LIMIT },
) => {
  app.post(
    '/api/contact/',
    {
      config: perIpRateLimit(rateLimit),
      schema: {
        tags: ['Contact'],
        summary: 'Envoyer un message (formulaire de contact public)',
        body: contactMessageBodySchema,
        response: { 201: contactMessageResponseSchema, ...errorResponses(400, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      await service.submit(request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ received: true });
    },
  );

  await app.register(
    signedIn(async (scope) => {
      scope.get(
        '/api/admin/contact-messages',
        {
          schema: {
            tags: ['Administration'],
            summary: 'Messages du formulaire de contact (paginé, plus récents d’abord)',
            querystring: adminContactMessagesQuerySchema,
            response: { 200: adminContactMessagesResponseSchema, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => service.list(request.actor, request.query),
      );
    }),
  );
};
