import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  type InvitationBody,
  type InvitationPreview,
  type Organisation,
  type OrganisationBody,
  type OrganisationInvitation,
  type OrganisationInvitationsPage,
  type OrganisationMembersPage,
  type OrganisationRole,
  type OrganisationsPage,
  organisationMessages,
  organisationRoleLabels,
  organisationRoleRank,
  type PageQuery,
} from '@pilote/contracts';
import type { Mailer } from '../../adapters/mail/types.ts';
import { type ObjectStorage, StorageError } from '../../adapters/storage/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createOrganisationAccess } from './access.ts';
import { invitationMail } from './emails.ts';
import {
  countMemberships,
  countOwners,
  deleteMember,
  deleteOrganisation,
  findActiveOrganisationId,
  findInvitation,
  findInvitationByTokenHash,
  findMembers,
  findMembership,
  findMemberships,
  findPendingInvitations,
  findUserEmail,
  insertInvitation,
  insertMember,
  insertOrganisation,
  isMemberByEmail,
  lockOrganisation,
  type MembershipRow,
  markInvitation,
  memberRole,
  revokeOpenInvitations,
  setActiveOrganisation,
  setMemberRole,
  updateOrganisation,
} from './repository.ts';

export interface OrganisationsServiceDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Where the audits' uploaded invoices are: deleted with their organisation (ADR 0079). */
  storage: Pick<ObjectStorage, 'delete'>;
  /** Told of a file that could not be deleted (the organisation is gone all the same). */
  onStorageError?: (uri: string, error: unknown) => void;
  now?: () => Date;
}

/** Files deleted this many at a time once the organisation is gone. */
const FILE_DELETIONS_AT_ONCE = 8;

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_PAGE = { page: 1, pageSize: 1 } as const;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toOrganisation(row: MembershipRow): Organisation {
  return {
    id: row.organisation.id,
    name: row.organisation.name,
    siren: row.organisation.siren,
    vatNumber: row.organisation.vatNumber,
    address: row.organisation.address,
    role: row.role,
    memberCount: row.memberCount,
    createdAt: row.organisation.createdAt.toISOString(),
    updatedAt: row.organisation.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Organisation introuvable.');

/** 403 unless `role` ranks at least `least`; the message says who may. */
function requireRank(role: OrganisationRole, least: OrganisationRole): void {
  if (organisationRoleRank[role] < organisationRoleRank[least]) {
    const message =
      least === 'owner'
        ? organisationMessages.forbiddenOwner
        : least === 'admin'
          ? organisationMessages.forbiddenManage
          : organisationMessages.forbiddenRead;
    throw new AppError('FORBIDDEN', message);
  }
}

/**
 * Organisations, members and invitations (ADR 0061). Every id of an organisation the caller is not a member of
 * answers 404; a member whose role is too low gets 403. Membership changes run in a transaction that locks the
 * organisation's row and re-reads the caller's role under that lock, so two owners demoting each other at once
 * cannot leave it without an owner.
 */
export function createOrganisationsService(deps: OrganisationsServiceDeps) {
  const { db, mailer, publicUrl, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function membershipOf(executor: Executor, actor: Actor, organisationId: string): Promise<MembershipRow> {
    const row = await findMembership(executor, organisationId, actor.user.id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  /** Runs `change` with the organisation locked and the caller's current role (404 when not a member). */
  function locked<T>(
    actor: Actor,
    organisationId: string,
    change: (tx: Executor, role: OrganisationRole) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      if (!(await lockOrganisation(tx, organisationId))) {
        throw notFound();
      }
      const role = await memberRole(tx, organisationId, actor.user.id);
      if (!role) {
        throw notFound();
      }
      return change(tx, role);
    });
  }

  async function requireAnotherOwner(tx: Executor, organisationId: string): Promise<void> {
    if ((await countOwners(tx, organisationId)) < 2) {
      throw new AppError('CONFLICT', organisationMessages.lastOwner);
    }
  }

  /**
   * The caller's active organisation: the remembered one, else their first; a user left without any (removed
   * everywhere, or created before the trigger could run) gets a new personal one, so nothing ever blocks them.
   * The next step of issue #24 attaches objects to what this returns.
   */
  async function active(actor: Actor): Promise<Organisation> {
    const remembered = await findActiveOrganisationId(db, actor.user.id);
    const row = remembered ? await findMembership(db, remembered, actor.user.id) : undefined;
    if (row) {
      return toOrganisation(row);
    }
    const first = (await findMemberships(db, actor.user.id, FIRST_PAGE)).items[0];
    if (first) {
      await setActiveOrganisation(db, actor.user.id, first.organisation.id, now());
      return toOrganisation(first);
    }
    return create(actor, {
      name: actor.user.name.trim() || actor.user.email.split('@')[0] || actor.user.email,
      siren: null,
      vatNumber: null,
      address: null,
    });
  }

  async function create(actor: Actor, body: OrganisationBody): Promise<Organisation> {
    const id = await db.transaction(async (tx) => {
      const at = now();
      const organisationId = await insertOrganisation(tx, body, actor.user.id, at);
      await setActiveOrganisation(tx, actor.user.id, organisationId, at);
      return organisationId;
    });
    return toOrganisation(await membershipOf(db, actor, id));
  }

  /** The objects' check (ADR 0066): `scope`, `authorise`, `requireRole` — see access.ts. */
  const access = createOrganisationAccess({ db, active });

  return {
    active,
    create,
    ...access,

    async list(actor: Actor, query: PageQuery): Promise<OrganisationsPage> {
      const { items, total } = await findMemberships(db, actor.user.id, query);
      return { items: items.map(toOrganisation), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: Actor, organisationId: string): Promise<Organisation> {
      return toOrganisation(await membershipOf(db, actor, organisationId));
    },

    async setActive(actor: Actor, organisationId: string): Promise<Organisation> {
      const row = await membershipOf(db, actor, organisationId);
      await setActiveOrganisation(db, actor.user.id, organisationId, now());
      return toOrganisation(row);
    },

    async update(actor: Actor, organisationId: string, body: OrganisationBody): Promise<Organisation> {
      await locked(actor, organisationId, async (tx, role) => {
        requireRank(role, 'admin');
        await updateOrganisation(tx, organisationId, body, now());
      });
      return toOrganisation(await membershipOf(db, actor, organisationId));
    },

    /** Owners only; never the caller's only organisation (they would be left without a workspace). */
    async remove(actor: Actor, organisationId: string): Promise<void> {
      const files = await locked(actor, organisationId, async (tx, role) => {
        requireRank(role, 'owner');
        if ((await countMemberships(tx, actor.user.id)) < 2) {
          throw new AppError('CONFLICT', organisationMessages.onlyOrganisation);
        }
        return deleteOrganisation(tx, organisationId);
      });
      // The audits' uploaded invoices, once the rows are gone for good (a rolled-back deletion keeps its files).
      for (let start = 0; start < files.length; start += FILE_DELETIONS_AT_ONCE) {
        await Promise.all(
          files.slice(start, start + FILE_DELETIONS_AT_ONCE).map((uri) =>
            storage.delete(uri).catch((error: unknown) => {
              if (!(error instanceof StorageError && error.kind === 'not_found')) {
                deps.onStorageError?.(uri, error);
              }
            }),
          ),
        );
      }
    },

    async members(actor: Actor, organisationId: string, query: PageQuery): Promise<OrganisationMembersPage> {
      await membershipOf(db, actor, organisationId);
      const { items, total } = await findMembers(db, organisationId, query);
      return {
        items: items.map((item) => ({ ...item, joinedAt: item.joinedAt.toISOString() })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Admins change the roles of admins, members and viewers (not into owner); owners change any role. Demoting
     * an owner (oneself included) needs another owner.
     */
    async changeRole(actor: Actor, organisationId: string, userId: string, role: OrganisationRole): Promise<void> {
      await locked(actor, organisationId, async (tx, actorRole) => {
        requireRank(actorRole, 'admin');
        const current = await memberRole(tx, organisationId, userId);
        if (!current) {
          throw new AppError('NOT_FOUND', 'Membre introuvable.');
        }
        if ((current === 'owner' || role === 'owner') && actorRole !== 'owner') {
          throw new AppError('FORBIDDEN', organisationMessages.forbiddenOwner);
        }
        if (current === role) {
          return;
        }
        if (current === 'owner') {
          await requireAnotherOwner(tx, organisationId);
        }
        await setMemberRole(tx, organisationId, userId, role);
      });
    },

    async removeMember(actor: Actor, organisationId: string, userId: string): Promise<void> {
      await locked(actor, organisationId, async (tx, actorRole) => {
        requireRank(actorRole, 'admin');
        const current = await memberRole(tx, organisationId, userId);
        if (!current) {
          throw new AppError('NOT_FOUND', 'Membre introuvable.');
        }
        if (current === 'owner') {
          requireRank(actorRole, 'owner');
          await requireAnotherOwner(tx, organisationId);
        }
        await deleteMember(tx, organisationId, userId);
      });
    },

    /** Anyone but the last owner. A user who leaves their last organisation gets a new one at their next visit. */
    async leave(actor: Actor, organisationId: string): Promise<void> {
      await locked(actor, organisationId, async (tx, role) => {
        if (role === 'owner') {
          await requireAnotherOwner(tx, organisationId);
        }
        await deleteMember(tx, organisationId, actor.user.id);
      });
    },

    /** The owner makes another member owner and stays an administrator. */
    async transfer(actor: Actor, organisationId: string, userId: string): Promise<void> {
      await locked(actor, organisationId, async (tx, role) => {
        requireRank(role, 'owner');
        if (userId === actor.user.id) {
          throw new AppError('VALIDATION_FAILED', organisationMessages.transferToSelf, {
            details: [{ path: '/userId', message: organisationMessages.transferToSelf }],
          });
        }
        if (!(await memberRole(tx, organisationId, userId))) {
          throw new AppError('NOT_FOUND', 'Membre introuvable.');
        }
        await setMemberRole(tx, organisationId, userId, 'owner');
        await setMemberRole(tx, organisationId, actor.user.id, 'admin');
      });
    },

    async invitations(actor: Actor, organisationId: string, query: PageQuery): Promise<OrganisationInvitationsPage> {
      const membership = await membershipOf(db, actor, organisationId);
      requireRank(membership.role, 'admin');
      const { items, total } = await findPendingInvitations(db, organisationId, now(), query);
      return {
        items: items.map(({ invitation, invitedByName }) => ({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role as OrganisationInvitation['role'],
          invitedByName,
          expiresAt: invitation.expiresAt.toISOString(),
          createdAt: invitation.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Admins and owners; a new invitation of the same address replaces the open one. Mails the link. */
    async invite(actor: Actor, organisationId: string, body: InvitationBody): Promise<OrganisationInvitation> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const invitation = {
        id: randomUUID(),
        organisationId,
        email: body.email,
        role: body.role,
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        invitedBy: actor.user.id,
        createdAt: at,
      };
      const organisationName = await locked(actor, organisationId, async (tx, role) => {
        requireRank(role, 'admin');
        if (await isMemberByEmail(tx, organisationId, body.email)) {
          throw new AppError('CONFLICT', organisationMessages.alreadyMember, {
            details: [{ path: '/email', message: organisationMessages.alreadyMember }],
          });
        }
        await revokeOpenInvitations(tx, organisationId, body.email, at);
        await insertInvitation(tx, invitation);
        return (await membershipOf(tx, actor, organisationId)).organisation.name;
      });
      const url = `${publicUrl}/invitation?token=${token}`;
      await mailer.send(
        invitationMail({
          to: body.email,
          url,
          organisationName,
          inviterName: actor.user.name,
          roleLabel: organisationRoleLabels[body.role],
          expiresAt: invitation.expiresAt,
        }),
      );
      return {
        id: invitation.id,
        email: invitation.email,
        role: body.role,
        invitedByName: actor.user.name,
        expiresAt: invitation.expiresAt.toISOString(),
        createdAt: at.toISOString(),
      };
    },

    async revokeInvitation(actor: Actor, organisationId: string, invitationId: string): Promise<void> {
      await locked(actor, organisationId, async (tx, role) => {
        requireRank(role, 'admin');
        const invitation = await findInvitation(tx, organisationId, invitationId);
        if (!invitation || invitation.acceptedAt || invitation.revokedAt) {
          throw new AppError('NOT_FOUND', 'Invitation introuvable.');
        }
        await markInvitation(tx, invitationId, { revokedAt: now() });
      });
    },

    /** What a link invites to: the token is the secret, so no session is needed to read it. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await findInvitationByTokenHash(db, hashInvitationToken(token));
      if (!found) {
        throw new AppError('NOT_FOUND', organisationMessages.invitationInvalid);
      }
      const { invitation } = found;
      const status = invitation.acceptedAt
        ? 'accepted'
        : invitation.revokedAt
          ? 'revoked'
          : invitation.expiresAt <= now()
            ? 'expired'
            : 'pending';
      return {
        organisationName: found.organisationName,
        email: invitation.email,
        role: invitation.role as InvitationPreview['role'],
        status,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * Joins with the invitation's role. Single use; only by the account whose verified e-mail is the invited one.
     * The organisation becomes the caller's active one.
     */
    async accept(actor: Actor, token: string): Promise<Organisation> {
      const organisationId = await db.transaction(async (tx) => {
        const found = await findInvitationByTokenHash(tx, hashInvitationToken(token), { lock: true });
        if (!found) {
          throw new AppError('NOT_FOUND', organisationMessages.invitationInvalid);
        }
        const { invitation } = found;
        if (invitation.acceptedAt) {
          throw new AppError('CONFLICT', organisationMessages.invitationUsed);
        }
        if (invitation.revokedAt) {
          throw new AppError('CONFLICT', organisationMessages.invitationRevoked);
        }
        if (invitation.expiresAt <= now()) {
          throw new AppError('CONFLICT', organisationMessages.invitationExpired);
        }
        const user = await findUserEmail(tx, actor.user.id);
        if (!user || user.email !== invitation.email) {
          throw new AppError('FORBIDDEN', organisationMessages.invitationOtherEmail);
        }
        if (!user.emailVerified) {
          throw new AppError('FORBIDDEN', organisationMessages.invitationUnverified);
        }
        await lockOrganisation(tx, invitation.organisationId);
        const at = now();
        if (!(await memberRole(tx, invitation.organisationId, actor.user.id))) {
          await insertMember(tx, invitation.organisationId, actor.user.id, invitation.role as OrganisationRole, at);
        }
        await markInvitation(tx, invitation.id, { acceptedAt: at });
        await setActiveOrganisation(tx, actor.user.id, invitation.organisationId, at);
        return invitation.organisationId;
      });
      return toOrganisation(await membershipOf(db, actor, organisationId));
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
