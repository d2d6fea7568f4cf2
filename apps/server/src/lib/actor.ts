import type { AccountUser, OrganisationRole, UserRole } from '@pilote/contracts';
import type { FastifyRequest } from 'fastify';
import type { billingSubscriptions, businessTrials } from '../db/schema.ts';
import { AppError } from './app-error.ts';

// The caller as services and the signed-in scope see it. Lives in lib/ so that plugins/signed-in.ts need not
// import the auth module (issue #22, ADR 0054); modules/auth/session.ts resolves it from the session.

/** Who is calling: the signed-in user (role = admin/staff claim), or null. Services take it as an argument. */
export interface Actor {
  user: AccountUser;
  sessionId: string;
  /**
   * The active organisation and the caller's role in it, read by the session's own statement on the fast path
   * (modules/auth/session.ts, ADR 0073): organisations' `scope` then needs no statement of its own. Undefined when
   * not read (better-auth's path) or when the remembered organisation is not one of the caller's: `scope` reads it.
   * Read afresh on every request, like the session: never cached across requests.
   */
  activeScope?: { organisationId: string; role: OrganisationRole };
  /**
   * The rows the user's plan is computed from — the user's role, the active organisation's tier, subscription and
   * trial (ADR 0078) —
   * read by the session's own statement on the fast path (ADR 0075), as modules/plans reads them
   * (`entitlementRowsReader`): a quota claim then needs no statement of its own. Undefined when not read
   * (better-auth's path): the plans module reads them. Read afresh on every request, never cached across requests.
   */
  planRows?: ActorPlanRows;
}

/** See {@link Actor.planRows}: the stored columns, as read (modules/plans/repository.ts makes the entitlement). */
export interface ActorPlanRows {
  user: { id: string; name: string; email: string; tier: string; role: string };
  /** The active organisation, which holds the plan (ADR 0078); null when the session found none. */
  organisation: { id: string; name: string; tier: string } | null;
  subscription: typeof billingSubscriptions.$inferSelect | null;
  trial: typeof businessTrials.$inferSelect | null;
}

export type ResolveActor = (request: FastifyRequest) => Promise<Actor | null>;

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
