import {
  authMessages,
  authProvidersResponseSchema,
  changeEmailBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
  socialSignInBodySchema,
} from '@pilote/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit } from '../../adapters/rate-limit/index.ts';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { translateAuthError } from './errors.ts';
import { type ResolveActor, toFetchHeaders } from './session.ts';

export interface AuthRoutesOptions {
  auth: Auth;
  config: Config;
  resolveActor: ResolveActor;
}

const HOP_BY_HOP = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie']);

/**
 * Mounts better-auth at /api/auth/*: the Fastify request becomes a Fetch Request, better-auth's Response goes
 * back with every Set-Cookie. Our onRequest CSRF hook has already run (state-changing calls need
 * X-CSRFToken). The endpoints that can be abused get their own route with a zod body (French messages,
 * disposable domains, password strength) and a rate limit; everything else goes through the wildcard.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, config, resolveActor }) => {
  async function forward(request: FastifyRequest, reply: FastifyReply, body: unknown = request.body) {
    const headers = toFetchHeaders(request.headers);
    headers.delete('content-length');
    headers.set(CLIENT_IP_HEADER, request.ip);
    const init: RequestInit = { method: request.method, headers };
    if (request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined) {
      init.body = JSON.stringify(body);
      headers.set('content-type', 'application/json');
    }
    const response = await auth.handler(new Request(new URL(request.url, config.publicUrl), init));

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) {
        reply.header(name, value);
      }
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) {
      reply.header('set-cookie', cookies);
    }
    if (!response.headers.has('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    if (response.status >= 400 && (isJson || text === '')) {
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const translated = translateAuthError(response.status, parsed, request.url.split('?')[0] ?? '');
      if (translated.code === 'INTERNAL_ERROR') {
        request.log.error({ status: response.status, body: text.slice(0, 500) }, 'better-auth error');
      }
      return reply.type('application/json; charset=utf-8').send(translated);
    }
    return reply.send(text);
  }

  const limited = authRateLimit(config);

  app.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    { schema: { body: signUpBodySchema }, config: limited },
    (request, reply) => {
      const { email, name } = request.body;
      // /login asks only for e-mail and password; better-auth needs a name.
      return forward(request, reply, { ...request.body, name: name || email.split('@')[0] });
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    { schema: { body: signInBodySchema }, config: limited },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/request-password-reset`,
    { schema: { body: requestPasswordResetBodySchema }, config: limited },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/reset-password`,
    { schema: { body: resetPasswordBodySchema }, config: limited },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/send-verification-email`,
    { schema: { body: sendVerificationEmailBodySchema }, config: limited },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/change-email`,
    {
      schema: { body: changeEmailBodySchema },
      config: limited,
      // The spec's message comes before any check of the body.
      preValidation: async (request) => {
        if (!(await resolveActor(request))) {
          throw new AppError('UNAUTHENTICATED', authMessages.changeEmailSignedOut);
        }
      },
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-in/social`,
    { schema: { body: socialSignInBodySchema }, config: limited },
    (request, reply) => forward(request, reply),
  );
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: (request, reply) => forward(request, reply),
  });

  app.get(
    '/api/common/auth-providers/',
    { schema: { response: { 200: authProvidersResponseSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { google: config.google !== undefined, microsoft: false as const };
    },
  );
};
