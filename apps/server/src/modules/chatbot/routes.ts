import { chatbotRequestSchema, chatbotResponseSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { ChatbotService } from './service.ts';

/** Beyond this the body is refused with 413 before it is parsed (message + history fit well below). */
export const CHATBOT_BODY_LIMIT = 128 * 1024;

/** POST /api/chatbot/ — signed in (401 before the body is read), CSRF, one unit of the plan's quota per answer. */
export const chatbotRoutes: FastifyPluginAsyncZod<{ service: ChatbotService }> = async (app, { service }) => {
  await app.register(
    signedIn(async (scope) => {
      scope.post(
        '/api/chatbot/',
        {
          bodyLimit: CHATBOT_BODY_LIMIT,
          schema: {
            tags: ['Chatbot'],
            summary: 'Poser une question à l’assistant (réponse et passages cités)',
            body: chatbotRequestSchema,
            response: { 200: chatbotResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
          },
        },
        async (request) => service.answer(request.actor, request.body),
      );
    }),
  );
};
