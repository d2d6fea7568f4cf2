import { createHmac, timingSafeEqual } from 'node:crypto';
import { accountUserSchema, type OrganisationRole } from '@pilote/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  activeOrganisations,
  billingSubscriptions,
  businessTrials,
  organisationMembers,
  organisations,
  sessions,
  users,
} from '../../db/schema.ts';
import type { Actor, ResolveActor } from '../../lib/actor.ts';
import type { Auth } from './auth.ts';

export { type Actor, type ResolveActor, requireRole, requireUser } from '../../lib/actor.ts';

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
 * Fast path (ADR 0022, 0046): a request with only a session cookie, or with a bearer token, is answered with one
 * query (session joined with its user) after checking the token's HMAC with node:crypto, instead of better-auth's
 * getSession (WebCrypto key import + verifications, two queries, plugin hooks, per request). It only ever answers
 * « signed in »: the row must exist and be unexpired, so a signed-out or revoked session stops working at once on
 * every instance (no cache). Everything else — no or a bad signature, unknown or expired token, a session due for
 * its daily refresh, a bearer header the bearer plugin would not take as it stands, a duplicated cookie — goes
 * through better-auth's getSession exactly as before.
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

const BEARER_SCHEME = 'bearer ';
const RAW_TOKEN = /^[A-Za-z0-9]+$/;

/**
 * The signed session token (`token.signature`) that better-auth's bearer plugin would put in the session cookie
 * for this `Authorization` header, or undefined when the plugin would not take it as it stands (another scheme, an
 * empty or oddly shaped token: better-auth then decides). Like the plugin (`requireSignature` off): a token with a
 * dot is the signed cookie value (URI-decoded when it holds a `%`); a bare token is signed here, as the plugin signs
 * it (only the alphanumeric tokens better-auth issues; anything else goes to the plugin).
 */
export function bearerValue(header: string, secret: string): string | undefined {
  if (header.slice(0, BEARER_SCHEME.length).toLowerCase() !== BEARER_SCHEME) {
    return undefined;
  }
  const token = header.slice(BEARER_SCHEME.length).trim();
  if (!token.includes('.')) {
    return RAW_TOKEN.test(token)
      ? `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`
      : undefined;
  }
  let decoded = token;
  if (token.includes('%')) {
    try {
      decoded = decodeURIComponent(token);
    } catch {
      return undefined;
    }
  }
  // The plugin checks the part before the first dot, the cookie check the part before the last: one dot only.
  return decoded.indexOf('.') === decoded.lastIndexOf('.') ? decoded : undefined;
}

/**
 * One-query lookup of a session cookie or bearer token. Resolves to the actor, to null for a request with no credentials at all,
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
      // The active organisation and the role in it (ADR 0066), in the same statement (ADR 0073): the object services'
      // `scope` reads them from the actor instead of one more statement per request.
      activeOrganisationId: organisationMembers.organisationId,
      activeRole: organisationMembers.role,
      // The plan's rows (ADR 0075): the active organisation's tier, subscription and trial (ADR 0078; at most one row
      // each), as `entitlementRowsReader` reads them; a quota claim takes them from the actor instead of a statement.
      organisation: { id: organisations.id, name: organisations.name, tier: organisations.tier },
      subscription: billingSubscriptions,
      trial: businessTrials,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(activeOrganisations, eq(activeOrganisations.userId, users.id))
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, activeOrganisations.organisationId),
        eq(organisationMembers.userId, users.id),
      ),
    )
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.organisationId, organisationMembers.organisationId))
    .leftJoin(businessTrials, eq(businessTrials.organisationId, organisationMembers.organisationId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('auth_session_by_token');
  return async (request) => {
    const ctx = await context;
    const authorization = request.headers.authorization;
    let cookie: string | null | undefined;
    if (authorization === undefined) {
      cookie = singleCookie(request.headers.cookie, ctx.authCookies.sessionToken.name);
      if (cookie === null) {
        // No session cookie and no bearer token: signed out, as getSession would answer.
        return null;
      }
    } else {
      // A bearer token (API clients) takes the cookie's place, as better-auth's bearer plugin puts it there.
      cookie = bearerValue(authorization, ctx.secret);
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
    const actor = toActor(request, row.user, row.session.id);
    if (actor && row.activeOrganisationId !== null && row.activeRole !== null) {
      actor.activeScope = { organisationId: row.activeOrganisationId, role: row.activeRole as OrganisationRole };
    }
    if (actor) {
      const { id, name, email, tier, role } = row.user;
      actor.planRows = {
        user: { id, name, email, tier, role },
        organisation: row.organisation,
        subscription: row.subscription,
        trial: row.trial,
      };
    }
    return actor;
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
