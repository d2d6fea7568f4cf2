import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import {
  accountLockedMessage,
  authMessages,
  authProvidersResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  emptyAuthBodySchema,
  requestPasswordResetBodySchema,
  resetLinkParamsSchema,
  resetPasswordBodySchema,
  revokeSessionBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
  socialSignInBodySchema,
  unlinkAccountBodySchema,
  updateUserBodySchema,
  verifyPasswordBodySchema,
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
  findResetTokenOwner,
  invalidateResetTokens,
  issueEmailUndoToken,
  RECENT_SIGN_IN_SECONDS,
  sessionCreatedAt,
  undoEmailChange,
} from './account-security.ts';
import { AUTH_BASE_PATH, type Auth, authTrustedOrigins, CLIENT_IP_HEADER, GOOGLE_PROVIDER_ID } from './auth.ts';
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

/** Decodes percent-escapes until nothing changes (at most 3 rounds): what a lenient decoder further on may see. */
function decodedPath(path: string): string {
  let current = path;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) {
      break;
    }
    current = next;
  }
  return current;
}

/** A path that some decoder or normaliser could read as another host (`//host`, `/\host`) or another path. */
function isAmbiguousPath(pathname: string): boolean {
  const decoded = decodedPath(pathname);
  return (
    /^[/\\]{2}/.test(decoded) ||
    decoded.includes('\\') ||
    /(^|\/)\.{1,2}(\/|$)/.test(decoded) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
    /[\u0000-\u001f\u007f]/.test(decoded)
  );
}

/**
 * A callback or redirect URL we let better-auth redirect to (issue 21): a relative path on this site already in its
 * normalised form, or an absolute URL on a trusted origin. The check is made on the URL as a WHATWG parser (a
 * browser, better-auth) resolves it, so `/.//evil.example/`, `/\\evil.example`, `/%2F%2Fevil.example`, tabs or
 * newlines cannot become `//evil.example` further on. `trustedOrigins[0]` is PUBLIC_URL.
 */
export function isAllowedCallback(value: string | undefined, trustedOrigins: readonly string[]): boolean {
  if (value === undefined || value === '') {
    return true;
  }
  const base = trustedOrigins[0];
  if (base === undefined) {
    return false;
  }
  let url: URL;
  try {
    url = value.startsWith('/') ? new URL(value, base) : new URL(value);
  } catch {
    return false;
  }
  if (!trustedOrigins.includes(url.origin) || isAmbiguousPath(url.pathname)) {
    return false;
  }
  // A relative path must be its own normalised form: nothing left for another parser to fold differently.
  return !value.startsWith('/') || `${url.pathname}${url.search}${url.hash}` === value;
}

/**
 * A client's network for the per-account sign-in counters: the address itself for IPv4, its /64 for IPv6 (one
 * subscriber's prefix: counting single IPv6 addresses would give an attacker 2^64 fresh budgets).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) {
    return mapped[1];
  }
  if (isIP(ip) !== 6) {
    return ip;
  }
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
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

/** The device cookie: set on a successful sign-in, it exempts that browser from the account's global cap (ADR 0044). */
const DEVICE_COOKIE = 'pe_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** better-auth's answer, read but not yet sent: the route decides what happens before the client hears of it. */
interface AuthAnswer {
  readonly status: number;
  /** Sends the answer (or our refusal) on `reply`; extra Set-Cookie lines are added to better-auth's. */
  send(extraCookies?: readonly string[]): FastifyReply;
}

/**
 * The path a route serves, with its parameters written back (`/api/auth/reset-password/:token` → the token):
 * the one spelling of that path we accept (issue 21).
 */
function canonicalPath(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions.url;
  if (!pattern) {
    return undefined;
  }
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Mounts better-auth at /api/auth: the Fastify request becomes a Fetch Request, better-auth's Response goes back
 * with every Set-Cookie. Our onRequest CSRF hook has already run (state-changing calls need X-CSRFToken). Only an
 * allow-list of better-auth's endpoints is served, each by its own route, and only under its own spelling: a path
 * that a URL parser would fold into another (`/api/auth/./sign-in/email`, `%2E`, `x/../`, `//`, `\`, a trailing
 * dot or slash, another case) answers 404 before anything runs, and what better-auth receives is the route's
 * canonical path, never the client's spelling (issue 21, ADR 0044). The endpoints that can be abused have a zod
 * body (French messages, disposable domains, the password policy), a rate limit, and the controls of ADR 0016
 * (re-authentication and undo for an e-mail change, per-account sign-in limits, bounded hashing, reset requests
 * off the response path). Work that must hold before the client hears "done" (reset links killed after a password
 * change, the undo link of an e-mail change) runs before the answer is sent.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, config, resolveActor, db, mail, hashing, counters } = options;
  const trustedOrigins = authTrustedOrigins(config);
  const background = new BackgroundQueue(app.log);
  const verifier = createPasswordHasher(config.passwordHashLogN, hashing);
  const accountLimit = config.accountLimit;
  const deviceKey = createHmac('sha256', (await auth.$context).secret)
    .update('pe-device-cookie')
    .digest();
  const secureCookies = config.publicUrl.startsWith('https://');
  app.addHook('onClose', async () => {
    await background.idle();
  });

  // Refuses every spelling of a path but its own, before the body is read (the CSRF check ran before this).
  app.addHook('onRequest', async (request) => {
    const rawPath = (request.raw.url ?? '').split('?')[0];
    if (rawPath !== canonicalPath(request)) {
      throw new AppError('NOT_FOUND');
    }
  });

  function toAuthRequest(request: FastifyRequest, body: unknown, url: string): Request {
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

  /** The route's canonical path and the client's query string: what better-auth is asked. */
  function forwardedUrl(request: FastifyRequest): string {
    const query = request.url.indexOf('?');
    return `${canonicalPath(request) ?? ''}${query >= 0 ? request.url.slice(query) : ''}`;
  }

  function refusal(reply: FastifyReply, status: number, code: string, message: string, retry?: number): AuthAnswer {
    return { status, send: () => sendError(reply, status, code, message, retry) };
  }

  /** Asks better-auth; nothing is sent until the caller calls `send()` on the answer. */
  async function exchange(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown = request.body,
    url: string = forwardedUrl(request),
  ): Promise<AuthAnswer> {
    const refused = foreignCallback(request, body);
    if (refused) {
      return refusal(reply, 403, refused, 'Adresse de redirection non autorisée.');
    }
    let response: Response;
    try {
      response = await auth.handler(toAuthRequest(request, body, url));
    } catch (error) {
      if (error instanceof HashingBusyError) {
        return refusal(reply, 503, 'SERVICE_UNAVAILABLE', authMessages.hashingBusy, HASHING_RETRY_AFTER_SECONDS);
      }
      throw error;
    }
    const text = await response.text();
    const path = url.split('?')[0] ?? '';
    return {
      status: response.status,
      send: (extraCookies = []) => {
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name)) {
            reply.header(name, value);
          }
        });
        const cookies = [...response.headers.getSetCookie(), ...extraCookies];
        if (cookies.length > 0) {
          reply.header('set-cookie', cookies);
        }
        if (!response.headers.has('cache-control')) {
          reply.header('cache-control', 'no-store');
        }
        const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
        if (response.status >= 400 && (isJson || text === '')) {
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          const translated = translateAuthError(response.status, parsed, path);
          if (translated.code === 'INTERNAL_ERROR') {
            request.log.error({ status: response.status, body: text.slice(0, 500) }, 'better-auth error');
          }
          return reply.type('application/json; charset=utf-8').send(translated);
        }
        return reply.send(text);
      },
    };
  }

  async function forward(request: FastifyRequest, reply: FastifyReply, body: unknown = request.body) {
    return (await exchange(request, reply, body)).send();
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
   * Counts one attempt on `key` and refuses past `max` in the window (429 + Retry-After). The attempt is counted
   * before it runs, so parallel tries cannot overshoot. True when the 429 was sent.
   */
  async function overLimit(
    key: string,
    limit: { max: number; windowSeconds: number },
    reply: FastifyReply,
  ): Promise<boolean> {
    const { count, ttlMs } = await counters.increment(key, limit.windowSeconds * 1000);
    if (count > limit.max) {
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
    return overLimit(key, accountLimit, reply);
  }

  /** The sign-in counters of an address (known or not: they say nothing about which accounts exist). */
  function signInKeys(email: string) {
    const account = sha256(email.trim().toLowerCase());
    return {
      account,
      /** Failed attempts whatever the source, but a known device: capped at AUTH_ACCOUNT_GLOBAL_MAX. */
      global: `sign-in:${account}`,
      bySource: (source: string) => `sign-in:${account}:${source}`,
    };
  }

  function deviceMac(account: string, nonce: string): string {
    return createHmac('sha256', deviceKey).update(`${account}:${nonce}`).digest('base64url');
  }

  /** The nonce of this browser's device cookie when it was issued for `account` (a past successful sign-in). */
  function knownDevice(request: FastifyRequest, account: string): string | undefined {
    const [nonce, mac] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
    if (!nonce || !mac || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) {
      return undefined;
    }
    const expected = Buffer.from(deviceMac(account, nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
  }

  function deviceCookie(account: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return [
      `${DEVICE_COOKIE}=${nonce}.${deviceMac(account, nonce)}`,
      `Path=${AUTH_BASE_PATH}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secureCookies ? ['Secure'] : []),
    ].join('; ');
  }

  /**
   * After a password reset or change: the address's global count and the counter of the client that did it are
   * cleared, so a targeted lockout ends with the owner's reset (ADR 0044). Other sources stay counted.
   */
  async function liftSignInLimits(email: string, request: FastifyRequest): Promise<void> {
    const keys = signInKeys(email);
    await counters.reset(keys.global);
    await counters.reset(keys.bySource(`net:${clientNetwork(request.ip)}`));
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
      const authRequest = toAuthRequest(request, request.body, forwardedUrl(request));
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
    async (request, reply) => {
      assertPasswordPolicy(request.body.newPassword, 'newPassword');
      if (hashingBusy(reply)) {
        return reply;
      }
      const owner = await findResetTokenOwner(db, request.body.token);
      // better-auth kills the other reset links (onPasswordReset) before it answers.
      const answer = await exchange(request, reply);
      if (answer.status === 200 && owner) {
        await liftSignInLimits(owner.email, request);
      }
      return answer.send();
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
      const answer = await exchange(request, reply);
      if (answer.status === 200) {
        // Before the answer leaves: a reset link must not outlive the change the client is told about (issue 21:
        // on PostgreSQL a reset sent right after the answer was served from another connection before this ran).
        await invalidateResetTokens(db, actor.user.id);
        await counters.reset(key);
        await liftSignInLimits(actor.user.email, request);
        mail.dispatch(passwordChangedMail(actor.user.email, 'changed'));
      }
      return answer.send();
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

      const answer = await exchange(request, reply, body);
      if (answer.status === 200) {
        // The old address hears of it at once and can undo; it stays the account's until the new one confirms.
        const token = await issueEmailUndoToken(db, { userId: actor.user.id, oldEmail: actor.user.email });
        const undoUrl = `${config.publicUrl}${AUTH_BASE_PATH}/undo-email-change?token=${encodeURIComponent(token)}`;
        mail.dispatch(emailChangeRequestedMail(actor.user.email, body.newEmail, undoUrl));
      }
      return answer.send();
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/verify-email`,
    {
      schema: {
        tags,
        summary: 'Lien de vérification d’adresse (transmis à better-auth)',
        querystring: z.looseObject({ token: z.string().min(1).max(4000) }),
        response: { 200: passThrough('Adresse vérifiée.'), ...redirectAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      // A foreign callback is refused before the change link is consumed.
      const refused = foreignCallback(request, undefined);
      if (refused) {
        return sendError(reply, 403, refused, 'Adresse de redirection non autorisée.');
      }
      if (isEmailChangeToken(token) && !(await consumePendingEmailChange(db, token))) {
        // Used, undone or never recorded: better-auth answers its own "invalid token" (redirect or 401).
        const url = new URL(forwardedUrl(request), config.publicUrl);
        url.searchParams.set('token', 'revoked');
        return (await exchange(request, reply, undefined, `${url.pathname}${url.search}`)).send();
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

  // The rest of the allow-list (issue 21): the better-auth endpoints a client of ours calls. Any other path under
  // /api/auth (update-session, delete-user, link-social, provider tokens…) is not routed: 404.
  app.get(
    `${AUTH_BASE_PATH}/reset-password/:token`,
    {
      schema: {
        tags,
        summary: 'Lien de réinitialisation du mot de passe (redirige vers callbackURL avec le jeton)',
        params: resetLinkParamsSchema,
        querystring: z.looseObject({ callbackURL: z.string().max(2000) }),
        response: { ...redirectAnswer, ...errorResponses(400, 403) },
      },
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
    `${AUTH_BASE_PATH}/list-sessions`,
    { schema: documented('Sessions ouvertes du compte', z.array(z.looseObject({})).describe('Les sessions.'), 401) },
    (request, reply) => forward(request, reply),
  );
  app.get(
    `${AUTH_BASE_PATH}/list-accounts`,
    {
      schema: documented(
        'Comptes liés (mot de passe, Google)',
        z.array(z.looseObject({})).describe('Les comptes liés.'),
        401,
      ),
    },
    (request, reply) => forward(request, reply),
  );
  for (const [path, summary, body] of [
    ['revoke-session', 'Fermer une session (par son jeton)', revokeSessionBodySchema],
    ['revoke-sessions', 'Fermer toutes les sessions', emptyAuthBodySchema],
    ['revoke-other-sessions', 'Fermer les autres sessions', emptyAuthBodySchema],
    ['unlink-account', 'Délier un compte (Google)', unlinkAccountBodySchema],
  ] as const) {
    app.post(
      `${AUTH_BASE_PATH}/${path}`,
      { schema: { ...documented(summary, statusAnswer, 400, 401, 403, 415), body } },
      (request, reply) => forward(request, reply),
    );
  }
  app.post(
    `${AUTH_BASE_PATH}/verify-password`,
    {
      schema: {
        ...documented('Vérifier son mot de passe (connecté)', statusAnswer, 400, 401, 403, 415, 429, 503),
        body: verifyPasswordBodySchema,
      },
      config: limited,
      preValidation: signedIn,
    },
    async (request, reply) => {
      // A password check like any other: counted per account (a stolen session must not guess the password).
      const actor = requireUser(await resolveActor(request));
      const key = `verify-password:${actor.user.id}`;
      if (await overLimit(key, accountLimit, reply)) {
        return reply;
      }
      const answer = await exchange(request, reply);
      if (answer.status === 200) {
        await counters.reset(key);
      }
      return answer.send();
    },
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
