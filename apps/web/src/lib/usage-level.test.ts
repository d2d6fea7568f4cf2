import type { UsageBooleanFeature, UsageQuotaFeature } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { meterToneOf, sortFeaturesByUsage } from './usage-level.ts';

function quota(name: UsageQuotaFeature['name'], used: number, limit: number | null, pct?: number): UsageQuotaFeature {
  const pct_used = pct ?? (limit === null ? 0 : limit === 0 ? 100 : Math.round((used / limit) * 1000) / 10);
  return {
    type: 'quota',
    name,
    label: name,
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    pct_used,
  };
}

describe('usage bar colour (spec §9)', () => {
  it.each([
    [0, 10, 'info'],
    [7, 10, 'info'],
    [79, 100, 'info'],
    [8, 10, 'warning'],
    [99, 100, 'warning'],
    [10, 10, 'danger'],
    [12, 10, 'danger'],
  ] as const)('%i used of %i is %s', (used, limit, tone) => {
    expect(meterToneOf(quota('simulations', used, limit))).toBe(tone);
  });

  it('is red when used exceeds the limit even if the percentage says less', () => {
    expect(meterToneOf(quota('simulations', 11, 10, 50))).toBe('danger');
  });

  it('keeps an unlimited quota blue', () => {
    expect(meterToneOf(quota('simulations', 5000, null))).toBe('info');
  });
});

describe('sortFeaturesByUsage (spec §2.6, ADR 0029)', () => {
  it('puts the highest percentage first, then unlimited quotas, then yes/no features, ties by label', () => {
    const monthly: UsageBooleanFeature = {
      type: 'boolean',
      name: 'monthly_capacities',
      label: 'monthly_capacities',
      allowed: true,
    };
    const sorted = sortFeaturesByUsage([
      monthly,
      quota('simulations', 2, 10),
      quota('pdf_reports', 9, 10),
      quota('mandates', 0, null),
      quota('optimisations', 2, 10),
      quota('chatbot_messages', 10, 10),
    ]);
    expect(sorted.map((feature) => feature.name)).toEqual([
      'chatbot_messages',
      'pdf_reports',
      'optimisations',
      'simulations',
      'mandates',
      'monthly_capacities',
    ]);
  });
});
