import {
  accountLockedMessage,
  authProvidersResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  socialSignInBodySchema,
} from '@pilote/contracts';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { AUTH_BASE_PATH, GOOGLE_PROVIDER_ID } from './auth.ts';
import {
  type AuthApp,
  type AuthGateway,
  assertPasswordPolicy,
  clientNetwork,
  documented,
  passThrough,
  sendError,
  signedInAnswer,
  tags,
} from './gateway.ts';

/** Sign-up and sign-in: e-mail and password (per-account limits, ADR 0044), Google, the providers offered. */
export function registerSignInRoutes(app: AuthApp, gateway: AuthGateway): void {
  const {
    config,
    counters,
    accountLimit,
    exchange,
    forward,
    hashingBusy,
    overLimit,
    signInKeys,
    knownDevice,
    deviceCookie,
    limited,
  } = gateway;

  app.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    {
      schema: {
        ...documented('Inscription par e-mail', signedInAnswer, 400, 403, 415, 429, 503),
        body: signUpBodySchema,
      },
      config: limited,
    },
    (request, reply) => {
      const { email, name, password } = request.body;
      assertPasswordPolicy(password, 'password');
      const busy = hashingBusy(reply);
      if (busy) {
        return busy;
      }
      // /login asks only for e-mail and password; better-auth needs a name.
      return forward(request, reply, { ...request.body, name: name || email.split('@')[0] });
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      schema: {
        ...documented('Connexion par e-mail', signedInAnswer, 400, 401, 403, 415, 429, 503),
        body: signInBodySchema,
      },
      config: limited,
    },
    async (request, reply) => {
      // ADR 0044: AUTH_ACCOUNT_LIMIT_MAX attempts per address from one network (or one known device), and
      // AUTH_ACCOUNT_GLOBAL_MAX per address whatever the network; a browser that signed in to this account before
      // is not subject to the global cap, so attempts from elsewhere cannot lock its owner out.
      const keys = signInKeys(request.body.email);
      const device = knownDevice(request, keys.account);
      const sourceKey = keys.bySource(device ? `device:${device}` : `net:${clientNetwork(request.ip)}`);
      if (hashingBusy(reply) || (await overLimit(sourceKey, accountLimit, reply))) {
        return reply;
      }
      if (!device) {
        // Failed attempts only: an owner or an API client signing in often must not use up the address's budget.
        // Counted after the check, so parallel guesses can overshoot by what the hashing queue lets run at once.
        const { count, ttlMs } = await counters.peek(keys.global);
        if (count >= accountLimit.globalMax) {
          const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
          return sendError(reply, 429, 'RATE_LIMITED', accountLockedMessage(seconds), seconds);
        }
      }
      const answer = await exchange(request, reply);
      if (answer.status !== 200) {
        if (answer.status === 401 && !device) {
          await counters.increment(keys.global, accountLimit.globalWindowSeconds * 1000);
        }
        return answer.send();
      }
      await counters.reset(sourceKey);
      return answer.send([deviceCookie(keys.account)]);
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-in/social`,
    {
      schema: {
        ...documented(
          'Connexion Google (renvoie l’adresse de redirection)',
          passThrough('Adresse du fournisseur.', { url: z.string(), redirect: z.boolean() }),
          400,
          403,
          404,
          415,
          429,
        ),
        body: socialSignInBodySchema,
      },
      config: limited,
    },
    (request, reply) => forward(request, reply),
  );
  app.get(
    `${AUTH_BASE_PATH}/callback/:providerId`,
    {
      schema: {
        tags,
        summary: 'Retour du fournisseur OAuth (Google)',
        params: z.object({ providerId: z.literal(GOOGLE_PROVIDER_ID) }),
        response: {
          302: z.null().describe('Redirection vers callbackURL ou errorCallbackURL.'),
          ...errorResponses(400),
        },
      },
    },
    (request, reply) => forward(request, reply),
  );
  app.get(
    '/api/common/auth-providers/',
    {
      schema: {
        tags,
        summary: 'Fournisseurs de connexion disponibles',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { google: config.google !== undefined, microsoft: false as const };
    },
  );
}
