import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AccountUser, accountUserSchema, type UserRole } from '@pilote/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** Who is calling: the signed-in user (role = admin/staff claim), or null. Services take it as an argument. */
export interface Actor {
  user: AccountUser;
  sessionId: string;
}

export type ResolveActor = (request: FastifyRequest) => Promise<Actor | null>;

/** Node request headers → Fetch Headers (what better-auth reads: cookie, authorization). */
export function toFetchHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        headers.append(name, item);
      }
    } else if (value !== undefined) {
      headers.set(name, String(value));
    }
  }
  return headers;
}

/**
 * Reads the session from the cookie or the `Authorization: Bearer` token (bearer plugin). Memoised per request,
 * so a hook and a handler asking for it cost one lookup.
 *
 * Fast path (ADR 0022): a request with only a session cookie is answered with one query (session joined with its
 * user) after checking the cookie's HMAC with node:crypto, instead of better-auth's getSession (WebCrypto key
 * import + two verifications, two queries, per request). It only ever answers « signed in »: the row must exist
 * and be unexpired, so a revoked session stops working at once on every instance (no cache). Everything else — no
 * or a bad signature, unknown or expired token, a session due for its daily refresh, a bearer token, a duplicated
 * cookie — goes through better-auth's getSession exactly as before.
 */
export function createActorResolver(auth: Auth, db?: Database): ResolveActor {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const fast = db ? fastLookUp(auth, db) : undefined;
  return (request) => {
    let actor = cache.get(request);
    if (!actor) {
      actor = (fast ? fast(request) : Promise.resolve(undefined)).then((found) =>
        found === undefined ? lookUp(auth, request) : found,
      );
      cache.set(request, actor);
    }
    return actor;
  };
}

/** The only value of cookie `name` in a Cookie header (better-call's parsing), or null; undefined when repeated. */
export function singleCookie(header: string | undefined, name: string): string | null | undefined {
  if (!header) {
    return null;
  }
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) {
      continue;
    }
    if (found !== null) {
      return undefined;
    }
    let value = part.slice(eq + 1).trim();
    if (value.codePointAt(0) === 34) {
      value = value.slice(1, -1);
    }
    try {
      found = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return undefined;
    }
  }
  return found;
}

/**
 * One-query lookup of a cookie session. Resolves to the actor, to null for a request with no credentials at all,
 * or to undefined when better-auth must decide (see {@link createActorResolver}).
 */
function fastLookUp(auth: Auth, db: Database): (request: FastifyRequest) => Promise<Actor | null | undefined> {
  const context = auth.$context;
  // Built once (ADR 0038): on every signed-in request, drizzle would otherwise rebuild the same SQL.
  const lookUpToken = db
    .select({
      session: { id: sessions.id, expiresAt: sessions.expiresAt },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        image: users.image,
        role: users.role,
        tier: users.tier,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('auth_session_by_token');
  return async (request) => {
    if (request.headers.authorization !== undefined) {
      return undefined;
    }
    const ctx = await context;
    const cookie = singleCookie(request.headers.cookie, ctx.authCookies.sessionToken.name);
    if (cookie === null) {
      // No session cookie and no bearer token: signed out, as getSession would answer.
      return null;
    }
    if (cookie === undefined) {
      return undefined;
    }
    const dot = cookie.lastIndexOf('.');
    const token = cookie.slice(0, dot);
    const signature = Buffer.from(cookie.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', ctx.secret).update(token).digest('base64'));
    if (dot < 1 || signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return undefined;
    }
    const [row] = await lookUpToken.execute({ token });
    const now = Date.now();
    const { expiresIn, updateAge } = ctx.sessionConfig;
    if (
      !row ||
      row.session.expiresAt.getTime() < now ||
      row.session.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now
    ) {
      return undefined;
    }
    return toActor(request, row.user, row.session.id);
  };
}

function toActor(
  request: FastifyRequest,
  user: { id: string; image?: string | null | undefined } & Record<string, unknown>,
  sessionId: string,
): Actor | null {
  const parsed = accountUserSchema.safeParse({ ...user, image: user.image ?? null });
  if (!parsed.success) {
    request.log.error({ issues: parsed.error.issues, userId: user.id }, 'session user has an unknown role or tier');
    return null;
  }
  return { user: parsed.data, sessionId };
}

async function lookUp(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  const result = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  if (!result) {
    return null;
  }
  return toActor(request, result.user, result.session.id);
}

/** 401 when nobody is signed in. */
export function requireUser(actor: Actor | null, message?: string): Actor {
  if (!actor) {
    throw new AppError('UNAUTHENTICATED', message);
  }
  return actor;
}

/** 401 when signed out, 403 when the role is not one of `roles`. */
export function requireRole(actor: Actor | null, roles: readonly UserRole[]): Actor {
  const signedIn = requireUser(actor);
  if (!roles.includes(signedIn.user.role)) {
    throw new AppError('FORBIDDEN');
  }
  return signedIn;
}
