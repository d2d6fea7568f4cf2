import { randomBytes } from 'node:crypto';
import type { UserRole, UserTier } from '@pilote/contracts';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, mailOutbox, users } from '../../db/schema.ts';
import { changeUserTier } from '../plans/repository.ts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: UserRole;
  tier: UserTier;
  createdAt: Date;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  role: users.role,
  tier: users.tier,
  createdAt: users.createdAt,
};

/** The CHECK constraints on users.role/tier guarantee the unions. */
const asUserRow = (row: { role: string; tier: string } & Omit<UserRow, 'role' | 'tier'>): UserRow => row as UserRow;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function findUsers(
  db: Database,
  options: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : undefined;
  const where = pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(asUserRow), total: totals[0]?.total ?? 0 };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
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
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!before) {
      return undefined;
    }
    const at = new Date();
    await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, id));
    if (role === 'admin') {
      await changeUserTier(tx, { userId: id, to: 'admin', source: 'role', actorId, at });
    } else if (before.role === 'admin') {
      await changeUserTier(tx, { userId: id, to: 'free', expected: 'admin', source: 'role', actorId, at });
    }
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
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
    const [row] = await tx
      .insert(users)
      .values({
        id,
        name: input.name,
        email: input.email.toLowerCase(),
        emailVerified: true,
        role: input.role,
        // An administrator has the admin tier from the start (spec §6), as updateUserRole gives it.
        tier: input.role === 'admin' ? 'admin' : 'free',
        createdAt: now,
        updatedAt: now,
      })
      .returning(userColumns);
    await tx.insert(accounts).values({
      id: randomBytes(16).toString('hex'),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: input.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
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
