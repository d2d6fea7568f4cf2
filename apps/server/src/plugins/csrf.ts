import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER } from '@pilote/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const CSRF_COOKIE = 'pe_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Anti-forgery check (signed double-submit, see docs/decisions/0004-csrf.md).
 * GET /api/common/get-csrf-token/ puts a random secret in an HttpOnly cookie and answers
 * token = HMAC(APP_SECRET, secret). Every state-changing /api request must send that token in X-CSRFToken;
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

export function registerCsrfCheck(app: FastifyInstance, csrf: CsrfProtection): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) {
      return;
    }
    if (!csrf.isValid(request)) {
      throw new AppError('CSRF_INVALID');
    }
  });
}
