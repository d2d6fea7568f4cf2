import { randomUUID } from 'node:crypto';
import { normaliseTier, paidTiers, type QuotaFeatureName, type UserTier } from '@pilote/contracts';
import { and, type Column, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  activeOrganisations,
  billingSubscriptions,
  businessTrials,
  organisationMembers,
  organisations,
  planEvents,
  usageCounters,
  users,
} from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';

/** A transaction or the database itself. */
export type { Executor } from '../../db/client.ts';

export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;
export type TrialRecord = typeof businessTrials.$inferSelect;

/** The user and the tier that applies to them in the organisation read (their role's for an administrator). */
export interface PlanUser {
  id: string;
  name: string;
  email: string;
  tier: UserTier;
}

/** The organisation that holds the plan (ADR 0078): its id, name and stored tier. */
export interface PlanOrganisation {
  id: string;
  name: string;
  tier: UserTier;
}

const userColumns = { id: users.id, name: users.name, email: users.email, tier: users.tier, role: users.role };

const tierOf = (stored: string | null | undefined): UserTier => normaliseTier(stored ?? 'free') ?? 'free';

/**
 * The tier that applies to a user in an organisation: an administrator has the admin tier whatever the organisation
 * holds (spec §6, ADR 0047); anyone else has the organisation's plan (ADR 0078). The CHECK constraint keeps tiers
 * canonical; normaliseTier also reads the aliases tier1/tier2.
 */
function toPlanUser(
  row: { id: string; name: string; email: string; role: string },
  organisationTier: UserTier,
): PlanUser {
  return { id: row.id, name: row.name, email: row.email, tier: row.role === 'admin' ? 'admin' : organisationTier };
}

/** The organisation row locked until the end of the transaction (its tier changes are serialised). */
export async function lockPlanOrganisation(
  tx: Executor,
  organisationId: string,
): Promise<PlanOrganisation | undefined> {
  const [row] = await tx
    .select({ id: organisations.id, name: organisations.name, tier: organisations.tier })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
    .limit(1);
  return row ? { ...row, tier: tierOf(row.tier) } : undefined;
}

export async function findSubscription(db: Executor, organisationId: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.organisationId, organisationId))
    .limit(1);
  return row;
}

/**
 * What an entitlement is read from: the user, the organisation holding the plan (the user's active one), its
 * subscription and its trial (each at most one row). `organisation` is undefined only for a user in none.
 */
export interface EntitlementRows {
  user: PlanUser;
  organisation: PlanOrganisation | undefined;
  subscription: SubscriptionRecord | undefined;
  trial: TrialRecord | undefined;
}

/**
 * The {@link EntitlementRows} the session's statement read with the actor (ADR 0075: the same rows as
 * {@link entitlementRowsReader}), or undefined when that actor carries none or is another user's.
 */
export function entitlementRowsOfActor(actor: Pick<Actor, 'planRows'> | undefined, userId: string) {
  const rows = actor?.planRows;
  if (!rows || rows.user.id !== userId || !rows.organisation) {
    return undefined;
  }
  const organisation = { ...rows.organisation, tier: tierOf(rows.organisation.tier) };
  return {
    user: toPlanUser(rows.user, organisation.tier),
    organisation,
    subscription: rows.subscription ?? undefined,
    trial: rows.trial ?? undefined,
  } satisfies EntitlementRows;
}

/**
 * The organisation whose plan applies to the user `userId` (a column of the outer query): their active one (remembered
 * and still a member), else their oldest membership — the organisation `organisations.active` gives them, normally
 * the personal one made at sign-up; null for a user in none. Two index lookups (active_organisations' key,
 * organisation_members_user_idx), so a page of users reads it without one statement per user.
 */
export function planOrganisationIdOf(userId: Column): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select ${activeOrganisations.organisationId} from ${activeOrganisations}
      join ${organisationMembers} on ${organisationMembers.organisationId} = ${activeOrganisations.organisationId}
        and ${organisationMembers.userId} = ${activeOrganisations.userId}
      where ${activeOrganisations.userId} = ${userId}),
    (select ${organisationMembers.organisationId} from ${organisationMembers}
      where ${organisationMembers.userId} = ${userId}
      order by ${organisationMembers.createdAt}, ${organisationMembers.organisationId} limit 1))`;
}

/**
 * In SQL, the tier `entitlements.resolve` gives at `at` (without recording the expiries it writes): an administrator's
 * role tier; free for a user in no organisation; else the organisation's stored tier, free once its trial has ended or
 * its canceled subscription's period has passed. For a statement that reads `users` left-joined with the organisation
 * of {@link planOrganisationIdOf}, its subscription and its trial (the admin users list).
 */
export function appliedTierSql(at: Date): SQL<string> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const paid = sql.join(
    paidTiers.map((tier) => sql`${tier}`),
    sql`, `,
  );
  return sql<string>`case
    when ${users.role} = 'admin' then 'admin'
    when ${organisations.id} is null then 'free'
    when ${organisations.tier} = 'business_trial'
      and (${businessTrials.endsAt} is null or ${businessTrials.endsAt} <= ${when}) then 'free'
    when ${organisations.tier} in (${paid}) and ${billingSubscriptions.cancelAtPeriodEnd}
      and ${billingSubscriptions.currentPeriodEnd} <= ${when} then 'free'
    else ${organisations.tier} end`;
}

/**
 * The reader of {@link EntitlementRows} in ONE query: the user, their active organisation (else their oldest
 * membership), its subscription and its trial, prepared once per database (ADR 0038): on every quota check that
 * the session's statement did not already read.
 */
export function entitlementRowsReader(
  db: Database,
): (userId: string, organisationId?: string) => Promise<EntitlementRows | undefined> {
  const organisationOfUser = sql<string | null>`coalesce(
    ${sql.placeholder('organisationId')}::text, ${planOrganisationIdOf(users.id)})`;
  const query = db
    .select({
      user: userColumns,
      organisation: { id: organisations.id, name: organisations.name, tier: organisations.tier },
      subscription: billingSubscriptions,
      trial: businessTrials,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, organisationOfUser))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.organisationId, organisations.id))
    .leftJoin(businessTrials, eq(businessTrials.organisationId, organisations.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('plans_entitlement_rows');
  // `organisationId`: that organisation's plan rather than the user's active one — a unit counted on the organisation
  // an object belongs to (the invoices of one uploaded file, ADR 0086), whatever the user has switched to since.
  return async (userId, organisationId) => {
    const [row] = await query.execute({ userId, organisationId: organisationId ?? null });
    if (!row) {
      return undefined;
    }
    const organisation = row.organisation ? { ...row.organisation, tier: tierOf(row.organisation.tier) } : undefined;
    return {
      user: toPlanUser(row.user, organisation?.tier ?? 'free'),
      organisation,
      subscription: row.subscription ?? undefined,
      trial: row.trial ?? undefined,
    };
  };
}

/** Records the trial unless the organisation or the user already had one; true when this call started it. */
export async function insertTrial(db: Executor, trial: TrialRecord): Promise<boolean> {
  const rows = await db
    .insert(businessTrials)
    .values(trial)
    .onConflictDoNothing()
    .returning({ organisationId: businessTrials.organisationId });
  return rows.length === 1;
}

/** Sets the organisation's trial window (an admin granting the trial tier). */
export async function upsertTrial(db: Executor, trial: TrialRecord): Promise<void> {
  await db
    .insert(businessTrials)
    .values(trial)
    .onConflictDoUpdate({
      target: businessTrials.organisationId,
      set: { startedAt: trial.startedAt, endsAt: trial.endsAt },
    });
}

/**
 * Changes the organisation's tier when it is `expected` (or any tier when `expected` is undefined) and records who /
 * what did it. Returns the previous tier, or undefined when nothing changed (already there, or `expected` no longer
 * true).
 */
export async function changeTier(
  tx: Executor,
  input: {
    organisationId: string;
    to: UserTier;
    expected?: UserTier;
    source: string;
    actorId?: string | null;
    at: Date;
  },
): Promise<UserTier | undefined> {
  const current = await lockPlanOrganisation(tx, input.organisationId);
  const from = current?.tier;
  if (from === undefined || from === input.to || (input.expected !== undefined && from !== input.expected)) {
    return undefined;
  }
  await tx
    .update(organisations)
    .set({ tier: input.to, updatedAt: input.at })
    .where(eq(organisations.id, input.organisationId));
  await tx.insert(planEvents).values({
    id: randomUUID(),
    organisationId: input.organisationId,
    userId: null,
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

/**
 * The account's own stored tier (`users.tier`), which only the administrator role still sets (ADR 0047): the
 * entitlement reads the role, so this is a record, kept with its plan event under the user.
 */
export async function changeUserTier(
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
    organisationId: null,
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

/** A counter: the organisation's units of a feature in the period starting at `periodStart` (ADR 0078). */
export interface CounterKey {
  organisationId: string;
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
export type UnitClaim = CounterKey & { periodEnd: Date; limit: number | null; at: Date; userId: string };

/**
 * The statement that takes one unit (see TakeUnit), not yet prepared, with placeholders `organisationId`, `feature`,
 * `periodStart`, `periodEnd`, `at` and — when `limited` — `limit`; it returns `used`. A caller may run it alone
 * (unitTaker) or as the first part of a statement that also writes what the unit pays for (a simulation and its
 * row, ADR 0046): then both happen, or neither.
 */
export function unitUpsert(db: Database, limited: boolean) {
  return db
    .insert(usageCounters)
    .values({
      organisationId: sql.placeholder('organisationId'),
      feature: sql.placeholder('feature'),
      periodStart: sql.placeholder('periodStart'),
      periodEnd: sql.placeholder('periodEnd'),
      used: 1,
      updatedAt: sql.placeholder('at'),
    })
    .onConflictDoUpdate({
      target: [usageCounters.organisationId, usageCounters.feature, usageCounters.periodStart],
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
      organisationId: key.organisationId,
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
        eq(usageCounters.organisationId, key.organisationId),
        eq(usageCounters.feature, key.feature),
        eq(usageCounters.periodStart, key.periodStart),
        sql`${usageCounters.used} > 0`,
      ),
    );
}

/** Units used per feature in the period starting at `periodStart`. */
export async function countersOf(
  db: Executor,
  organisationId: string,
  periodStart: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ feature: usageCounters.feature, used: usageCounters.used })
    .from(usageCounters)
    .where(and(eq(usageCounters.organisationId, organisationId), eq(usageCounters.periodStart, periodStart)));
  return new Map(rows.map((row) => [row.feature, row.used]));
}

export async function usedOf(db: Executor, key: CounterKey): Promise<number> {
  const [row] = await db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.organisationId, key.organisationId),
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
          eq(usageCounters.organisationId, key.organisationId),
          eq(usageCounters.feature, key.feature),
          eq(usageCounters.periodStart, key.periodStart),
        ),
      );
    await tx.insert(planEvents).values({
      id: randomUUID(),
      organisationId: key.organisationId,
      userId: null,
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

/**
 * A user's plan history for the admin panel: their organisation's events (tier changes, resets; ADR 0078) and their
 * own account's records, which name no organisation — the administrator role's tier change (`changeUserTier`, spec
 * §6, issue #21 §4), newest first.
 */
export async function findPlanEvents(
  db: Executor,
  owner: { organisationId: string; userId: string },
  options: { limit: number; offset: number },
): Promise<{ rows: (typeof planEvents.$inferSelect & { actorEmail: string | null })[]; total: number }> {
  const ofOwner = or(
    eq(planEvents.organisationId, owner.organisationId),
    and(eq(planEvents.userId, owner.userId), isNull(planEvents.organisationId)),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: planEvents.id,
        organisationId: planEvents.organisationId,
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
      .where(ofOwner)
      .orderBy(desc(planEvents.createdAt), desc(planEvents.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(planEvents).where(ofOwner),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The caller's role in an organisation, or undefined when not a member. */
export async function memberRoleIn(db: Executor, organisationId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/** The user's personal organisation (ADR 0066 § 2): the one made with them that they own, else one they own, else their oldest. */
export async function personalOrganisationOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(
      sql`(${organisations.createdAt} = ${users.createdAt} and ${organisationMembers.role} = 'owner') desc`,
      sql`(${organisationMembers.role} = 'owner') desc`,
      organisationMembers.createdAt,
      organisations.id,
    )
    .limit(1);
  return row?.organisationId;
}
