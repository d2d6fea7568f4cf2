import { paidTiers, type UserTier } from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMonths, calendarMonth, type Period, rollForward } from './periods.ts';
import {
  changeTier,
  type EntitlementRows,
  entitlementRowsReader,
  type PlanOrganisation,
  type PlanUser,
  type SubscriptionRecord,
  type TrialRecord,
} from './repository.ts';

/** Provider statuses that keep the paid plan (Stripe keeps access while a payment is retried: past_due). */
export const ENTITLING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export function isEntitling(subscription: Pick<SubscriptionRecord, 'status' | 'plan'>): boolean {
  return ENTITLING_STATUSES.includes(subscription.status) && subscription.plan !== null;
}

/**
 * What a user may do now in the organisation that holds the plan (their active one, ADR 0078): the tier, the billing
 * period the organisation's counters belong to, and what they come from.
 */
export interface Entitlement {
  user: PlanUser;
  organisation: PlanOrganisation;
  tier: UserTier;
  period: Period;
  subscription: SubscriptionRecord | undefined;
  trial: TrialRecord | undefined;
}

/**
 * The billing period of a tier (ADR 0027): the subscription period for a paid tier backed by its subscription
 * (rolled forward by months while the provider's renewal is late; a yearly subscription's current month, ADR 0078), the trial's 14 days, else the calendar month
 * in Europe/Paris (free, admin, or a paid tier an admin set without a subscription).
 */
export function periodOf(
  tier: UserTier,
  subscription: SubscriptionRecord | undefined,
  trial: TrialRecord | undefined,
  now: Date,
): Period {
  if (paidTiers.includes(tier) && subscription && subscription.plan === tier && isEntitling(subscription)) {
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
    if (subscription.interval === 'year') {
      // The plans' quotas are « par mois » whatever the billing interval (ADR 0078): a yearly subscription's year is
      // counted month by month from its start (else a yearly Premium would get 200 optimisations a year, not a month).
      return rollForward({ start, end: addMonths(start, 1) }, now);
    }
    return rollForward({ start, end }, now);
  }
  if (tier === 'business_trial' && trial) {
    return { start: trial.startedAt, end: trial.endsAt };
  }
  return calendarMonth(now);
}

export const NO_ORGANISATION =
  'Vous n’appartenez à aucune organisation : ouvrez la page « Organisation » pour en créer une.';

export interface EntitlementsDependencies {
  db: Database;
  now?: () => Date;
}

/**
 * Reads a user's entitlement, applying the expiries that fall due with time (no job needed): a business trial
 * past its end, and a subscription canceled at period end once that end has passed, go back to free (recorded
 * as 'trial_end' / 'period_end'). Each is a conditional change (only from the expected tier), so concurrent
 * readers record it once.
 */
export function createEntitlements({ db, now = () => new Date() }: EntitlementsDependencies) {
  async function expire(organisationId: string, from: UserTier, source: string, at: Date): Promise<void> {
    await db.transaction(async (tx) => {
      await changeTier(tx, { organisationId, to: 'free', expected: from, source, at });
    });
  }

  const readRows = entitlementRowsReader(db);

  return {
    now,
    /**
     * `known`: the same rows already read in this request (the session's statement, ADR 0075), which spares the
     * query; never rows kept from an earlier request.
     */
    async resolve(userId: string, known?: EntitlementRows, organisationId?: string): Promise<Entitlement> {
      const at = now();
      // One query for the user, its subscription and its trial (ADR 0038; three before), unless already read.
      // `organisationId`: that organisation's plan instead of the active one's (a unit counted where an object is).
      const rows =
        known?.user.id === userId && (organisationId === undefined || known.organisation?.id === organisationId)
          ? known
          : await readRows(userId, organisationId);
      if (!rows) {
        throw new AppError('NOT_FOUND', 'Utilisateur introuvable.');
      }
      const { user, organisation, subscription, trial } = rows;
      if (!organisation) {
        throw new AppError('NOT_FOUND', NO_ORGANISATION);
      }
      let stored = organisation.tier;
      if (stored === 'business_trial' && (!trial || trial.endsAt.getTime() <= at.getTime())) {
        await expire(organisation.id, stored, 'trial_end', at);
        stored = 'free';
      } else if (
        paidTiers.includes(stored) &&
        subscription?.cancelAtPeriodEnd &&
        subscription.currentPeriodEnd.getTime() <= at.getTime()
      ) {
        await expire(organisation.id, stored, 'period_end', at);
        stored = 'free';
      }
      // An administrator's tier is their role's (ADR 0047), in any organisation.
      const tier = user.tier === 'admin' ? 'admin' : stored;
      return {
        user: { ...user, tier },
        organisation: { ...organisation, tier: stored },
        tier,
        period: periodOf(tier, subscription, trial, at),
        subscription,
        trial,
      };
    },

    /**
     * The tier that applies to the user now, as `resolve` gives it (the active organisation's plan, an
     * administrator's role tier), for `GET /api/account/me`; a user in no organisation has none to read: free (admin
     * for an administrator), without the 404 of `resolve`.
     */
    async tierOf(userId: string, known?: EntitlementRows): Promise<UserTier> {
      const rows = known?.user.id === userId ? known : await readRows(userId);
      if (!rows) {
        throw new AppError('NOT_FOUND', 'Utilisateur introuvable.');
      }
      if (rows.organisation) {
        return (await this.resolve(userId, rows)).tier;
      }
      // users.tier is no longer a plan (ADR 0078): only the administrator's role tier is read from it.
      return rows.user.tier === 'admin' ? 'admin' : 'free';
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
