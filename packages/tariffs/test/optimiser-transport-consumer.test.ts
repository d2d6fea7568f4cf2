import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  buildCapacityMilp,
  evaluatePlan,
  HIGHS_EXACT_OPTIONS,
  optimiserCja,
  planCost,
  prepareSeries,
  solveCapacityPlan,
  transportConsumerCostModelAt,
} from '../src/index.ts';

type Highs = Awaited<ReturnType<typeof import('highs')['default']>>;
let highs: Highs;

beforeAll(async () => {
  highs = await (await import('highs')).default();
});

/** A random LI / PIC site: TSO, NTR, date of the grids, modulation, a short series. */
const site = fc.record({
  tso: fc.constantFrom('NaTran' as const, 'Teréga' as const),
  ntr: fc.integer({ min: 0, max: 10 }),
  date: fc.constantFrom('2025-07-01', '2026-04-01', '2026-11-01'),
  modulation: fc.double({ min: 0, max: 50, noNaN: true }),
  start: fc.integer({ min: 0, max: 364 }),
  values: fc.array(fc.double({ min: 0, max: 900, noNaN: true }), { minLength: 5, maxLength: 45 }),
});

function matchesHighs(monthly: boolean) {
  return fc.property(site, ({ tso, ntr, date, modulation, start, values }) => {
    const { model } = transportConsumerCostModelAt({ tso, ntr, date, modulation });
    const jours = values.map((mwh, i) => ({
      date: addDays(addDays('2025-01-01', start), i),
      mwh,
      qualite: 'mesure' as const,
    }));
    const series = prepareSeries(jours);
    const milp = buildCapacityMilp(model, series, { monthly });
    const result = highs.solve(milp.lp, HIGHS_EXACT_OPTIONS);
    expect(result.Status).toBe('Optimal');
    const solved = solveCapacityPlan(model, series, { monthly });
    const ours = planCost(model, series, solved.plan);
    expect(Math.abs(ours - (result.ObjectiveValue + milp.constant))).toBeLessThan(1e-3);
    expect(Math.abs(ours - solved.cost)).toBeLessThan(1e-6);
    expect(Number.isInteger(solved.plan.cja)).toBe(true);
  });
}

// Same shape as the PITD test (optimiser-lp.test.ts): small series, HiGHS in WebAssembly on a loaded machine. 200
// sites in two tests of 100 (about 2.5 s of CPU each, nearly all of it HiGHS), so each stays well under its timeout.
describe('LI / PIC optimiser vs the HiGHS MILP (ADR 0052)', () => {
  it('matches HiGHS on 30 random transport-connected sites, annual CJA', () => {
    fc.assert(matchesHighs(false), { numRuns: 30, seed: 52 });
  });

  it('matches HiGHS on 30 more random transport-connected sites, monthly subscriptions', () => {
    fc.assert(matchesHighs(true), { numRuns: 30, seed: 53 });
  });
});

describe('LI / PIC optimisation (ADR 0052)', () => {
  // January 2026, NaTran, NTR 2: 30 days at 100 MWh/j and one at 110 MWh/j.
  const jours = Array.from({ length: 31 }, (_, i) => ({
    date: addDays('2026-01-01', i),
    mwh: i === 14 ? 110 : 100,
    qualite: 'mesure' as const,
  }));

  it('prices an LI point with the ATRT8 terms of a consumer on transport and finds the optimum by hand', () => {
    const result = optimiserCja({
      raccordement: 'transport',
      tarif: 'T4',
      tso: 'NaTran',
      ntr: 2,
      dateEffet: '2026-04-01',
      serie: { origine: 'mesures', jours },
      cjaActuelle: 110,
      modulation: 10,
    });
    // délib. 2026-28: TCS 127.80 + 2 × TCR 99.12 + TCL (consumer on transport) 39.44 = 365.48 €/MWh/j/an;
    // per-poste term 7 611.06 €/an; CTA 4.71 % on the fixed transport terms; TTS × 10 MWh/j.
    const unit = 127.8 + 2 * 99.12 + 39.44;
    const cta = 0.0471;
    // January penalty: 20 × the daily price (1/30 of the monthly term, 4/12 of the annual) per MWh/j above 3 %.
    const pi = (20 * unit * (4 / 12)) / 30;
    expect(pi).toBeCloseTo(81.2178, 4);
    // Lowering C from 98 to 97 saves 382.69 € of capacity and costs 30 small overruns of 0.09 MWh/j and 1.03 MWh/j
    // more on the peak; below 97.09 (= 100 / 1.03) every day overruns: C = 97 is the optimum.
    expect(result.cjaOptimisee).toBe(97);
    const excess = 30 * (100 - 1.03 * 97) + (110 - 1.03 * 97);
    const apres = result.details.apres;
    expect(apres.transport_penalites).toBeCloseTo(pi * excess, 6);
    expect(apres.details.termeFixePoste).toBe(7611.06);
    expect(apres.transport_fixe).toBeCloseTo((unit * 97 + 7611.06) * (1 + cta), 6);
    expect(apres.distribution_fixe).toBe(0);
    expect(apres.details.penalitesDistribution).toBe(0);
    const tts = result.params.find((p) => p.id === 'atrt8.tts')?.valeur as number;
    expect(apres.transport_stockage).toBeCloseTo(10 * tts, 9);
    // Before: 110 MWh/j, no overrun.
    expect(result.details.avant.transport_penalites).toBe(0);
    expect(result.economieAnnuelle).toBeGreaterThan(0);
    expect(result.hasEstimates).toBe(true);
    const ids = result.params.map((p) => p.id);
    expect(ids).toContain('atrt8.tcl-transport.natran');
    expect(ids).toContain('atrt8.penalite-consommateur-transport.multiple');
    expect(ids.some((id) => id.startsWith('atrd7'))).toBe(false);
  });

  it('monthly mode: the result is the plan the definitions price', () => {
    const result = optimiserCja({
      raccordement: 'transport',
      tarif: 'T2',
      tso: 'Teréga',
      ntr: 4,
      dateEffet: '2026-11-01',
      serie: { origine: 'mesures', jours },
      capacitesMensuelles: new Array(12).fill(0),
    });
    const { model } = transportConsumerCostModelAt({ tso: 'Teréga', ntr: 4, date: '2026-11-01', modulation: 0 });
    const series = prepareSeries(jours);
    const plan = { cja: result.cjaOptimisee, mensuelles: result.capacitesMensuellesOptimisees };
    const modulationCost = result.details.apres.transport_stockage;
    expect(evaluatePlan(model, series, plan).total_annuel + modulationCost).toBeCloseTo(
      result.details.apres.total_annuel,
      6,
    );
  });

  it('a PITD point still takes T4 / TP only', () => {
    expect(() =>
      optimiserCja({
        tarif: 'T2',
        tso: 'NaTran',
        ntr: 2,
        dateEffet: '2026-04-01',
        serie: { origine: 'mesures', jours },
      }),
    ).toThrow('L’optimisation de la CJA concerne les options T4 et TP.');
  });
});
