import {
  type LocalSessionResponse,
  type PricingResponse,
  planCatalogue,
  type SubscriptionSummary,
  type UsageFeature,
  type UsageResponse,
  type UserTier,
} from '@pilote/contracts';

/** Usage of every feature of `tier`'s catalogue entry, with `used` counts per feature name (test data). */
export function usageFeaturesOf(tier: UserTier, used: Partial<Record<string, number>> = {}): UsageFeature[] {
  return planCatalogue[tier].features.map((feature): UsageFeature => {
    if (feature.type === 'boolean') {
      return feature;
    }
    const count = used[feature.name] ?? 0;
    const limit = feature.limit;
    return {
      ...feature,
      used: count,
      remaining: limit === null ? null : Math.max(0, limit - count),
      pct_used: limit === null ? 0 : limit === 0 ? 100 : Math.round((count / limit) * 1000) / 10,
    };
  });
}

export function usageOf(
  tier: UserTier,
  overrides: Partial<Omit<UsageResponse, 'user'>> & { used?: Partial<Record<string, number>> } = {},
): UsageResponse {
  const { used, ...rest } = overrides;
  return {
    user: {
      display_name: 'Camille Martin',
      first_name: 'Camille',
      last_name: 'Martin',
      username: 'camille',
      email: 'camille@exemple.fr',
      tier,
    },
    period: {
      start: '2026-11-01T00:00:00+01:00',
      end: '2026-12-01T00:00:00+01:00',
      next_reset: '2026-12-01T00:00:00+01:00',
      days_left: 8,
    },
    features: usageFeaturesOf(tier, used),
    subscription: null,
    trial_ends_at: null,
    trial_available: tier === 'free',
    can_manage_billing: false,
    organisation: { id: 'org-1', name: 'Martin Énergie', role: 'owner' },
    can_change_plan: tier !== 'admin',
    billing_interval: null,
    ...rest,
  };
}

export function subscriptionOf(plan: UserTier, overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    provider: 'local',
    plan,
    status: 'active',
    current_period_start: '2026-11-23T16:00:00+00:00',
    current_period_end: '2026-12-23T16:00:00+00:00',
    cancel_at_period_end: false,
    ...overrides,
  };
}

export const testPricing: PricingResponse = {
  plans: [planCatalogue.free, planCatalogue.basic, planCatalogue.premium],
  trial: { tier: 'business_trial', days: 14, plan: planCatalogue.business_trial },
  provider: 'local',
};

export function localSessionOf(overrides: Partial<LocalSessionResponse> = {}): LocalSessionResponse {
  return {
    id: 'cs_demo_1',
    kind: 'checkout',
    status: 'open',
    plan: planCatalogue.premium,
    interval: 'month',
    price: { ht_cents: 7900, vat_cents: 1580, ttc_cents: 9480, vat_rate_basis_points: 2000 },
    expires_at: '2026-11-23T17:00:00+00:00',
    cancel_url: '/private/account/settings?payment=canceled',
    return_url: '/private/account/settings?payment=success',
    subscription: null,
    ...overrides,
  };
}
