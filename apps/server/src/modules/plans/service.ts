import {
  type AdminPlanEventsResponse,
  type AdminUserPlanResponse,
  BUSINESS_TRIAL_DAYS,
  type PageQuery,
  type PlanEvent,
  paidTiers,
  planCatalogue,
  type QuotaFeatureName,
  quotaFeatureNameSchema,
  type StartTrialResponse,
  type SubscriptionSummary,
  subscriptionStatusSchema,
  type UsageFeature,
  type UsageResponse,
  type UserRole,
  type UserTier,
  userTierSchema,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, requireRole, requireUser } from '../auth/session.ts';
import { mayManageBilling, requireBillingManager } from './billing-role.ts';
import { type Entitlement, type Entitlements, isEntitling } from './entitlements.ts';
import { addDays, toUsagePeriod } from './periods.ts';
import {
  changeTier,
  countersOf,
  findPlanEvents,
  insertTrial,
  memberRoleIn,
  resetCounter,
  type SubscriptionRecord,
  upsertTrial,
} from './repository.ts';

/** ADR 0009: staff reads a user's plan and usage; only admins change a tier or reset a counter. */
const READERS: readonly UserRole[] = ['staff', 'admin'];
const ADMINS: readonly UserRole[] = ['admin'];

const USER_NOT_FOUND = 'Utilisateur introuvable.';

/** Percentage used with one decimal; 0 when unlimited, 100 when the limit is 0. */
export function pctUsed(used: number, limit: number | null): number {
  if (limit === null) {
    return 0;
  }
  if (limit === 0) {
    return 100;
  }
  return Math.round((used / limit) * 1000) / 10;
}

export function toSubscriptionSummary(record: SubscriptionRecord | undefined): SubscriptionSummary | null {
  if (!record) {
    return null;
  }
  const plan = userTierSchema.safeParse(record.plan);
  const status = subscriptionStatusSchema.safeParse(record.status);
  return {
    provider: record.provider === 'stripe' ? 'stripe' : 'local',
    plan: plan.success ? plan.data : 'free',
    status: status.success ? status.data : 'incomplete',
    current_period_start: record.currentPeriodStart.toISOString(),
    current_period_end: record.currentPeriodEnd.toISOString(),
    cancel_at_period_end: record.cancelAtPeriodEnd,
  };
}

/** First and last names from the one `name` the account holds (first word / the rest). */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export interface PlansServiceDependencies {
  db: Database;
  entitlements: Entitlements;
}

export function createPlansService({ db, entitlements }: PlansServiceDependencies) {
  async function featuresOf(entitlement: Entitlement): Promise<UsageFeature[]> {
    const used = await countersOf(db, entitlement.organisation.id, entitlement.period.start);
    return planCatalogue[entitlement.tier].features.map((feature): UsageFeature => {
      if (feature.type === 'boolean') {
        return { type: 'boolean', name: feature.name, label: feature.label, allowed: feature.allowed };
      }
      const count = used.get(feature.name) ?? 0;
      return {
        type: 'quota',
        name: feature.name,
        label: feature.label,
        limit: feature.limit,
        used: count,
        remaining: feature.limit === null ? null : Math.max(0, feature.limit - count),
        pct_used: pctUsed(count, feature.limit),
      };
    });
  }

  async function existingUser(userId: string): Promise<Entitlement> {
    try {
      return await entitlements.resolve(userId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      }
      throw error;
    }
  }

  async function adminView(userId: string): Promise<AdminUserPlanResponse> {
    const entitlement = await existingUser(userId);
    return {
      user: {
        id: entitlement.user.id,
        name: entitlement.user.name,
        email: entitlement.user.email,
        tier: entitlement.tier,
      },
      organisation: {
        id: entitlement.organisation.id,
        name: entitlement.organisation.name,
        tier: entitlement.organisation.tier,
      },
      period: toUsagePeriod(entitlement.period, entitlements.now()),
      features: await featuresOf(entitlement),
      subscription: toSubscriptionSummary(entitlement.subscription),
      trial_ends_at:
        entitlement.tier === 'business_trial' && entitlement.trial ? entitlement.trial.endsAt.toISOString() : null,
    };
  }

  return {
    /** GET /api/account/usage/ (spec §3). */
    async usage(actor: Actor | null): Promise<UsageResponse> {
      const { user } = requireUser(actor);
      const entitlement = await entitlements.resolve(user.id);
      const role =
        actor?.activeScope?.organisationId === entitlement.organisation.id
          ? actor.activeScope.role
          : await memberRoleIn(db, entitlement.organisation.id, user.id);
      const names = splitName(entitlement.user.name);
      const subscription = toSubscriptionSummary(entitlement.subscription);
      return {
        user: {
          display_name: entitlement.user.name,
          first_name: names.first,
          last_name: names.last,
          username: entitlement.user.email.split('@')[0] ?? entitlement.user.email,
          email: entitlement.user.email,
          tier: entitlement.tier,
        },
        period: toUsagePeriod(entitlement.period, entitlements.now()),
        features: await featuresOf(entitlement),
        subscription,
        trial_ends_at:
          entitlement.tier === 'business_trial' && entitlement.trial ? entitlement.trial.endsAt.toISOString() : null,
        trial_available: entitlement.tier === 'free' && entitlement.trial === undefined,
        can_manage_billing:
          paidTiers.includes(entitlement.tier) && entitlement.subscription !== undefined && mayManageBilling(role),
        organisation: {
          id: entitlement.organisation.id,
          name: entitlement.organisation.name,
          role: role === 'owner' || role === 'admin' || role === 'member' ? role : 'viewer',
        },
        can_change_plan: mayManageBilling(role) && entitlement.tier !== 'admin',
        billing_interval:
          entitlement.subscription && isEntitling(entitlement.subscription)
            ? entitlement.subscription.interval === 'year'
              ? 'year'
              : 'month'
            : null,
      };
    },

    /** POST /api/account/trial/: the 14-day business trial, once per user, from the free tier. */
    async startTrial(actor: Actor | null): Promise<StartTrialResponse> {
      const { user } = requireUser(actor);
      const entitlement = await entitlements.resolve(user.id);
      if (entitlement.tier !== 'free' || entitlement.trial) {
        throw new AppError('TRIAL_UNAVAILABLE');
      }
      await requireBillingManager(db, entitlement.organisation.id, user.id);
      const at = entitlements.now();
      const endsAt = addDays(at, BUSINESS_TRIAL_DAYS);
      const organisationId = entitlement.organisation.id;
      await db.transaction(async (tx) => {
        const inserted = await insertTrial(tx, { organisationId, userId: user.id, startedAt: at, endsAt });
        const from = inserted
          ? await changeTier(tx, {
              organisationId,
              to: 'business_trial',
              expected: 'free',
              source: 'trial',
              actorId: user.id,
              at,
            })
          : undefined;
        if (from === undefined) {
          // Already used, or the tier moved meanwhile (a checkout completed): nothing is kept.
          throw new AppError('TRIAL_UNAVAILABLE');
        }
      });
      return { tier: 'business_trial', trial_ends_at: endsAt.toISOString() };
    },

    /** GET /api/admin/users/:id/plan (staff and admins). */
    async adminUserPlan(actor: Actor | null, userId: string): Promise<AdminUserPlanResponse> {
      requireRole(actor, READERS);
      return adminView(userId);
    },

    /** PATCH /api/admin/users/:id/tier (admins), recorded with who and when. */
    async adminSetTier(actor: Actor | null, userId: string, tier: UserTier): Promise<AdminUserPlanResponse> {
      const admin = requireRole(actor, ADMINS);
      const { organisation } = await existingUser(userId);
      const at = entitlements.now();
      await db.transaction(async (tx) => {
        if (tier === 'business_trial') {
          // The trial tier needs its window: an admin grants a fresh 14-day one (it counts as the organisation's trial).
          await upsertTrial(tx, {
            organisationId: organisation.id,
            userId: null,
            startedAt: at,
            endsAt: addDays(at, BUSINESS_TRIAL_DAYS),
          });
        }
        await changeTier(tx, {
          organisationId: organisation.id,
          to: tier,
          source: 'admin',
          actorId: admin.user.id,
          at,
        });
      });
      return adminView(userId);
    },

    /** POST /api/admin/users/:id/usage/reset (admins): the current period's counter back to 0. */
    async adminResetUsage(
      actor: Actor | null,
      userId: string,
      feature: QuotaFeatureName,
    ): Promise<AdminUserPlanResponse> {
      const admin = requireRole(actor, ADMINS);
      const entitlement = await existingUser(userId);
      await resetCounter(db, {
        organisationId: entitlement.organisation.id,
        feature,
        periodStart: entitlement.period.start,
        actorId: admin.user.id,
        at: entitlements.now(),
      });
      return adminView(userId);
    },

    /** GET /api/admin/users/:id/plan-events (staff and admins), newest first. */
    async adminPlanEvents(actor: Actor | null, userId: string, query: PageQuery): Promise<AdminPlanEventsResponse> {
      requireRole(actor, READERS);
      const { organisation } = await existingUser(userId);
      const { rows, total } = await findPlanEvents(
        db,
        { organisationId: organisation.id, userId },
        {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        },
      );
      const tierOrNull = (value: string | null) => {
        const parsed = userTierSchema.safeParse(value);
        return parsed.success ? parsed.data : null;
      };
      const items = rows.map(
        (row): PlanEvent => ({
          id: row.id,
          kind: row.kind === 'usage_reset' ? 'usage_reset' : 'tier_change',
          source: row.source,
          from_tier: tierOrNull(row.fromTier),
          to_tier: tierOrNull(row.toTier),
          feature: quotaFeatureNameSchema.safeParse(row.feature).data ?? null,
          actor: row.actorId && row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
          created_at: row.createdAt.toISOString(),
        }),
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
