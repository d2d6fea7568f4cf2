import { createHash } from 'node:crypto';
import {
  accountLockedMessage,
  authMessages,
  authProvidersResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
  socialSignInBodySchema,
  updateUserBodySchema,
} from '@pilote/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimit, type CounterStore } from '../../adapters/rate-limit/index.ts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ErrorStatus, errorResponses } from '../../lib/openapi.ts';
import {
  consumePendingEmailChange,
  findPasswordHash,
  invalidateResetTokens,
  issueEmailUndoToken,
  RECENT_SIGN_IN_SECONDS,
  sessionCreatedAt,
  undoEmailChange,
} from './account-security.ts';
import { AUTH_BASE_PATH, type Auth, authTrustedOrigins, CLIENT_IP_HEADER } from './auth.ts';
import { BackgroundQueue } from './background.ts';
import { emailChangeRequestedMail, passwordChangedMail } from './emails.ts';
import { translateAuthError } from './errors.ts';
import { HashingBusyError, type HashLimiter } from './hash-limiter.ts';
import type { MailDispatcher } from './mail-dispatcher.ts';
import { createPasswordHasher } from './password.ts';
import { passwordPolicyError } from './password-policy.ts';
import { type ResolveActor, requireUser, toFetchHeaders } from './session.ts';

export interface AuthRoutesOptions {
  auth: Auth;
  config: Config;
  resolveActor: ResolveActor;
  db: Database;
  mail: MailDispatcher;
  hashing: HashLimiter;
  /** Per-account counters (sign-in failures, change-password tries), behind the rate-limit store (ADR 0016). */
  counters: CounterStore;
}

const tags = ['Authentification (better-auth)'];

/**
 * What better-auth answers on success, documented loosely: the body is better-auth's own JSON, passed through as
 * it is (not re-serialised), so these schemas describe it for /api/docs without constraining it.
 */
const passThrough = (description: string, shape: z.ZodRawShape = {}) => z.looseObject(shape).describe(description);
const sessionUser = z.looseObject({ id: z.string(), email: z.string(), name: z.string(), role: z.string() });
const signedInAnswer = passThrough('Connecté : cookie de session posé (Set-Cookie).', {
  token: z.string().nullable(),
  user: sessionUser,
});
const statusAnswer = passThrough('Demande prise en compte.', { status: z.boolean() });
const redirectAnswer = { 302: z.null().describe('Redirection vers /login.') };

function documented(summary: string, ok: z.ZodType, ...errors: ErrorStatus[]) {
  return { tags, summary, response: { 200: ok, ...errorResponses(...errors) } };
}

const HOP_BY_HOP = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie']);
/** better-auth's answer to a reset request, known address or not. */
const RESET_REQUESTED = JSON.stringify({
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
});
const CALLBACK_FIELDS = [
  ['callbackURL', 'INVALID_CALLBACK_URL'],
  ['redirectTo', 'INVALID_REDIRECT_URL'],
  ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
  ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
] as const;
/** Seconds a client is asked to wait when the hashing queue is full. */
const HASHING_RETRY_AFTER_SECONDS = 5;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** A relative path on this site, or an absolute URL on a trusted origin (what better-auth also checks). */
export function isAllowedCallback(value: string | undefined, trustedOrigins: readonly string[]): boolean {
  if (value === undefined || value === '') {
    return true;
  }
  if (value.startsWith('/')) {
    return !value.startsWith('//') && !value.startsWith('/\\');
  }
  try {
    return trustedOrigins.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  retryAfterSeconds?: number,
): FastifyReply {
  if (retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(retryAfterSeconds));
  }
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: message, code, message });
}

/** 400 VALIDATION_FAILED when a new password breaks the policy (score, common passwords). */
function assertPasswordPolicy(password: string, field: string): void {
  const reason = passwordPolicyError(password);
  if (reason) {
    throw new AppError('VALIDATION_FAILED', reason, { details: [{ path: `/${field}`, message: reason }] });
  }
}

/**
 * Mounts better-auth at /api/auth/*: the Fastify request becomes a Fetch Request, better-auth's Response goes
 * back with every Set-Cookie. Our onRequest CSRF hook has already run (state-changing calls need
 * X-CSRFToken). The endpoints that can be abused get their own route with a zod body (French messages,
 * disposable domains, the password policy), a rate limit, and the controls of ADR 0016 (re-authentication
 * and undo for an e-mail change, per-account sign-in limit, bounded hashing, reset requests off the
 * response path); everything else goes through the wildcard.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, config, resolveActor, db, mail, hashing, counters } = options;
  const trustedOrigins = authTrustedOrigins(config);
  const background = new BackgroundQueue(app.log);
  const verifier = createPasswordHasher(config.passwordHashLogN, hashing);
  const accountWindowMs = config.accountLimit.windowSeconds * 1000;
  app.addHook('onClose', async () => {
    await background.idle();
  });

  function toAuthRequest(request: FastifyRequest, body: unknown, url: string = request.url): Request {
    const headers = toFetchHeaders(request.headers);
    headers.delete('content-length');
    headers.set(CLIENT_IP_HEADER, request.ip);
    const init: RequestInit = { method: request.method, headers };
    if (request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined) {
      init.body = JSON.stringify(body);
      headers.set('content-type', 'application/json');
    }
    return new Request(new URL(url, config.publicUrl), init);
  }

  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown = request.body,
    url: string = request.url,
  ) {
    const refused = foreignCallback(request, body);
    if (refused) {
      return sendError(reply, 403, refused, 'Adresse de redirection non autorisée.');
    }
    let response: Response;
    try {
      response = await auth.handler(toAuthRequest(request, body, url));
    } catch (error) {
      if (error instanceof HashingBusyError) {
        return sendError(reply, 503, 'SERVICE_UNAVAILABLE', authMessages.hashingBusy, HASHING_RETRY_AFTER_SECONDS);
      }
      throw error;
    }

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

  /**
   * Our own check of every callback/redirect URL (body or query) before better-auth sees it; better-auth checks
   * them too (`disableOriginCheck: false`). Returns better-auth's error code for the first foreign one.
   */
  function foreignCallback(request: FastifyRequest, body: unknown): string | undefined {
    const sources = [body, request.query].filter(
      (source): source is Record<string, unknown> => typeof source === 'object' && source !== null,
    );
    for (const [field, code] of CALLBACK_FIELDS) {
      for (const source of sources) {
        const value = source[field];
        if (value !== undefined && (typeof value !== 'string' || !isAllowedCallback(value, trustedOrigins))) {
          return code;
        }
      }
    }
    return undefined;
  }

  /** Refuses at once, before any database work, when no hash could start or wait (ADR 0016). */
  function hashingBusy(reply: FastifyReply): FastifyReply | undefined {
    if (hashing.full) {
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE', authMessages.hashingBusy, HASHING_RETRY_AFTER_SECONDS);
    }
    return undefined;
  }

  /**
   * Counts one attempt on `key` (whatever the IP) and refuses past AUTH_ACCOUNT_LIMIT_MAX in the window. The
   * attempt is counted before it runs, so parallel tries cannot overshoot; a success clears the count. True when
   * the 429 was sent.
   */
  async function accountLimited(key: string, reply: FastifyReply): Promise<boolean> {
    const { count, ttlMs } = await counters.increment(key, accountWindowMs);
    if (count > config.accountLimit.max) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      sendError(reply, 429, 'RATE_LIMITED', accountLockedMessage(seconds), seconds);
      return true;
    }
    return false;
  }

  /**
   * The checks before a password is hashed for `key`'s account: a full hashing queue (503), then the per-account
   * limit (429). True when a refusal was sent and the handler must stop.
   *
   * A boolean, not the reply: FastifyReply is a thenable, so an async function returning it resolves to
   * `undefined` once the answer is sent, and the caller went on to hash after refusing (the 503/429 was sent,
   * the work was done anyway).
   */
  async function refusedBeforeHashing(key: string, reply: FastifyReply): Promise<boolean> {
    if (hashingBusy(reply)) {
      return true;
    }
    return accountLimited(key, reply);
  }

  const limited = authRateLimit(config);
  const signedIn = async (request: FastifyRequest) => {
    requireUser(await resolveActor(request));
  };

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
      // Keyed on the address, known or not: the limit says nothing about which accounts exist.
      const key = `sign-in:${sha256(request.body.email)}`;
      if (await refusedBeforeHashing(key, reply)) {
        return reply;
      }
      await forward(request, reply);
      if (reply.statusCode === 200) {
        await counters.reset(key);
      }
      return reply;
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/request-password-reset`,
    {
      schema: {
        ...documented('Demande de réinitialisation du mot de passe', statusAnswer, 400, 403, 415, 429),
        body: requestPasswordResetBodySchema,
      },
      config: limited,
    },
    async (request, reply) => {
      const refused = foreignCallback(request, request.body);
      if (refused) {
        return sendError(reply, 403, refused, 'Adresse de redirection non autorisée.');
      }
      // The same answer for every address, sent before the lookup, token write and mail (ADR 0016).
      const authRequest = toAuthRequest(request, request.body);
      background.push('request-password-reset', async () => {
        const response = await auth.handler(authRequest);
        if (response.status !== 200) {
          request.log.warn({ status: response.status }, 'password reset request failed in the background');
        }
      });
      return reply.status(200).header('cache-control', 'no-store').type('application/json').send(RESET_REQUESTED);
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/reset-password`,
    {
      schema: {
        ...documented('Nouveau mot de passe (jeton reçu par e-mail)', statusAnswer, 400, 403, 415, 429, 503),
        body: resetPasswordBodySchema,
      },
      config: limited,
    },
    (request, reply) => {
      assertPasswordPolicy(request.body.newPassword, 'newPassword');
      return hashingBusy(reply) ?? forward(request, reply);
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/change-password`,
    {
      schema: {
        ...documented(
          'Changer de mot de passe (connecté)',
          passThrough('Mot de passe changé.'),
          400,
          401,
          403,
          415,
          429,
          503,
        ),
        body: changePasswordBodySchema,
      },
      config: limited,
      preValidation: signedIn,
    },
    async (request, reply) => {
      const actor = requireUser(await resolveActor(request));
      assertPasswordPolicy(request.body.newPassword, 'newPassword');
      const key = `change-password:${actor.user.id}`;
      if (await refusedBeforeHashing(key, reply)) {
        return reply;
      }
      await forward(request, reply);
      if (reply.statusCode === 200) {
        await counters.reset(key);
        await invalidateResetTokens(db, actor.user.id);
        mail.dispatch(passwordChangedMail(actor.user.email, 'changed'));
      }
      return reply;
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/update-user`,
    {
      schema: {
        ...documented('Modifier son profil (nom, image)', statusAnswer, 400, 401, 403, 415),
        body: updateUserBodySchema,
      },
      preValidation: signedIn,
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/send-verification-email`,
    {
      schema: {
        ...documented('Renvoyer l’e-mail de vérification', statusAnswer, 400, 403, 415, 429),
        body: sendVerificationEmailBodySchema,
      },
      config: limited,
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/change-email`,
    {
      schema: {
        ...documented(
          'Changer d’adresse e-mail (connecté, mot de passe actuel)',
          statusAnswer,
          400,
          401,
          403,
          415,
          429,
          503,
        ),
        body: changeEmailBodySchema,
      },
      config: limited,
      // The spec's message comes before any check of the body.
      preValidation: async (request) => {
        if (!(await resolveActor(request))) {
          throw new AppError('UNAUTHENTICATED', authMessages.changeEmailSignedOut);
        }
      },
    },
    async (request, reply) => {
      const actor = requireUser(await resolveActor(request), authMessages.changeEmailSignedOut);
      const { currentPassword, ...body } = request.body;

      // Re-authentication (ADR 0016): the current password, or for a Google-only account a recent sign-in.
      const passwordHash = await findPasswordHash(db, actor.user.id);
      if (passwordHash) {
        if (!currentPassword) {
          return sendError(reply, 400, 'CURRENT_PASSWORD_REQUIRED', authMessages.currentPasswordRequired);
        }
        const key = `change-email:${actor.user.id}`;
        if (await refusedBeforeHashing(key, reply)) {
          return reply;
        }
        let valid: boolean;
        try {
          valid = await verifier.verify({ hash: passwordHash, password: currentPassword });
        } catch (error) {
          if (error instanceof HashingBusyError) {
            return sendError(reply, 503, 'SERVICE_UNAVAILABLE', authMessages.hashingBusy, HASHING_RETRY_AFTER_SECONDS);
          }
          throw error;
        }
        if (!valid) {
          return sendError(reply, 400, 'INVALID_PASSWORD', authMessages.wrongCurrentPassword);
        }
        await counters.reset(key);
      } else {
        const createdAt = await sessionCreatedAt(db, actor.sessionId);
        if (!createdAt || Date.now() - createdAt.getTime() > RECENT_SIGN_IN_SECONDS * 1000) {
          return sendError(reply, 403, 'REAUTHENTICATION_REQUIRED', authMessages.reauthenticationRequired);
        }
      }

      await forward(request, reply, body);
      if (reply.statusCode === 200) {
        // The old address hears of it at once and can undo; it stays the account's until the new one confirms.
        const token = await issueEmailUndoToken(db, { userId: actor.user.id, oldEmail: actor.user.email });
        const undoUrl = `${config.publicUrl}${AUTH_BASE_PATH}/undo-email-change?token=${encodeURIComponent(token)}`;
        mail.dispatch(emailChangeRequestedMail(actor.user.email, body.newEmail, undoUrl));
      }
      return reply;
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/verify-email`,
    {
      schema: {
        tags,
        summary: 'Lien de vérification d’adresse (transmis à better-auth)',
        querystring: z.looseObject({ token: z.string().min(1).max(4000) }),
        response: { 200: passThrough('Adresse vérifiée.'), ...redirectAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (isEmailChangeToken(token) && !(await consumePendingEmailChange(db, token))) {
        // Used, undone or never recorded: better-auth answers its own "invalid token" (redirect or 401).
        const url = new URL(request.url, config.publicUrl);
        url.searchParams.set('token', 'revoked');
        return forward(request, reply, undefined, `${url.pathname}${url.search}`);
      }
      return forward(request, reply);
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/undo-email-change`,
    {
      schema: {
        tags,
        summary: 'Annuler un changement d’adresse (lien envoyé à l’ancienne adresse)',
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { ...redirectAnswer, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const outcome = await undoEmailChange(db, request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/login?emailChange=${outcome}`);
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
  // Also reached through the wildcard below; declared here so that /api/docs shows what the SPA calls.
  app.get(
    `${AUTH_BASE_PATH}/get-session`,
    {
      schema: documented(
        'Session courante (null si non connecté)',
        z
          .looseObject({ session: z.looseObject({ id: z.string(), expiresAt: z.string() }), user: sessionUser })
          .nullable()
          .describe('La session et son utilisateur, ou null.'),
      ),
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-out`,
    { schema: documented('Déconnexion (efface le cookie de session)', passThrough('Déconnecté.'), 403) },
    (request, reply) => forward(request, reply),
  );
  // Every other better-auth endpoint (callbacks, session list…), forwarded as it is.
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: documented(
      'Autres points de better-auth (rappels OAuth, liste des sessions…), transmis tels quels',
      passThrough('Réponse de better-auth.'),
      400,
      401,
      403,
      404,
      429,
      503,
    ),
    handler: (request, reply) => forward(request, reply),
  });

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
};

/** better-auth's e-mail-change links are JWTs whose payload carries `updateTo` (the signature is its to check). */
function isEmailChangeToken(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) {
    return false;
  }
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof parsed.updateTo === 'string';
  } catch {
    return false;
  }
}
