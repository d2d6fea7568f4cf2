import { type AccountUser, accountUserSchema, type UserRole } from '@pilote/contracts';
import type { FastifyRequest } from 'fastify';
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
 */
export function createActorResolver(auth: Auth): ResolveActor {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  return (request) => {
    let actor = cache.get(request);
    if (!actor) {
      actor = lookUp(auth, request);
      cache.set(request, actor);
    }
    return actor;
  };
}

async function lookUp(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  {
    const result = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (!result) {
      return null;
    }
    const parsed = accountUserSchema.safeParse({ ...result.user, image: result.user.image ?? null });
    if (!parsed.success) {
      request.log.error(
        { issues: parsed.error.issues, userId: result.user.id },
        'session user has an unknown role or tier',
      );
      return null;
    }
    return { user: parsed.data, sessionId: result.session.id };
  }
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
