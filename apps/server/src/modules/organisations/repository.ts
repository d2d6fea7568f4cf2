import { randomUUID } from 'node:crypto';
import type { OrganisationRole, PageQuery } from '@pilote/contracts';
import { pageOffset } from '@pilote/contracts';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activeOrganisations,
  audits,
  type OrganisationAddressValue,
  organisationInvitations,
  organisationMembers,
  organisations,
  users,
} from '../../db/schema.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type InvitationRow = typeof organisationInvitations.$inferSelect;

export interface OrganisationIdentity {
  name: string;
  siren: string | null;
  vatNumber: string | null;
  address: OrganisationAddressValue | null;
}

export interface MembershipRow {
  organisation: OrganisationRow;
  role: OrganisationRole;
  memberCount: number;
}

const memberCount = sql<number>`(select count(*)::int from ${organisationMembers} m where m.organisation_id = ${organisations.id})`;

/** The organisations of a user with their role in each, oldest membership first. */
export async function findMemberships(
  db: Executor,
  userId: string,
  query: PageQuery,
): Promise<{ items: MembershipRow[]; total: number }> {
  const rows = await db
    .select({ organisation: organisations, role: organisationMembers.role, memberCount })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ value: count() })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  return { items: rows.map((row) => ({ ...row, role: row.role as OrganisationRole })), total: total?.value ?? 0 };
}

export async function findMembership(
  db: Executor,
  organisationId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select({ organisation: organisations, role: organisationMembers.role, memberCount })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  return row ? { ...row, role: row.role as OrganisationRole } : undefined;
}

/** The organisation row locked until the end of the transaction: every membership change is serialised on it. */
export async function lockOrganisation(tx: Executor, organisationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
    .limit(1);
  return row !== undefined;
}

export async function memberRole(
  db: Executor,
  organisationId: string,
  userId: string,
): Promise<OrganisationRole | undefined> {
  const [row] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  return row?.role as OrganisationRole | undefined;
}

export async function countOwners(db: Executor, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')));
  return row?.value ?? 0;
}

export async function countMemberships(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  return row?.value ?? 0;
}

export async function insertOrganisation(
  db: Executor,
  identity: OrganisationIdentity,
  ownerId: string,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.insert(organisations).values({ id, ...identity, createdAt: now, updatedAt: now });
  await db.insert(organisationMembers).values({ organisationId: id, userId: ownerId, role: 'owner', createdAt: now });
  return id;
}

export async function updateOrganisation(
  db: Executor,
  organisationId: string,
  identity: OrganisationIdentity,
  now: Date,
): Promise<void> {
  await db
    .update(organisations)
    .set({ ...identity, updatedAt: now })
    .where(eq(organisations.id, organisationId));
}

/**
 * Deletes the organisation and, through its foreign keys, everything it owns. Returns its audits' uploaded files
 * (storage URIs), which live outside the database: the caller deletes them once this is committed (ADR 0079).
 */
export async function deleteOrganisation(db: Executor, organisationId: string): Promise<string[]> {
  const files = await db
    .delete(audits)
    .where(eq(audits.organisationId, organisationId))
    .returning({ uri: audits.storageUri });
  await db.delete(organisations).where(eq(organisations.id, organisationId));
  return files.map((file) => file.uri);
}

export async function findMembers(db: Executor, organisationId: string, query: PageQuery) {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: organisationMembers.role,
      joinedAt: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(
      sql`case ${organisationMembers.role} when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`,
      asc(organisationMembers.createdAt),
      asc(users.id),
    )
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ value: count() })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));
  return {
    items: rows.map((row) => ({ ...row, role: row.role as OrganisationRole })),
    total: total?.value ?? 0,
  };
}

export async function insertMember(
  db: Executor,
  organisationId: string,
  userId: string,
  role: OrganisationRole,
  now: Date,
): Promise<void> {
  await db.insert(organisationMembers).values({ organisationId, userId, role, createdAt: now });
}

export async function setMemberRole(
  db: Executor,
  organisationId: string,
  userId: string,
  role: OrganisationRole,
): Promise<void> {
  await db
    .update(organisationMembers)
    .set({ role })
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
}

export async function deleteMember(db: Executor, organisationId: string, userId: string): Promise<void> {
  await db
    .delete(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
}

/** The remembered choice, when it is still one of the user's organisations (the foreign key sees to that). */
export async function findActiveOrganisationId(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: activeOrganisations.organisationId })
    .from(activeOrganisations)
    .where(eq(activeOrganisations.userId, userId))
    .limit(1);
  return row?.organisationId;
}

export async function setActiveOrganisation(
  db: Executor,
  userId: string,
  organisationId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(activeOrganisations)
    .values({ userId, organisationId, updatedAt: now })
    .onConflictDoUpdate({ target: activeOrganisations.userId, set: { organisationId, updatedAt: now } });
}

export async function findPendingInvitations(db: Executor, organisationId: string, now: Date, query: PageQuery) {
  const pending = and(
    eq(organisationInvitations.organisationId, organisationId),
    isNull(organisationInvitations.acceptedAt),
    isNull(organisationInvitations.revokedAt),
    gt(organisationInvitations.expiresAt, now),
  );
  const rows = await db
    .select({ invitation: organisationInvitations, invitedByName: users.name })
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(pending)
    .orderBy(desc(organisationInvitations.createdAt), asc(organisationInvitations.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [total] = await db.select({ value: count() }).from(organisationInvitations).where(pending);
  return { items: rows, total: total?.value ?? 0 };
}

export async function insertInvitation(db: Executor, row: typeof organisationInvitations.$inferInsert): Promise<void> {
  await db.insert(organisationInvitations).values(row);
}

/** Revokes the open invitations of an address (a new one replaces them). */
export async function revokeOpenInvitations(db: Executor, organisationId: string, email: string, now: Date) {
  await db
    .update(organisationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        eq(organisationInvitations.email, email),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    );
}

export async function findInvitation(
  db: Executor,
  organisationId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisationInvitations)
    .where(
      and(eq(organisationInvitations.organisationId, organisationId), eq(organisationInvitations.id, invitationId)),
    )
    .limit(1);
  return row;
}

export async function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<{ invitation: InvitationRow; organisationName: string } | undefined> {
  const base = db
    .select({ invitation: organisationInvitations, organisationName: organisations.name })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = options.lock ? await base.for('update', { of: organisationInvitations }) : await base;
  return row;
}

export async function markInvitation(
  db: Executor,
  invitationId: string,
  change: { acceptedAt?: Date; revokedAt?: Date },
): Promise<void> {
  await db.update(organisationInvitations).set(change).where(eq(organisationInvitations.id, invitationId));
}

export async function findUserEmail(
  db: Executor,
  userId: string,
): Promise<{ email: string; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function isMemberByEmail(db: Executor, organisationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}
