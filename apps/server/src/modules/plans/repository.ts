import { randomUUID } from 'node:crypto';
import { normaliseTier, type QuotaFeatureName, type UserTier } from '@pilote/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { billingSubscriptions, businessTrials, planEvents, usageCounters, users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';

/** A transaction or the database itself. */
export type { Executor } from '../../db/client.ts';

export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;
export type TrialRecord = typeof businessTrials.$inferSelect;

export interface PlanUser {
  id: string;
  name: string;
  email: string;
  tier: UserTier;
}

const userColumns = { id: users.id, name: users.name, email: users.email, tier: users.tier, role: users.role };

function toPlanUser({
  role,
  ...row
}: {
  id: string;
  name: string;
  email: string;
  tier: string;
  role: string;
}): PlanUser {
  // An administrator has the admin tier whatever is stored (spec §6; accounts made admin before ADR 0047 were left on
  // free). The CHECK constraint keeps tiers canonical; normaliseTier also reads the aliases tier1/tier2.
  return { ...row, tier: role === 'admin' ? 'admin' : (normaliseTier(row.tier) ?? 'free') };
}

/** The user row locked until the end of the transaction (tier changes are serialised per user). */
export async function lockPlanUser(tx: Executor, userId: string): Promise<PlanUser | undefined> {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ? toPlanUser(row) : undefined;
}

export async function findSubscription(db: Executor, userId: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).limit(1);
  return row;
}

/** What a user's entitlement is read from: the user, its subscription and its trial (each at most one row). */
export interface EntitlementRows {
  user: PlanUser;
  subscription: SubscriptionRecord | undefined;
  trial: TrialRecord | undefined;
}

/**
 * The {@link EntitlementRows} the session's statement read with the actor (ADR 0075: the same user, subscription and
 * trial rows as {@link entitlementRowsReader}), or undefined when that actor carries none or is another user's.
 */
export function entitlementRowsOfActor(actor: Pick<Actor, 'planRows'> | undefined, userId: string) {
  const rows = actor?.planRows;
  if (!rows || rows.user.id !== userId) {
    return undefined;
  }
  return {
    user: toPlanUser(rows.user),
    subscription: rows.subscription ?? undefined,
    trial: rows.trial ?? undefined,
  } satisfies EntitlementRows;
}

/**
 * The reader of {@link EntitlementRows} in ONE query (the user left-joined with its subscription and its trial, both
 * keyed by user id), prepared once per database (ADR 0038): on every quota check, so on every costly request.
 */
export function entitlementRowsReader(db: Database): (userId: string) => Promise<EntitlementRows | undefined> {
  const query = db
    .select({ user: userColumns, subscription: billingSubscriptions, trial: businessTrials })
    .from(users)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
    .leftJoin(businessTrials, eq(businessTrials.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('plans_entitlement_rows');
  return async (userId) => {
    const [row] = await query.execute({ userId });
    return row
      ? { user: toPlanUser(row.user), subscription: row.subscription ?? undefined, trial: row.trial ?? undefined }
      : undefined;
  };
}

/** Records the trial unless the user already had one; true when this call started it. */
export async function insertTrial(db: Executor, trial: TrialRecord): Promise<boolean> {
  const rows = await db
    .insert(businessTrials)
    .values(trial)
    .onConflictDoNothing({ target: businessTrials.userId })
    .returning({ userId: businessTrials.userId });
  return rows.length === 1;
}

/** Sets the user's trial window (an admin granting the trial tier). */
export async function upsertTrial(db: Executor, trial: TrialRecord): Promise<void> {
  await db
    .insert(businessTrials)
    .values(trial)
    .onConflictDoUpdate({ target: businessTrials.userId, set: { startedAt: trial.startedAt, endsAt: trial.endsAt } });
}

/**
 * Changes the tier when it is `expected` (or any tier when `expected` is undefined) and records who / what did it.
 * Returns the previous tier, or undefined when nothing changed (already there, or `expected` no longer true).
 */
export async function changeTier(
  tx: Executor,
  input: {
    userId: string;
    to: UserTier;
    expected?: UserTier;
    source: string;
    actorId?: string | null;
    at: Date;
  },
): Promise<UserTier | undefined> {
  const [current] = await tx
    .select({ tier: users.tier })
    .from(users)
    .where(eq(users.id, input.userId))
    .for('update')
    .limit(1);
  const from = current ? (normaliseTier(current.tier) ?? 'free') : undefined;
  if (from === undefined || from === input.to || (input.expected !== undefined && from !== input.expected)) {
    return undefined;
  }
  await tx.update(users).set({ tier: input.to, updatedAt: input.at }).where(eq(users.id, input.userId));
  await tx.insert(planEvents).values({
    id: randomUUID(),
    userId: input.userId,
    kind: 'tier_change',
    source: input.source,
    fromTier: from,
    toTier: input.to,
    feature: null,
    actorId: input.actorId ?? null,
    createdAt: input.at,
  });
  return from;
}

// ─── Counters ─────────────────────────────────────────────────────────────────────────────────────────────

export interface CounterKey {
  userId: string;
  feature: QuotaFeatureName;
  periodStart: Date;
}

/**
 * Takes one unit in ONE statement: inserts the period's counter at 1, or adds 1 to it only while it is below
 * `limit` (null = no limit). PostgreSQL locks the conflicting row and re-checks the WHERE on its latest version,
 * so concurrent calls never go past the limit. Returns the new count, or null when the limit was reached.
 */
export type TakeUnit = (key: UnitClaim) => Promise<number | null>;

/** The key, period and limit of one unit to take, and the time it is taken at (TakeUnit, unitUpsert). */
export type UnitClaim = CounterKey & { periodEnd: Date; limit: number | null; at: Date };

/**
 * The statement that takes one unit (see TakeUnit), not yet prepared, with placeholders `userId`, `feature`,
 * `periodStart`, `periodEnd`, `at` and — when `limited` — `limit`; it returns `used`. A caller may run it alone
 * (unitTaker) or as the first part of a statement that also writes what the unit pays for (a simulation and its
 * row, ADR 0046): then both happen, or neither.
 */
export function unitUpsert(db: Database, limited: boolean) {
  return db
    .insert(usageCounters)
    .values({
      userId: sql.placeholder('userId'),
      feature: sql.placeholder('feature'),
      periodStart: sql.placeholder('periodStart'),
      periodEnd: sql.placeholder('periodEnd'),
      used: 1,
      updatedAt: sql.placeholder('at'),
    })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.feature, usageCounters.periodStart],
      set: { used: sql`${usageCounters.used} + 1`, updatedAt: sql`excluded.updated_at` },
      ...(limited ? { setWhere: sql`${usageCounters.used} < ${sql.placeholder('limit')}` } : {}),
    })
    .returning({ used: usageCounters.used });
}

/**
 * Takes one unit in ONE statement: inserts the period's counter at 1, or adds 1 to it only while it is below
 * `limit` (null = no limit). PostgreSQL locks the conflicting row and re-checks the WHERE on its latest version,
 * so concurrent calls never go past the limit. Returns the new count, or null when the limit was reached.
 * Both statements (with and without a limit) are prepared once per database (ADR 0038).
 */
export function unitTaker(db: Database): TakeUnit {
  const upsert = (limited: boolean) =>
    unitUpsert(db, limited).prepare(limited ? 'plans_take_unit_limited' : 'plans_take_unit');
  const unlimited = upsert(false);
  const limited = upsert(true);
  return async (key) => {
    if (key.limit !== null && key.limit <= 0) {
      return null;
    }
    const values = {
      userId: key.userId,
      feature: key.feature,
      periodStart: key.periodStart,
      periodEnd: key.periodEnd,
      at: key.at,
    };
    const rows = await (key.limit === null
      ? unlimited.execute(values)
      : limited.execute({ ...values, limit: key.limit }));
    return rows[0]?.used ?? null;
  };
}

/** Gives one unit back (a failed action); never below 0. */
export async function returnUnit(db: Executor, key: CounterKey, at: Date): Promise<void> {
  await db
    .update(usageCounters)
    .set({ used: sql`${usageCounters.used} - 1`, updatedAt: at })
    .where(
      and(
        eq(usageCounters.userId, key.userId),
        eq(usageCounters.feature, key.feature),
        eq(usageCounters.periodStart, key.periodStart),
        sql`${usageCounters.used} > 0`,
      ),
    );
}

/** Units used per feature in the period starting at `periodStart`. */
export async function countersOf(db: Executor, userId: string, periodStart: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ feature: usageCounters.feature, used: usageCounters.used })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.periodStart, periodStart)));
  return new Map(rows.map((row) => [row.feature, row.used]));
}

export async function usedOf(db: Executor, key: CounterKey): Promise<number> {
  const [row] = await db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.userId, key.userId),
        eq(usageCounters.feature, key.feature),
        eq(usageCounters.periodStart, key.periodStart),
      ),
    )
    .limit(1);
  return row?.used ?? 0;
}

/** Admin reset: the period's counter back to 0, recorded with who and when. */
export async function resetCounter(db: Database, key: CounterKey & { actorId: string; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(usageCounters)
      .set({ used: 0, updatedAt: key.at })
      .where(
        and(
          eq(usageCounters.userId, key.userId),
          eq(usageCounters.feature, key.feature),
          eq(usageCounters.periodStart, key.periodStart),
        ),
      );
    await tx.insert(planEvents).values({
      id: randomUUID(),
      userId: key.userId,
      kind: 'usage_reset',
      source: 'admin',
      fromTier: null,
      toTier: null,
      feature: key.feature,
      actorId: key.actorId,
      createdAt: key.at,
    });
  });
}

// ─── Audit ────────────────────────────────────────────────────────────────────────────────────────────────

export async function findPlanEvents(
  db: Executor,
  userId: string,
  options: { limit: number; offset: number },
): Promise<{ rows: (typeof planEvents.$inferSelect & { actorEmail: string | null })[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: planEvents.id,
        userId: planEvents.userId,
        kind: planEvents.kind,
        source: planEvents.source,
        fromTier: planEvents.fromTier,
        toTier: planEvents.toTier,
        feature: planEvents.feature,
        actorId: planEvents.actorId,
        createdAt: planEvents.createdAt,
        actorEmail: users.email,
      })
      .from(planEvents)
      .leftJoin(users, eq(users.id, planEvents.actorId))
      .where(eq(planEvents.userId, userId))
      .orderBy(desc(planEvents.createdAt), desc(planEvents.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(planEvents).where(eq(planEvents.userId, userId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
