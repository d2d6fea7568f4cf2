import { describe, expect, it } from 'vitest';
import {
  adminSetTierBodySchema,
  createCheckoutSessionBodySchema,
  isLimitReached,
  normaliseTier,
  planCatalogue,
  pricingResponseSchema,
  quotaExceededMessage,
  quotaFeatureNames,
  quotaLimit,
  usageLevel,
} from './plans.ts';

describe('tiers', () => {
  it('reads the aliases tier1 = basic and tier2 = premium wherever a tier is read', () => {
    expect(normaliseTier('tier1')).toBe('basic');
    expect(normaliseTier('tier2')).toBe('premium');
    expect(normaliseTier('premium')).toBe('premium');
    expect(normaliseTier('tier3')).toBeNull();
    expect(normaliseTier('constructor')).toBeNull();
    expect(adminSetTierBodySchema.parse({ tier: 'tier2' })).toEqual({ tier: 'premium' });
    expect(adminSetTierBodySchema.safeParse({ tier: 'gold' }).success).toBe(false);
  });
});

describe('checkout body', () => {
  it('keeps only the plan id and the interval: amount, price and currency are dropped', () => {
    expect(
      createCheckoutSessionBodySchema.parse({ plan: 'tier1', amount: 1, price: 0.01, currency: 'usd', unit_amount: 1 }),
    ).toEqual({ plan: 'basic', interval: 'month' });
    expect(createCheckoutSessionBodySchema.parse({ plan: 'premium', interval: 'year' })).toEqual({
      plan: 'premium',
      interval: 'year',
    });
    expect(createCheckoutSessionBodySchema.safeParse({ plan: 'premium', interval: 'week' }).success).toBe(false);
  });

  it('refuses a plan that cannot be bought', () => {
    for (const plan of ['free', 'admin', 'business_trial', 'gold', '']) {
      expect(createCheckoutSessionBodySchema.safeParse({ plan }).success).toBe(false);
    }
  });
});

describe('plan catalogue', () => {
  it('gives every tier every quota feature, admin unlimited, premium popular', () => {
    for (const plan of Object.values(planCatalogue)) {
      expect(plan.features.filter((feature) => feature.type === 'quota').map((feature) => feature.name)).toEqual([
        ...quotaFeatureNames,
      ]);
    }
    for (const name of quotaFeatureNames) {
      expect(quotaLimit('admin', name)).toBeNull();
      const free = quotaLimit('free', name);
      const basic = quotaLimit('basic', name);
      expect(free).not.toBeNull();
      expect(basic === null || (free !== null && basic > free)).toBe(true);
    }
    expect(
      Object.values(planCatalogue)
        .filter((plan) => plan.popular)
        .map((plan) => plan.id),
    ).toEqual(['premium']);
  });

  it('fits the pricing answer schema', () => {
    const answer = {
      plans: [planCatalogue.free, planCatalogue.basic, planCatalogue.premium],
      trial: { tier: 'business_trial', days: 14, plan: planCatalogue.business_trial },
      provider: 'local',
    };
    expect(pricingResponseSchema.parse(answer)).toEqual(answer);
  });
});

describe('usage display rules (spec §9)', () => {
  it('colours blue, amber from 80 %, red at 100 % or more', () => {
    expect(usageLevel(79.9)).toBe('normal');
    expect(usageLevel(80)).toBe('warning');
    expect(usageLevel(100)).toBe('exceeded');
    expect(usageLevel(130)).toBe('exceeded');
  });

  it('says limit reached when used exceeds the limit or pct is at least 100', () => {
    const base = { type: 'quota', name: 'simulations', label: 'x', remaining: 0 } as const;
    expect(isLimitReached({ ...base, limit: 20, used: 20, pct_used: 100 })).toBe(true);
    expect(isLimitReached({ ...base, limit: 20, used: 19, pct_used: 95, remaining: 1 })).toBe(false);
    expect(isLimitReached({ ...base, limit: 0, used: 0, pct_used: 100 })).toBe(true);
    expect(isLimitReached({ ...base, limit: null, used: 500, pct_used: 0, remaining: null })).toBe(false);
  });

  it('words a refused action with « limite » so the UI shows Limite atteinte', () => {
    expect(quotaExceededMessage('simulations', 20)).toContain('limite');
  });
});
