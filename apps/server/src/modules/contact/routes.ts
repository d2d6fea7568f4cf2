import {
  adminContactMessagesQuerySchema,
  adminContactMessagesResponseSchema,
  contactMessageBodySchema,
  contactMessageResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ResolveActor, requireUser } from '../auth/session.ts';
import type { ContactService } from './service.ts';

/** Messages per client IP and window accepted by POST /api/contact/ (a person rarely writes more). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

export interface ContactRoutesOptions {
  service: ContactService;
  resolveActor: ResolveActor;
  rateLimit?: { max: number; windowMs: number };
}

/**
 * POST /api/contact/ — the public contact form (CSRF-checked like every state-changing call, rate-limited per IP);
 * GET /api/admin/contact-messages — staff and admins read the messages, newest first.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { service, resolveActor, rateLimit = CONTACT_RATE_LIMIT },
) => {
  app.post(
    '/api/contact/',
    {
      config: {
        rateLimit: {
          max: rateLimit.max,
          timeWindow: rateLimit.windowMs,
          keyGenerator: (request: { ip: string }) => request.ip,
        },
      },
      schema: { body: contactMessageBodySchema, response: { 201: contactMessageResponseSchema } },
    },
    async (request, reply) => {
      await service.submit(request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ received: true });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      // Signed-out callers get 401 before their query is looked at; the service checks the role (403).
      preValidation: async (request) => {
        requireUser(await resolveActor(request));
      },
      schema: { querystring: adminContactMessagesQuerySchema, response: { 200: adminContactMessagesResponseSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.list(await resolveActor(request), request.query);
    },
  );
};
