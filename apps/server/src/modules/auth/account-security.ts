import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';

/**
 * Account-security records kept in better-auth's `verifications` table (ADR 0016): reset-token invalidation,
 * the pending e-mail changes (their links are better-auth JWTs, stateless: we make them single-use and
 * cancellable), and the undo links mailed to the old address. Tokens are stored as SHA-256 digests.
 */

const PENDING_CHANGE = 'email-change:';
const UNDO = 'email-undo:';
/** How long the old address can undo a change (the change link itself lives 24 h). */
export const EMAIL_UNDO_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A Google-only account may change its e-mail within this time after signing in (ADR 0016). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Every password change (reset, change) makes the outstanding reset links of that user useless. */
export async function invalidateResetTokens(db: Database, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** The account a reset link belongs to (its address lifts the sign-in limits once the reset succeeds), or null. */
export async function findResetTokenOwner(db: Database, token: string): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row ?? null;
}

/** The password hash of the user's credential account, or null (Google-only account). */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}

export async function sessionCreatedAt(db: Database, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Records the change link just mailed to the new address: only a recorded link can change the e-mail. */
export async function recordPendingEmailChange(
  db: Database,
  input: { userId: string; token: string; expiresInSeconds: number },
): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${PENDING_CHANGE}${digest(input.token)}`,
    value: input.userId,
    expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
  });
}

/** Consumes the record of a change link; false when it was used, cancelled, expired or never issued. */
export async function consumePendingEmailChange(db: Database, token: string): Promise<boolean> {
  const deleted = await db
    .delete(verifications)
    .where(
      and(eq(verifications.identifier, `${PENDING_CHANGE}${digest(token)}`), gt(verifications.expiresAt, new Date())),
    )
    .returning({ id: verifications.id });
  return deleted.length > 0;
}

/** Issues the undo link's token for the old address; returns the token (only its digest is stored). */
export async function issueEmailUndoToken(db: Database, input: { userId: string; oldEmail: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${UNDO}${digest(token)}`,
    value: JSON.stringify({ userId: input.userId, oldEmail: input.oldEmail }),
    expiresAt: new Date(Date.now() + EMAIL_UNDO_TTL_SECONDS * 1000),
  });
  return token;
}

export type UndoOutcome = 'undone' | 'invalid' | 'conflict';

/**
 * Opens an undo link: puts the old address back (verified, as it was), cancels pending changes, revokes every
 * session and every reset link. Single use.
 */
export async function undoEmailChange(db: Database, token: string): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, `${UNDO}${digest(token)}`), gt(verifications.expiresAt, new Date())))
      .returning({ value: verifications.value });
    if (!record) {
      return 'invalid';
    }
    const { userId, oldEmail } = JSON.parse(record.value) as { userId: string; oldEmail: string };
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, oldEmail), ne(users.id, userId)))
      .limit(1);
    if (taken) {
      return 'conflict';
    }
    const updated = await tx
      .update(users)
      .set({ email: oldEmail, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) {
      return 'invalid';
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, `${PENDING_CHANGE}%`), eq(verifications.value, userId)));
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
    return 'undone';
  });
}
