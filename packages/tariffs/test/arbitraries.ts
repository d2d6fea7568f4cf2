import fc from 'fast-check';
import { ATRD7_MONTHLY_FRACTIONS, ATRT8_MONTHLY_FRACTIONS, type CapacityCostModel } from '../src/index.ts';

/**
 * A random capacity cost model with the structure of the real one (rates, band, penalties, fractions) but random
 * values; the ATRD band's threshold up to `maxThreshold` MWh/j (or none).
 */
export function capacityModelArb(maxThreshold: number): fc.Arbitrary<CapacityCostModel> {
  return fc
    .record({
      threshold: fc.oneof(fc.integer({ min: 0, max: maxThreshold }), fc.constant(Number.POSITIVE_INFINITY)),
      rateUpTo: fc.double({ min: 0, max: 400, noNaN: true }),
      rateAboveShare: fc.double({ min: 0, max: 1, noNaN: true }),
      cta: fc.double({ min: 0, max: 0.3, noNaN: true }),
      transport: fc.double({ min: 0, max: 500, noNaN: true }),
      storage: fc.double({ min: 0, max: 5000, noNaN: true }),
      penaltyRate: fc.double({ min: 0, max: 600, noNaN: true }),
      mult1: fc.double({ min: 0, max: 5, noNaN: true }),
      mult2Extra: fc.double({ min: 0, max: 5, noNaN: true }),
      transportPenalty: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 50, noNaN: true })),
      withRule: fc.boolean(),
    })
    .map((r) => ({
      atrd: { threshold: r.threshold, rateUpTo: r.rateUpTo, rateAbove: r.rateUpTo * r.rateAboveShare },
      ctaRate: r.cta,
      transportUnitPrice: r.transport,
      storageAnnual: r.storage,
      atrdMonthlyFractions: ATRD7_MONTHLY_FRACTIONS,
      transportMonthlyFractions: ATRT8_MONTHLY_FRACTIONS,
      distributionPenalty: r.withRule
        ? {
            referenceAnnualRate: r.penaltyRate,
            othersShare: 0.1,
            othersThreshold: 0.05,
            tiers: [
              { from: 0.05, multiple: r.mult1 },
              { from: 0.15, multiple: r.mult1 + r.mult2Extra },
            ],
            monthlyFractions: ATRD7_MONTHLY_FRACTIONS,
          }
        : null,
      transportPenaltyPerMwh: r.transportPenalty,
    }));
}
