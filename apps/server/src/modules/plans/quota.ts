import {
  type BooleanFeatureName,
  featureAllowed,
  type QuotaFeatureName,
  quotaExceededMessage,
  quotaLimit,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Entitlements } from './entitlements.ts';
import {
  type CounterKey,
  entitlementRowsOfActor,
  returnUnit,
  type UnitClaim,
  unitTaker,
  usedOf,
} from './repository.ts';

/** One unit taken; `refund()` gives it back to the period it was taken from (a failed action). */
export interface Consumption {
  readonly used: number;
  /** The counter the unit was taken from: an action that may give it back later keeps it (`giveBack`). */
  readonly counted: CountedUnit;
  refund(): Promise<void>;
}

/**
 * Where a unit was counted — the organisation and the period's start (ISO) — as a job's JSON payload carries it, so
 * that `giveBack` returns it there even when the user has switched organisation since (ADR 0078).
 */
export interface CountedUnit {
  organisationId: string;
  periodStart: string;
}

export interface QuotaDependencies {
  db: Database;
  entitlements: Entitlements;
}

/**
 * THE server-side check of the plans' features (ADR 0027). A costly action calls `quota.run(userId, feature, …)`;
 * the unit is the user's active organisation's (ADR 0078: its members' usage counts together)
 * (or `consume` + `refund`); a capability calls `requireAllowed`. A new feature registers its name and limits
 * in the catalogue (packages/contracts/src/plans.ts) and calls the same functions — nothing else.
 */
export function createQuota({ db, entitlements }: QuotaDependencies) {
  const takeUnit = unitTaker(db);

  function refused(feature: QuotaFeatureName, limit: number | null): AppError {
    return new AppError('QUOTA_EXCEEDED', quotaExceededMessage(feature, limit ?? 0));
  }

  /** `organisationId`: count on that organisation (where the object is) rather than the user's active one. */
  async function consume(userId: string, feature: QuotaFeatureName, organisationId?: string): Promise<Consumption> {
    const { tier, period, organisation } = await entitlements.resolve(userId, undefined, organisationId);
    const limit = quotaLimit(tier, feature);
    const key: CounterKey = { organisationId: organisation.id, feature, periodStart: period.start };
    const used = await takeUnit({ ...key, userId, periodEnd: period.end, limit, at: entitlements.now() });
    if (used === null) {
      throw refused(feature, limit);
    }
    let refunded = false;
    return {
      used,
      counted: { organisationId: key.organisationId, periodStart: key.periodStart.toISOString() },
      async refund() {
        if (!refunded) {
          refunded = true;
          await returnUnit(db, key, entitlements.now());
        }
      },
    };
  }

  return {
    consume,

    /**
     * The unit an action will take itself, in the statement that writes its result (`unitUpsert`, ADR 0046): the
     * user's counter key, period and limit. 429 at once when the plan gives none; when the statement finds the limit
     * reached (no row), the caller throws `exceeded(claim)`. Nothing is taken here, so there is nothing to give back.
     * `actor`: the caller, whose plan rows the session's statement may have read (ADR 0075): no statement here then.
     */
    async claim(userId: string, feature: QuotaFeatureName, actor?: Pick<Actor, 'planRows'>): Promise<UnitClaim> {
      const { tier, period, organisation } = await entitlements.resolve(userId, entitlementRowsOfActor(actor, userId));
      const limit = quotaLimit(tier, feature);
      if (limit !== null && limit <= 0) {
        throw refused(feature, limit);
      }
      return {
        organisationId: organisation.id,
        userId,
        feature,
        periodStart: period.start,
        periodEnd: period.end,
        limit,
        at: entitlements.now(),
      };
    },

    /** The 429 « limite » of a claim whose unit could not be taken. */
    exceeded(claim: UnitClaim): AppError {
      return refused(claim.feature, claim.limit);
    },

    /**
     * Takes a unit, runs the action, and gives the unit back if the action fails. The action is told where the unit
     * was counted (for a later `giveBack`). `organisationId`: the organisation the unit is counted on when it is not
     * the user's active one (the invoices of a file split in the job count where the file was uploaded, ADR 0086).
     */
    async run<T>(
      userId: string,
      feature: QuotaFeatureName,
      action: (counted: CountedUnit) => Promise<T>,
      organisationId?: string,
    ): Promise<T> {
      const consumption = await consume(userId, feature, organisationId);
      try {
        return await action(consumption.counted);
      } catch (error) {
        await consumption.refund();
        throw error;
      }
    },

    /**
     * Gives back one unit taken earlier, when the action turns out not to count (an invoice audit whose file the
     * reader refused, ADR 0062), to the counter it was taken from (`counted`: the organisation and period it was
     * counted in, whatever the user's active organisation is now). Without `counted` (a job queued before it was
     * carried), to the user's active organisation's current period. Never below zero.
     */
    async giveBack(userId: string, feature: QuotaFeatureName, counted?: CountedUnit): Promise<void> {
      if (counted) {
        const periodStart = new Date(counted.periodStart);
        await returnUnit(db, { organisationId: counted.organisationId, feature, periodStart }, entitlements.now());
        return;
      }
      const { period, organisation } = await entitlements.resolve(userId);
      await returnUnit(db, { organisationId: organisation.id, feature, periodStart: period.start }, entitlements.now());
    },

    /** Refuses early (same 429) when no unit is left, without taking one: the unit is taken by `consume` later. */
    async check(userId: string, feature: QuotaFeatureName): Promise<void> {
      const { tier, period, organisation } = await entitlements.resolve(userId);
      const limit = quotaLimit(tier, feature);
      if (limit === null) {
        return;
      }
      const used = await usedOf(db, { organisationId: organisation.id, feature, periodStart: period.start });
      if (used >= limit) {
        throw refused(feature, limit);
      }
    },

    /** 403 FEATURE_NOT_ALLOWED ('Passez au plan supérieur…') when the user's plan does not include it. */
    async requireAllowed(userId: string, feature: BooleanFeatureName): Promise<void> {
      const { tier } = await entitlements.resolve(userId);
      if (!featureAllowed(tier, feature)) {
        throw new AppError('FEATURE_NOT_ALLOWED');
      }
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
