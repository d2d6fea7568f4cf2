import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ATRD7_MONTHLY_FRACTIONS,
  addDays,
  buildCapacityMilp,
  type CapacityCostModel,
  capacityCostModelAt,
  HIGHS_EXACT_OPTIONS,
  planCost,
  prepareSeries,
  solveCapacityPlan,
} from '../src/index.ts';

type Highs = Awaited<ReturnType<typeof import('highs')['default']>>;
let highs: Highs;

beforeAll(async () => {
  highs = await (await import('highs')).default();
});

function solveWithHighs(model: CapacityCostModel, jours: Parameters<typeof prepareSeries>[0], monthly: boolean) {
  const series = prepareSeries(jours);
  const milp = buildCapacityMilp(model, series, { monthly });
  const result = highs.solve(milp.lp, HIGHS_EXACT_OPTIONS);
  expect(result.Status).toBe('Optimal');
  return { series, objective: result.ObjectiveValue + milp.constant };
}

const small = fc
  .record({
    start: fc.integer({ min: 0, max: 364 }),
    values: fc.array(fc.double({ min: 0, max: 700, noNaN: true }), { minLength: 5, maxLength: 45 }),
  })
  .map(({ start, values }) =>
    values.map((v, i) => ({ date: addDays(addDays('2025-01-01', start), i), mwh: v, qualite: 'mesure' as const })),
  );

// Few runs per property (fixed work: 0.2–0.4 s idle per test), so each stays far below the 5 s default on a busy
// machine (issue #21 §3); `npm run bench` compares the optimiser with HiGHS at scale.
describe('exact optimiser vs the HiGHS MILP (independent formulation)', () => {
  const real = capacityCostModelAt({ tarif: 'T4', tso: 'NaTran', ntr: 3, date: '2025-07-01', modulation: 5 }).model;
  const withTransportPenalty: CapacityCostModel = { ...real, transportPenaltyPerMwh: 3.5 };

  it('annual CJA: same optimal cost (real 2025 parameters, bands, GRDF penalty rule)', () => {
    fc.assert(
      fc.property(small, (jours) => {
        const { series, objective } = solveWithHighs(real, jours, false);
        const ours = planCost(real, series, solveCapacityPlan(real, series, { monthly: false }).plan);
        expect(Math.abs(ours - objective)).toBeLessThan(1e-3);
      }),
      { numRuns: 15 },
    );
  });

  it('annual CJA with a transport penalty: same optimal cost', () => {
    fc.assert(
      fc.property(small, (jours) => {
        const { series, objective } = solveWithHighs(withTransportPenalty, jours, false);
        const plan = solveCapacityPlan(withTransportPenalty, series, { monthly: false }).plan;
        expect(Math.abs(planCost(withTransportPenalty, series, plan) - objective)).toBeLessThan(1e-3);
      }),
      { numRuns: 10 },
    );
  });

  it('monthly subscriptions: same optimal cost', () => {
    fc.assert(
      fc.property(small, (jours) => {
        const { series, objective } = solveWithHighs(real, jours, true);
        const ours = planCost(real, series, solveCapacityPlan(real, series, { monthly: true }).plan);
        expect(Math.abs(ours - objective)).toBeLessThan(1e-3);
      }),
      { numRuns: 10 },
    );
  });

  it('TP (single rate) and no penalty rule: the LP degenerates to C = 0 or max', () => {
    const model: CapacityCostModel = {
      ...real,
      atrd: { threshold: Number.POSITIVE_INFINITY, rateUpTo: 135.48, rateAbove: 135.48 },
      distributionPenalty: null,
      transportPenaltyPerMwh: 2,
      atrdMonthlyFractions: ATRD7_MONTHLY_FRACTIONS,
    };
    fc.assert(
      fc.property(small, (jours) => {
        const { series, objective } = solveWithHighs(model, jours, false);
        const ours = planCost(model, series, solveCapacityPlan(model, series, { monthly: false }).plan);
        expect(Math.abs(ours - objective)).toBeLessThan(1e-3);
      }),
      { numRuns: 15 },
    );
  });
});
