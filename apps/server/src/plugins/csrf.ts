import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER } from '@pilote/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a state-changing route from the CSRF token and Origin checks (e.g. a webhook that checks
     * its own signature). The only way to exempt a route: never by URL prefix (ADR 0015).
     */
    csrf?: false;
  }
}

export const CSRF_COOKIE = 'pe_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** French message of a refused Origin / Referer (code CSRF_INVALID, so the SPA's one retry applies). */
export const FOREIGN_ORIGIN_MESSAGE =
  'Requête refusée : elle ne provient pas du site Pilote Énergie (protection CSRF). Rechargez la page et réessayez.';

/**
 * Anti-forgery check (signed double-submit, see docs/decisions/0004-csrf.md and 0015).
 * GET /api/common/get-csrf-token/ puts a random secret in an HttpOnly cookie and answers
 * token = HMAC(APP_SECRET, secret). Every state-changing request must send that token in X-CSRFToken;
 * it is checked against the cookie in constant time. A cross-site page can neither read the token nor set
 * the header without a CORS preflight, which this server never grants.
 */
export class CsrfProtection {
  constructor(
    private readonly secret: string,
    private readonly secureCookie: boolean,
  ) {}

  tokenFor(cookieValue: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${cookieValue}`).digest('base64url');
  }

  issue(request: FastifyRequest, reply: FastifyReply): string {
    let cookieValue = request.cookies[CSRF_COOKIE];
    if (!cookieValue || !COOKIE_PATTERN.test(cookieValue)) {
      cookieValue = randomBytes(32).toString('base64url');
      reply.setCookie(CSRF_COOKIE, cookieValue, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secureCookie,
      });
    }
    return this.tokenFor(cookieValue);
  }

  isValid(request: FastifyRequest): boolean {
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const cookieValue = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !cookieValue || !COOKIE_PATTERN.test(cookieValue)) {
      return false;
    }
    const expected = Buffer.from(this.tokenFor(cookieValue));
    const given = Buffer.from(header);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** `scheme://host[:port]` of an absolute http(s) URL, or null (e.g. `null`, garbage, another scheme). */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The request's claimed browser origin is acceptable: no Origin and no Referer (a non-browser client: the token
 * still applies), or an Origin — else a Referer — whose origin is in `trustedOrigins`. `Origin: null` and
 * unparsable values are refused.
 */
export function isTrustedSource(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) {
    const claimed = originOf(origin);
    return claimed !== null && trustedOrigins.has(claimed);
  }
  if (referer !== undefined) {
    const claimed = originOf(referer);
    return claimed !== null && trustedOrigins.has(claimed);
  }
  return true;
}

/** One state-changing route as registered (for audits and the tests that try every spelling of its path). */
export interface StateChangingRoute {
  readonly method: string;
  readonly url: string;
  readonly exempt: boolean;
}

const stateChangingRoutes = new WeakMap<FastifyInstance, StateChangingRoute[]>();

/** Every state-changing route registered after registerCsrfCheck, with its exemption flag. */
export function listStateChangingRoutes(app: FastifyInstance): readonly StateChangingRoute[] {
  return stateChangingRoutes.get(app) ?? [];
}

/**
 * Checks EVERY request whose method is not GET/HEAD/OPTIONS, whatever its path (matched, unknown, or any
 * spelling of /api/… the router would decode): the Origin (else Referer) must be trusted, and X-CSRFToken
 * must match the cookie. Runs in onRequest, before authentication, body parsing and the handler. Exemption
 * only by route config (`config: { csrf: false }`). Register before any route.
 */
export function registerCsrfCheck(
  app: FastifyInstance,
  csrf: CsrfProtection,
  options: { trustedOrigins: readonly string[] },
): void {
  const trusted = new Set(options.trustedOrigins);
  const routes: StateChangingRoute[] = [];
  stateChangingRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!SAFE_METHODS.has(method.toUpperCase())) {
        routes.push({ method: method.toUpperCase(), url: route.url, exempt: route.config?.csrf === false });
      }
    }
  });
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) {
      return;
    }
    if (!isTrustedSource(request, trusted)) {
      throw new AppError('CSRF_INVALID', FOREIGN_ORIGIN_MESSAGE);
    }
    if (!csrf.isValid(request)) {
      throw new AppError('CSRF_INVALID');
    }
  });
}
