import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import {
  CHATBOT_STREAM_CONTENT_TYPE,
  type ChatbotStreamEvent,
  chatbotRequestSchema,
  chatbotResponseSchema,
  chatbotStreamEventSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { ChatbotService } from './service.ts';

/** Beyond this the body is refused with 413 before it is parsed (message + history fit well below). */
export const CHATBOT_BODY_LIMIT = 128 * 1024;

const tags = ['Chatbot'];

/** Aborted when the caller goes away before the answer is sent: the engine's upstream call is cancelled. */
function callerGone(response: ServerResponse): AbortSignal {
  const gone = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) {
      gone.abort();
    }
  });
  return gone.signal;
}

async function* ndjson(events: AsyncIterable<ChatbotStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) {
    yield `${JSON.stringify(event)}\n`;
  }
}

/**
 * POST /api/chatbot/ and POST /api/chatbot/stream — signed in (401 before the body is read), CSRF, one unit of the
 * plan's quota per answer. The stream sends one JSON event a line (ADR 0036).
 */
export const chatbotRoutes: FastifyPluginAsyncZod<{ service: ChatbotService }> = async (app, { service }) => {
  await app.register(
    signedIn(async (scope) => {
      scope.post(
        '/api/chatbot/',
        {
          bodyLimit: CHATBOT_BODY_LIMIT,
          schema: {
            tags,
            summary: 'Poser une question à l’assistant (réponse et passages cités)',
            body: chatbotRequestSchema,
            response: { 200: chatbotResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 502, 504) },
          },
        },
        async (request, reply) => service.answer(request.actor, request.body, callerGone(reply.raw)),
      );

      scope.post(
        '/api/chatbot/stream',
        {
          bodyLimit: CHATBOT_BODY_LIMIT,
          schema: {
            tags,
            summary: 'Poser une question à l’assistant, réponse envoyée au fil de l’eau (NDJSON)',
            description:
              'Un événement JSON par ligne : des `delta` (morceaux du texte, dans l’ordre), puis un `done` (la réponse entière et ses sources) ou un `error` (`{ status, error, code }`) si le moteur échoue en cours de route. Une erreur survenue avant le premier morceau est une réponse HTTP ordinaire (429, 502, 504…).',
            body: chatbotRequestSchema,
            response: {
              200: {
                description: 'Le flux des événements de la réponse.',
                content: { [CHATBOT_STREAM_CONTENT_TYPE]: { schema: chatbotStreamEventSchema } },
              },
              ...errorResponses(400, 401, 403, 413, 415, 429, 502, 504),
            },
          },
        },
        async (request, reply) => {
          const events = await service.stream(request.actor, request.body, {
            signal: callerGone(reply.raw),
            onError: (error) => request.log.error({ err: error }, 'chatbot stream failed'),
          });
          // The 200 schema documents one event (a line); the body is a stream of them, sent without serializing.
          const body: unknown = Readable.from(ndjson(events));
          return reply
            .header('Content-Type', `${CHATBOT_STREAM_CONTENT_TYPE}; charset=utf-8`)
            .header('X-Accel-Buffering', 'no')
            .send(body as ChatbotStreamEvent);
        },
      );
    }),
  );
};
