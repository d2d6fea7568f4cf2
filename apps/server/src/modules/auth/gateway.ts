import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { accountLockedMessage, authMessages } from '@pilote/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimit, type CounterStore } from '../../adapters/rate-limit/index.ts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ErrorStatus, errorResponses } from '../../lib/openapi.ts';
import type { Entitlements } from '../plans/entitlements.ts';
import { AUTH_BASE_PATH, type Auth, authTrustedOrigins, CLIENT_IP_HEADER } from './auth.ts';
import { BackgroundQueue } from './background.ts';
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
  /** The tier that applies to a user now (ADR 0078), which `get-session` reports instead of the stored `users.tier`. */
  entitlements: Pick<Entitlements, 'tierOf'>;
}

export const tags = ['Authentification (better-auth)'];

/**
 * What better-auth answers on success, documented loosely: the body is better-auth's own JSON, passed through as
 * it is (not re-serialised), so these schemas describe it for /api/docs without constraining it.
 */
export const passThrough = (description: string, shape: z.ZodRawShape = {}) =>
  z.looseObject(shape).describe(description);
export const sessionUser = z.looseObject({ id: z.string(), email: z.string(), name: z.string(), role: z.string() });
export const signedInAnswer = passThrough('Connecté : cookie de session posé (Set-Cookie).', {
  token: z.string().nullable(),
  user: sessionUser,
});
export const statusAnswer = passThrough('Demande prise en compte.', { status: z.boolean() });
export const redirectAnswer = { 302: z.null().describe('Redirection vers /login.') };

export function documented(summary: string, ok: z.ZodType, ...errors: ErrorStatus[]) {
  return { tags, summary, response: { 200: ok, ...errorResponses(...errors) } };
}

const HOP_BY_HOP = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie']);
/** better-auth's answer to a reset request, known address or not. */
export const RESET_REQUESTED = JSON.stringify({
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
export const HASHING_RETRY_AFTER_SECONDS = 5;

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

export function sendError(
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
export function assertPasswordPolicy(password: string, field: string): void {
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
  /** better-auth's body as it sent it (empty for our own refusals). */
  readonly text: string;
  /** True when better-auth's body is JSON (its Content-Type says so). */
  readonly json: boolean;
  /**
   * Sends the answer (or our refusal) on `reply`; extra Set-Cookie lines are added to better-auth's. `body` replaces
   * better-auth's successful body (a route that rewrites it); its status and headers are kept.
   */
  send(extraCookies?: readonly string[], body?: string): FastifyReply;
}

/**
 * The path a route serves, with its parameters written back (`/api/auth/reset-password/:token` → the token):
 * the one spelling of that path we accept (issue 21).
 */
export function canonicalPath(request: FastifyRequest): string | undefined {
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

/** The app an auth route file registers on: the auth plugin's own scope (its onRequest hook applies). */
export type AuthApp = Parameters<FastifyPluginAsyncZod<AuthRoutesOptions>>[0];

/**
 * The bridge to better-auth and the controls every flow shares (ADR 0016, ADR 0044): a request forwarded under its
 * canonical path, our check of callback URLs, the hashing queue, the per-account counters and the device cookie.
 */
export async function createAuthGateway(app: AuthApp, options: AuthRoutesOptions) {
  const { auth, config, resolveActor, db, mail, hashing, counters, entitlements } = options;
  const trustedOrigins = authTrustedOrigins(config);
  const background = new BackgroundQueue(app.log);
  const verifier = createPasswordHasher(config.passwordHashLogN, hashing);
  const accountLimit = config.accountLimit;
  const deviceKey = createHmac('sha256', (await auth.$context).secret)
    .update('pe-device-cookie')
    .digest();
  const secureCookies = config.publicUrl.startsWith('https://');

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
    return { status, text: '', json: false, send: () => sendError(reply, status, code, message, retry) };
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
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return {
      status: response.status,
      text,
      json: isJson,
      send: (extraCookies = [], body = text) => {
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
        return reply.send(body);
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

  return {
    auth,
    config,
    resolveActor,
    db,
    mail,
    counters,
    background,
    verifier,
    accountLimit,
    toAuthRequest,
    forwardedUrl,
    exchange,
    forward,
    foreignCallback,
    hashingBusy,
    overLimit,
    refusedBeforeHashing,
    signInKeys,
    knownDevice,
    deviceCookie,
    liftSignInLimits,
    limited,
    signedIn,
    entitlements,
  };
}

export type AuthGateway = Awaited<ReturnType<typeof createAuthGateway>>;
