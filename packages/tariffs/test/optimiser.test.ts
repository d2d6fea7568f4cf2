import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CapacityCostModel,
  capacityCostModelAt,
  evaluatePlan,
  type JourConsommation,
  monthlyOverrun,
  optimiserCja,
  type PreparedSeries,
  planCost,
  prepareSeries,
  solveCapacityPlan,
  TariffInputError,
  tieredPenalty,
  validateRegistry,
} from '../src/index.ts';
import { capacityModelArb } from './arbitraries.ts';

const TOL = 1e-6;

const modelArb = capacityModelArb(60);

/** Random series of `days` days from a random start, values in [0, maxValue] with zeros, spikes and missing days. */
function seriesArb(minDays: number, maxDays: number, maxValue: number): fc.Arbitrary<JourConsommation[]> {
  return fc
    .record({
      start: fc.integer({ min: 0, max: 364 }),
      values: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: fc.double({ min: 0, max: maxValue, noNaN: true }) },
          { weight: 1, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
        { minLength: minDays, maxLength: maxDays },
      ),
    })
    .map(({ start, values }) =>
      values.map((v, i) => ({
        date: addDays(addDays('2025-01-01', start), i),
        mwh: v,
        qualite: v === null ? ('manquant' as const) : ('mesure' as const),
      })),
    );
}

function bruteForceAnnual(model: CapacityCostModel, series: PreparedSeries, margin = 3) {
  let best = Number.POSITIVE_INFINITY;
  let arg = -1;
  for (let c = 0; c <= series.upper + margin; c += 1) {
    const v = planCost(model, series, { cja: c, mensuelles: null });
    if (v < best) {
      best = v;
      arg = c;
    }
  }
  return { best, arg };
}

describe('exact optimiser — annual CJA', () => {
  it('is never worse than any integer CJA in [0, max + margin] (brute force, random models and series)', () => {
    fc.assert(
      fc.property(modelArb, seriesArb(1, 80, 60), (model, jours) => {
        const series = prepareSeries(jours);
        const solved = solveCapacityPlan(model, series, { monthly: false });
        const ours = planCost(model, series, solved.plan);
        const brute = bruteForceAnnual(model, series);
        expect(Number.isInteger(solved.plan.cja)).toBe(true);
        expect(ours).toBeLessThanOrEqual(brute.best + TOL * Math.max(1, brute.best));
        // The solver's own sweep agrees with the direct evaluation of its plan.
        expect(Math.abs(solved.cost - ours)).toBeLessThan(TOL * Math.max(1, ours));
      }),
      { numRuns: 300 },
    );
  });

  it('matches brute force on full years with the real 2025 parameters', () => {
    const built = capacityCostModelAt({ tarif: 'T4', tso: 'NaTran', ntr: 2, date: '2025-07-01', modulation: 12 });
    fc.assert(
      fc.property(seriesArb(365, 365, 140), (jours) => {
        const series = prepareSeries(jours);
        const solved = solveCapacityPlan(built.model, series, { monthly: false });
        const brute = bruteForceAnnual(built.model, series);
        expect(planCost(built.model, series, solved.plan)).toBeLessThanOrEqual(brute.best + TOL * brute.best);
      }),
      { numRuns: 15 },
    );
  });

  it('handles the concave band across 500 MWh/j exactly', () => {
    const built = capacityCostModelAt({ tarif: 'T4', tso: 'Teréga', ntr: 4, date: '2025-07-01', modulation: 0 });
    fc.assert(
      fc.property(seriesArb(40, 70, 700), (jours) => {
        const series = prepareSeries(jours);
        const solved = solveCapacityPlan(built.model, series, { monthly: false });
        const brute = bruteForceAnnual(built.model, series);
        expect(planCost(built.model, series, solved.plan)).toBeLessThanOrEqual(brute.best + TOL * brute.best);
      }),
      { numRuns: 20 },
    );
  });
});

describe('exact optimiser — monthly subscriptions', () => {
  it('is never worse than exhaustive enumeration of (C, K_m) on small instances', () => {
    fc.assert(
      fc.property(modelArb, seriesArb(15, 45, 9), (model, jours) => {
        const series = prepareSeries(jours);
        const solved = solveCapacityPlan(model, series, { monthly: true });
        const ours = planCost(model, series, solved.plan);
        const months = [...new Set(series.months.map((m) => m.month))];
        const upper = series.upper + 1;
        let best = Number.POSITIVE_INFINITY;
        // Full nested enumeration over C and the capacity of every month that has data (others: c_m = 0).
        const extras = new Array<number>(12).fill(0);
        const recurse = (c: number, i: number) => {
          if (i === months.length) {
            best = Math.min(best, planCost(model, series, { cja: c, mensuelles: [...extras] }));
            return;
          }
          const m = months[i] as number;
          for (let k = c; k <= upper; k += 1) {
            extras[m] = k - c;
            recurse(c, i + 1);
          }
          extras[m] = 0;
        };
        for (let c = 0; c <= upper; c += 1) {
          recurse(c, 0);
        }
        expect(solved.plan.mensuelles?.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
        expect(ours).toBeLessThanOrEqual(best + TOL * Math.max(1, best));
        expect(Math.abs(solved.cost - ours)).toBeLessThan(TOL * Math.max(1, ours));
      }),
      { numRuns: 150 },
    );
  });

  it('never costs more than the annual-only optimum', () => {
    fc.assert(
      fc.property(modelArb, seriesArb(30, 120, 80), (model, jours) => {
        const series = prepareSeries(jours);
        const annual = planCost(model, series, solveCapacityPlan(model, series, { monthly: false }).plan);
        const monthly = planCost(model, series, solveCapacityPlan(model, series, { monthly: true }).plan);
        expect(monthly).toBeLessThanOrEqual(annual + TOL * Math.max(1, annual));
      }),
      { numRuns: 100 },
    );
  });
});

describe('cost model', () => {
  const built = capacityCostModelAt({ tarif: 'T4', tso: 'NaTran', ntr: 2, date: '2025-07-01', modulation: 29.015 });

  it('applies the GRDF monthly overrun rule (max + 10 % of the other overruns above 5 %, tiers ×2 / ×4)', () => {
    const rule = built.model.distributionPenalty;
    expect(rule).not.toBeNull();
    if (!rule) {
      return;
    }
    // C = 100: max 120 (20), others 110 (10, counted), 106 (6, counted), 104 (4, ≤ 5 %: not counted).
    const overrun = monthlyOverrun(rule, [104, 120, 110, 106], 100);
    expect(overrun).toBeCloseTo(21.6, 10);
    // January: monthly term = 288 × 4/12 = 96 (délib. 2024-40 §5.1.5); 2 × 96 × (21.6 − 5) + 2 × 96 × (21.6 − 15).
    expect(tieredPenalty(rule, 0, overrun, 100)).toBeCloseTo(192 * 16.6 + 192 * 6.6, 8);
    // July (0.5/12): same overrun costs 8 times less.
    expect(tieredPenalty(rule, 6, overrun, 100)).toBeCloseTo((192 * 23.2) / 8, 8);
    // Under 5 %: no penalty.
    expect(tieredPenalty(rule, 0, monthlyOverrun(rule, [104, 103], 100), 100)).toBe(0);
  });

  it('cost of a given CJA equals the sum of its parts, and the parts match the simulator terms', () => {
    fc.assert(
      fc.property(seriesArb(365, 366, 150), fc.integer({ min: 0, max: 160 }), (jours, cja) => {
        const series = prepareSeries(jours);
        const b = evaluatePlan(built.model, series, { cja, mensuelles: null });
        const sum = b.distribution_fixe + b.transport_fixe + b.transport_stockage + b.transport_penalites;
        expect(Math.abs(b.total_annuel - sum)).toBeLessThan(1e-9 * Math.max(1, sum));
        const d = b.details;
        expect(d.atrdCapaciteAnnuelle).toBeCloseTo(cja * 288, 6);
        expect(d.ctaCapacite).toBeCloseTo(cja * 288 * (0.208 + 0.0471 * 0.8321), 6);
        expect(b.distribution_fixe).toBeCloseTo(d.atrdCapaciteAnnuelle + d.ctaCapacite, 6);
        expect(b.transport_fixe).toBeCloseTo(cja * (123.58 + 2 * 95.85 + 56.31), 6);
        expect(b.transport_stockage).toBeCloseTo(29.015 * 331.44, 6);
        expect(b.transport_penalites).toBeCloseTo(d.penalitesDistribution + d.penalitesTransport, 6);
        const monthSum = Object.values(d.penalitesParMois).reduce((s, v) => s + v, 0);
        expect(monthSum).toBeCloseTo(b.transport_penalites, 6);
      }),
      { numRuns: 30 },
    );
  });

  it('prices monthly subscriptions with the monthly fractions on top of the annual CJA', () => {
    const series = prepareSeries([{ date: '2025-01-10', mwh: 0, qualite: 'mesure' }]);
    const mensuelles = [10, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0];
    const b = evaluatePlan(built.model, series, { cja: 50, mensuelles });
    expect(b.details.atrdCapaciteMensuelle).toBeCloseTo(10 * 288 * (4 / 12) + 4 * 288 * (0.5 / 12), 6);
    const t = 123.58 + 2 * 95.85 + 56.31;
    expect(b.details.transportCapaciteMensuelle).toBeCloseTo(10 * t * (4 / 12) + 4 * t * (0.5 / 12), 6);
  });

  it('registers the new penalty parameters with sources and statuses', () => {
    expect(validateRegistry()).toEqual([]);
    const statuses = new Set(built.params.map((p) => p.statut));
    expect(statuses.has('estimate')).toBe(true);
    expect(built.params.every((p) => p.sources.length > 0)).toBe(true);
  });
});

function year(values: (number | null)[], start = '2025-01-01'): JourConsommation[] {
  return values.map((v, i) => ({
    date: addDays(start, i),
    mwh: v,
    qualite: v === null ? 'manquant' : 'mesure',
  }));
}

const BASE = { tarif: 'T4' as const, tso: 'NaTran', ntr: 2, dateEffet: '2025-07-01' };

describe('optimiserCja', () => {
  it('never returns a negative saving when the current CJA is an integer', () => {
    fc.assert(
      fc.property(seriesArb(365, 365, 200), fc.integer({ min: 0, max: 260 }), (jours, cjaActuelle) => {
        const r = optimiserCja({ ...BASE, serie: { jours, origine: 'mesures' }, cjaActuelle });
        expect(r.economieAnnuelle).toBeGreaterThanOrEqual(0);
        expect(r.pourcentageEconomie).toBeGreaterThanOrEqual(0);
        expect(r.couts.avant.total_annuel).toBeGreaterThanOrEqual(r.couts.apres.total_annuel);
      }),
      { numRuns: 20 },
    );
  });

  it('defaults the current CJA to the year’s max rounded up, and reports the spec fields', () => {
    const values = Array.from({ length: 365 }, (_, i) => 20 + 10 * Math.cos((2 * Math.PI * i) / 365));
    const r = optimiserCja({ ...BASE, serie: { jours: year(values), origine: 'mesures' } });
    expect(r.cjaActuelle).toBe(30);
    expect(r.warnings.some((w) => w.includes('CJA actuelle non fournie'))).toBe(true);
    // The estimated modulation is written the French way (decimal comma), as every number the user reads.
    const modulation = r.warnings.find((w) => w.startsWith('Compensation stockage : modulation estimée'));
    expect(modulation).toMatch(/\(\d+,\d+ MWh\/j\)/);
    for (const side of [r.couts.avant, r.couts.apres]) {
      expect(Object.keys(side).sort()).toEqual(
        ['distribution_fixe', 'total_annuel', 'transport_fixe', 'transport_penalites', 'transport_stockage'].sort(),
      );
    }
    expect(r.economieAnnuelle).toBeCloseTo(r.couts.avant.total_annuel - r.couts.apres.total_annuel, 1);
    expect(r.serie.consoJournaliere).toHaveLength(365);
    expect(r.params.length).toBeGreaterThan(10);
  });

  it('all zeros: CJA 0, no penalty, only storage (0)', () => {
    const r = optimiserCja({ ...BASE, serie: { jours: year(new Array(365).fill(0)), origine: 'mesures' } });
    expect(r.cjaOptimisee).toBe(0);
    expect(r.couts.apres.total_annuel).toBe(0);
    expect(r.couts.apres.transport_penalites).toBe(0);
  });

  it('one spike: paying the penalty is cheaper than subscribing for one day', () => {
    const values = new Array(365).fill(10);
    values[20] = 60; // one day in January
    const r = optimiserCja({ ...BASE, serie: { jours: year(values), origine: 'mesures' } });
    expect(r.cjaActuelle).toBe(60);
    expect(r.cjaOptimisee).toBeLessThan(60);
    expect(r.couts.apres.transport_penalites).toBeGreaterThan(0);
    expect(r.economieAnnuelle).toBeGreaterThan(0);
  });

  it('missing days cannot create an overrun and are reported', () => {
    const values: (number | null)[] = new Array(365).fill(10);
    values[10] = null;
    values[11] = null;
    const r = optimiserCja({ ...BASE, serie: { jours: year(values), origine: 'mesures' } });
    expect(r.serie.joursManquants).toBe(2);
    expect(r.cjaOptimisee).toBeLessThanOrEqual(10);
    expect(r.warnings.some((w) => w.includes('2 jour(s) manquant(s)'))).toBe(true);
  });

  it('monthly mode returns 12 integer subscriptions and refuses a list not of length 12', () => {
    const values = Array.from({ length: 365 }, (_, i) => (i < 59 || i > 334 ? 80 : 20));
    const r = optimiserCja({
      ...BASE,
      serie: { jours: year(values), origine: 'mesures' },
      cjaActuelle: 80,
      capacitesMensuelles: new Array(12).fill(0),
    });
    expect(r.capacitesMensuellesOptimisees).toHaveLength(12);
    expect(r.cjaOptimisee).toBeLessThan(80);
    expect(r.economieAnnuelle).toBeGreaterThan(0);
    expect(() =>
      optimiserCja({ ...BASE, serie: { jours: year(values), origine: 'mesures' }, capacitesMensuelles: [1, 2, 3] }),
    ).toThrow('12 capacités mensuelles requises (M1-M12).');
    expect(() =>
      optimiserCja({
        ...BASE,
        serie: { jours: year(values), origine: 'mesures' },
        capacitesMensuelles: [0, 0, Number.NaN, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      }),
    ).toThrow('Capacité M3 invalide');
  });

  it('rejects duplicate days and negative values with French errors', () => {
    const jours = year([1, 2, 3]);
    expect(() =>
      optimiserCja({ ...BASE, serie: { jours: [...jours, jours[0] as JourConsommation], origine: 'mesures' } }),
    ).toThrow(TariffInputError);
    expect(() => optimiserCja({ ...BASE, serie: { jours: year([1, -2]), origine: 'mesures' } })).toThrow(/positif/);
  });
});
