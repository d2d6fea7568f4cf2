import {
  mayActOnObject,
  type ObjectAction,
  type Organisation,
  type OrganisationRole,
  objectForbiddenMessage,
  organisationMessages,
  organisationRoleRank,
} from '@pilote/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activeOrganisations, organisationMembers } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberRole } from './repository.ts';

/**
 * Where a caller works (ADR 0066): an organisation they are a member of and their role in it. Lists read
 * `organisationId`; new objects are written with it and `userId` (the creator).
 */
export interface OrganisationScope {
  organisationId: string;
  role: OrganisationRole;
  userId: string;
}

/** An object as the check needs it: its organisation and its creator (`user_id`). */
export interface OwnedObject {
  organisationId: string | null;
  userId: string | null;
}

/** 403 with the matrix's French sentence unless `role` may do `action` (`own`: the caller made the object). */
export function requireObjectAction(role: OrganisationRole, action: ObjectAction, own = false): void {
  if (!mayActOnObject(role, action, own)) {
    throw new AppError('FORBIDDEN', objectForbiddenMessage(role));
  }
}

/** The active organisation and the caller's role in it, in one indexed read (the foreign key keeps them paired). */
async function findActiveScope(db: Executor, userId: string): Promise<OrganisationScope | undefined> {
  const [row] = await db
    .select({ organisationId: organisationMembers.organisationId, role: organisationMembers.role })
    .from(activeOrganisations)
    .innerJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, activeOrganisations.organisationId),
        eq(organisationMembers.userId, activeOrganisations.userId),
      ),
    )
    .where(eq(activeOrganisations.userId, userId))
    .limit(1);
  return row ? { organisationId: row.organisationId, role: row.role as OrganisationRole, userId } : undefined;
}

export interface OrganisationAccessDeps {
  db: Executor;
  /** The organisations service's `active` (remembered choice, else first, else a new personal organisation). */
  active: (actor: Actor) => Promise<Organisation>;
}

/**
 * The one check every module uses for an organisation's objects (ADR 0066, docs/permissions.md):
 *
 * - `scope(actor, action)` — the active organisation (lists, new objects); 403 when the role may not `action`
 *   (`'create'` before creating or launching anything);
 * - `authorise(actor, object, action, notFound)` — an object read by id: 404 (`notFound`) unless the caller is a
 *   member of its organisation (any of theirs, not only the active one), then 403 unless the role allows `action`
 *   (`'delete'`: members only what they made);
 * - `requireRole(actor, organisationId, least)` — an organisation addressed by id: 404 unless a member, 403 below
 *   `least`.
 */
export function createOrganisationAccess(deps: OrganisationAccessDeps) {
  const { db } = deps;

  async function scope(actor: Actor, action: ObjectAction = 'read'): Promise<OrganisationScope> {
    // Read with the session on its fast path (lib/actor.ts), else here: the same join either way.
    let found: OrganisationScope | undefined = actor.activeScope
      ? { ...actor.activeScope, userId: actor.user.id }
      : await findActiveScope(db, actor.user.id);
    if (!found) {
      const organisation = await deps.active(actor);
      found = { organisationId: organisation.id, role: organisation.role, userId: actor.user.id };
    }
    requireObjectAction(found.role, action);
    return found;
  }

  /** The object (found) with the caller's scope in its organisation. */
  async function authorise<T extends OwnedObject>(
    actor: Actor,
    object: T | undefined,
    action: ObjectAction,
    notFound: () => AppError,
  ): Promise<OrganisationScope & { object: T & { organisationId: string } }> {
    const organisationId = object?.organisationId;
    if (!object || !organisationId) {
      throw notFound();
    }
    const role = await memberRole(db, organisationId, actor.user.id);
    if (!role) {
      throw notFound();
    }
    requireObjectAction(role, action, object.userId === actor.user.id);
    return { organisationId, role, userId: actor.user.id, object: { ...object, organisationId } };
  }

  async function requireRole(
    actor: Actor,
    organisationId: string,
    least: OrganisationRole,
  ): Promise<OrganisationScope> {
    const role = await memberRole(db, organisationId, actor.user.id);
    if (!role) {
      throw new AppError('NOT_FOUND', 'Organisation introuvable.');
    }
    if (organisationRoleRank[role] < organisationRoleRank[least]) {
      throw new AppError(
        'FORBIDDEN',
        least === 'member'
          ? organisationMessages.viewerReadOnly
          : least === 'owner'
            ? organisationMessages.forbiddenOwner
            : organisationMessages.forbiddenManage,
      );
    }
    return { organisationId, role, userId: actor.user.id };
  }

  return { scope, authorise, requireRole };
}

export type OrganisationAccess = ReturnType<typeof createOrganisationAccess>;
