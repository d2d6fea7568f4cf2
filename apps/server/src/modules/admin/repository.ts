import { randomBytes } from 'node:crypto';
import type { UserRole, UserTier } from '@pilote/contracts';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { accounts, billingSubscriptions, businessTrials, mailOutbox, organisations, users } from '../../db/schema.ts';
import { appliedTierSql, changeUserTier, planOrganisationIdOf } from '../plans/repository.ts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: UserRole;
  /**
   * The tier that applies to the user now, as `/api/account/me` and the plan dialog read it (ADR 0078): the plan of
   * `organisation`, an administrator's role tier — not the stored `users.tier`, which is no longer the plan.
   */
  tier: UserTier;
  /** The organisation whose plan applies: the active one, else the oldest membership; null for a user in none. */
  organisation: { id: string; name: string } | null;
  createdAt: Date;
}

/** The CHECK constraints on users.role and organisations.tier guarantee the unions. */
const asUserRow = (row: { role: string; tier: string } & Omit<UserRow, 'role' | 'tier'>): UserRow => row as UserRow;

/**
 * Users with the tier that applies to each at `at`, in one statement whatever the page size: the organisation holding
 * the plan, its subscription and its trial are joined (at most one row each), not read per user.
 */
function selectUsers(db: Executor, at: Date, where?: SQL) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      tier: appliedTierSql(at),
      organisation: { id: organisations.id, name: organisations.name },
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, planOrganisationIdOf(users.id)))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.organisationId, organisations.id))
    .leftJoin(businessTrials, eq(businessTrials.organisationId, organisations.id))
    .where(where);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A page of users (search on e-mail or name), newest first: one statement for the page, one for the total. */
export async function findUsers(
  db: Database,
  options: { q?: string | undefined; limit: number; offset: number; at?: Date },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : undefined;
  const where = pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const [rows, totals] = await Promise.all([
    selectUsers(db, options.at ?? new Date(), where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(asUserRow), total: totals[0]?.total ?? 0 };
}

export async function findUserByEmail(db: Database, email: string, at = new Date()): Promise<UserRow | undefined> {
  const [row] = await selectUsers(db, at, eq(users.email, email.toLowerCase())).limit(1);
  return row ? asUserRow(row) : undefined;
}

/**
 * Changes a user's role. An administrator gets the `admin` tier (spec §6: unlimited, no plan cards), and loses it
 * (back to `free`) when no longer an administrator; each tier change is a plan event of source `role` (ADR 0047).
 * Every role change goes through here: the admin panel, `npm run admin:role`.
 */
export async function updateUserRole(
  db: Database,
  id: string,
  role: UserRole,
  actorId: string | null = null,
  at: Date = new Date(),
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!before) {
      return undefined;
    }
    await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, id));
    if (role === 'admin') {
      await changeUserTier(tx, { userId: id, to: 'admin', source: 'role', actorId, at });
    } else if (before.role === 'admin') {
      await changeUserTier(tx, { userId: id, to: 'free', expected: 'admin', source: 'role', actorId, at });
    }
    const [row] = await selectUsers(tx, at, eq(users.id, id)).limit(1);
    return row ? asUserRow(row) : undefined;
  });
}

/**
 * A verified user with a password, written the way better-auth writes one (a 'credential' account whose
 * accountId is the user id). Used by `npm run admin:create`; an administrator gets the admin tier.
 */
export async function insertVerifiedUser(
  db: Database,
  input: { email: string; name: string; role: UserRole; passwordHash: string },
): Promise<UserRow> {
  const id = randomBytes(16).toString('hex');
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: true,
      role: input.role,
      // An administrator has the admin tier from the start (spec §6), as updateUserRole gives it.
      tier: input.role === 'admin' ? 'admin' : 'free',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(accounts).values({
      id: randomBytes(16).toString('hex'),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: input.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    // Read back with the organisation the sign-up trigger made (migration 0016) and the tier it gives.
    const [row] = await selectUsers(tx, now, eq(users.id, id)).limit(1);
    if (!row) {
      throw new Error('user insert returned nothing');
    }
    return asUserRow(row);
  });
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  createdAt: Date;
}

export async function findOutboxMails(
  db: Database,
  options: { limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
