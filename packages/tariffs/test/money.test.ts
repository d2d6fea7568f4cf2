import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuros, formatNumberFr, formatPercentFr, roundEuros, roundHalfAwayFromZero } from '../src/index.ts';
import { roundHalfAwayFromZeroReference } from './reference/round-v1.ts';

describe('money', () => {
  it('rounds half away from zero to the cent, without binary noise', () => {
    expect(roundEuros(1.005)).toBe(1.01);
    expect(roundEuros(-1.005)).toBe(-1.01);
    expect(roundEuros(920.36048)).toBe(920.36);
    expect(roundEuros(1741.275)).toBe(1741.28);
    expect(roundEuros(2.675)).toBe(2.68);
    expect(roundHalfAwayFromZero(0.125, 2)).toBe(0.13);
    expect(roundHalfAwayFromZero(66.6254, 3)).toBe(66.625);
  });

  it('rounds exactly as the reference (toPrecision(15) on every value), fast path or not', () => {
    const same = (value: number, decimals: number) =>
      Object.is(roundHalfAwayFromZero(value, decimals), roundHalfAwayFromZeroReference(value, decimals));
    // Values near a half cent (the slow path's reason to be), whole cents, plain doubles, large amounts.
    const near = fc
      .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: -3, max: 3 }))
      .map(([cents, ulps]) => {
        let v = (cents + 0.5) / 100;
        for (let i = 0; i < Math.abs(ulps); i += 1) {
          v = ulps > 0 ? v + Number.EPSILON * Math.abs(v) : v - Number.EPSILON * Math.abs(v);
        }
        return v;
      });
    const values = fc.oneof(
      near,
      fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 100),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.double({ min: -1e16, max: 1e16, noNaN: true }),
    );
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 4 }), (value, decimals) => same(value, decimals)),
      { numRuns: 20_000 },
    );
    for (const v of [0, -0, 1.005, -1.005, 2.675, 1741.275, 0.125, 1e15 + 0.5, 4503599627370495.5, 123456789012.345]) {
      for (let d = 0; d <= 3; d += 1) {
        expect(same(v, d)).toBe(true);
      }
    }
  });

  it('formats numbers the French way', () => {
    expect(formatNumberFr(21705.72)).toBe('21 705,72');
    expect(formatNumberFr(288)).toBe('288,00');
    expect(formatNumberFr(109, 0, 3)).toBe('109');
    expect(formatNumberFr(66.625, 0, 3)).toBe('66,625');
    expect(formatEuros(53097.72)).toBe('53 097,72 €');
    expect(formatPercentFr(0.208)).toBe('20,80 %');
    expect(formatPercentFr(0.8321)).toBe('83,21 %');
  });
});
