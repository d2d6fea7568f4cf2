import { describe, expect, it } from 'vitest';
import { isLimitReached, meterToneOf, sortFeaturesByUsage, usageLevel } from './usage-level.ts';

const quota = (name: string, used: number, limit: number | null, pct_used: number | null = null) => ({
  type: 'quota' as const,
  name,
  used,
  limit,
  pct_used: pct_used ?? (limit ? (used / limit) * 100 : 0),
});

describe('usage bar colour (spec §9)', () => {
  it.each([
    [0, 10, 'normal', 'info'],
    [7, 10, 'normal', 'info'],
    [79, 100, 'normal', 'info'],
    [8, 10, 'warning', 'warning'],
    [99, 100, 'warning', 'warning'],
    [10, 10, 'reached', 'danger'],
    [12, 10, 'reached', 'danger'],
  ] as const)('%i used of %i is %s (%s)', (used, limit, level, tone) => {
    expect(usageLevel(quota('x', used, limit))).toBe(level);
    expect(meterToneOf[usageLevel(quota('x', used, limit))]).toBe(tone);
  });

  it('is reached when used exceeds the limit even if the percentage says less, or when the percentage is ≥ 100', () => {
    expect(isLimitReached({ used: 11, limit: 10, pct_used: 50 })).toBe(true);
    expect(isLimitReached({ used: 3, limit: 10, pct_used: 100 })).toBe(true);
    expect(isLimitReached({ used: 9, limit: 10, pct_used: 90 })).toBe(false);
  });

  it('never reaches an unlimited quota', () => {
    expect(isLimitReached({ used: 5000, limit: null, pct_used: null })).toBe(false);
    expect(usageLevel({ used: 5000, limit: null, pct_used: 100 })).toBe('normal');
  });
});

describe('sortFeaturesByUsage (spec §2.6, ADR 0029)', () => {
  it('puts the highest percentage first, then unlimited quotas, then yes/no features, ties by name', () => {
    const sorted = sortFeaturesByUsage([
      { type: 'boolean' as const, name: 'Audit', allowed: true },
      quota('Simulations', 2, 10),
      quota('Rapports PDF', 9, 10),
      quota('Imports', 0, null),
      quota('Optimisations', 2, 10),
      quota('Chatbot', 10, 10),
    ]);
    expect(sorted.map((feature) => feature.name)).toEqual([
      'Chatbot',
      'Rapports PDF',
      'Optimisations',
      'Simulations',
      'Imports',
      'Audit',
    ]);
  });
});
