import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableEffectMonths,
  type SimulationInput,
  simulate,
  t4CapacityCharge,
  t4PitdCapacityCostSegments,
} from '../src/index.ts';

const DATES = ['2024-07-01', '2024-12-01', '2025-02-01', '2025-04-01', '2025-07-01', '2026-02-01', '2026-03-01'];
const date = fc.constantFrom(...DATES);
const tso = fc.constantFrom('NaTran', 'Teréga');
const ntr = fc.integer({ min: 0, max: 10 });
const profil = fc.constantFrom('P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018', 'P019' as const);
const zi = fc.double({ min: 0.001, max: 0.012, noNaN: true });
const money = (x: number) => Math.round(x * 100) / 100;

function profiled(tarif: 'T1' | 'T2' | 'T3', car: number, z: number, t: string, n: number): SimulationInput {
  return {
    pointDeReseau: 'PITD',
    code: 'P',
    tso: t,
    dso: 'GRDF',
    profil: 'P016',
    tarif,
    car,
    referentiel: { ntr: n, zi: z, isSample: true },
  };
}

function subscribed(cja: number, car: number, t: string, n: number, interruptible = 0): SimulationInput {
  return {
    pointDeReseau: 'PITD',
    code: 'P',
    tso: t,
    dso: 'GRDF',
    profil: 'P016',
    tarif: 'T4',
    car,
    cja,
    cjsInterruptible: interruptible,
    referentiel: { ntr: n, isSample: false },
  };
}

describe('simulator properties', () => {
  it('total fixed cost is non-decreasing in CAR (T1–T3)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('T1', 'T2', 'T3' as const),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        zi,
        tso,
        ntr,
        date,
        (tarif, a, b, z, t, n, d) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const rLo = simulate(profiled(tarif, lo, z, t, n), d);
          const rHi = simulate(profiled(tarif, hi, z, t, n), d);
          expect(rHi.annuel.totalFixe).toBeGreaterThanOrEqual(rLo.annuel.totalFixe);
          expect(rHi.annuel.termeTransport).toBeGreaterThanOrEqual(rLo.annuel.termeTransport);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('total fixed cost is non-decreasing in CJA (T4), across the 500 MWh/j band limit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 5000, max: 200000, noNaN: true }),
        tso,
        ntr,
        date,
        (a, b, car, t, n, d) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const rLo = simulate(subscribed(lo, car, t, n), d);
          const rHi = simulate(subscribed(hi, car, t, n), d);
          expect(rHi.annuel.totalFixe).toBeGreaterThanOrEqual(rLo.annuel.totalFixe);
          expect(rHi.annuel.termeDistribution).toBeGreaterThanOrEqual(rLo.annuel.termeDistribution);
          expect(rHi.annuel.ctaTotal).toBeGreaterThanOrEqual(rLo.annuel.ctaTotal);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('monthly = annual / 12 for every fixed line and total (to the cent)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3000, noNaN: true }),
        fc.double({ min: 5000, max: 500000, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        tso,
        ntr,
        date,
        (cja, car, interruptible, t, n, d) => {
          const r = simulate(subscribed(cja, car, t, n, interruptible), d);
          for (const key of Object.keys(r.annuel) as (keyof typeof r.annuel)[]) {
            expect(Math.abs(r.mensuel[key] - money(r.annuel[key] / 12)), key).toBeLessThanOrEqual(0.011);
          }
          for (const l of r.lignes.filter((x) => x.kind === 'fixe')) {
            expect(l.annualAmount).not.toBeNull();
            expect(Math.abs((l.monthlyAmount ?? 0) * 12 - (l.annualAmount ?? 0))).toBeLessThanOrEqual(0.06 + 1e-9);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the result does not depend on the profile code alone and is deterministic', () => {
    fc.assert(
      fc.property(profil, date, (p, d) => {
        const input = { ...subscribed(109, 15466.8, 'NaTran', 2), profil: p };
        expect(simulate(input, d)).toEqual(simulate(input, d));
      }),
      { numRuns: 30 },
    );
  });
});

describe('transport-connected points (LI, PIC)', () => {
  it('no ATRD line; fixed transport total = (TCS + TCR × NTR + TCL) × CJA + per-poste term, whatever the option', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('LI' as const, 'PIC' as const),
        fc.constantFrom('T1' as const, 'T2' as const, 'T3' as const, 'T4' as const, 'TP' as const),
        tso,
        ntr,
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (point, tarif, t, n, cja) => {
          const input: SimulationInput = {
            pointDeReseau: point,
            code: 'X',
            tso: t,
            profil: 'P016',
            tarif,
            car: 10000,
            cja,
            assiette: 10000,
            referentiel: { ntr: n, isSample: false },
          };
          const r = simulate(input, '2026-11-01');
          const natran = t === 'NaTran';
          const expected =
            cja * (127.8 + (natran ? 99.12 : 104.14) * n + (natran ? 39.44 : 37.74)) + (natran ? 7611.06 : 4174.02);
          expect(r.lignes.some((l) => l.id.startsWith('atrd.'))).toBe(false);
          expect(r.annuel.termeTransport).toBe(money(expected));
          expect(r.annuel.ctaDso).toBe(0);
          expect(r.annuel.ctaTso).toBe(money(expected * 0.0471));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('capacity-cost pieces (reused by the CJA optimiser)', () => {
  it('T4 charge is continuous and non-decreasing at the band limit', () => {
    const at = (cja: number) => t4CapacityCharge(cja, 500, 288, 143.94).amount;
    expect(at(500)).toBe(144000);
    expect(at(500.0001) - at(500)).toBeGreaterThan(0);
    expect(at(501) - at(500)).toBeCloseTo(143.94, 8);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(at(hi)).toBeGreaterThanOrEqual(at(lo));
        },
      ),
    );
  });

  it('gives the capacity-cost slopes of a T4 PITD (ATRD × (1 + CTA) + transport)', () => {
    const [first, second] = t4PitdCapacityCostSegments('NaTran', 2, '2026-02-01');
    const cta = 0.208 + 0.0471 * 0.8321;
    expect(first?.slope).toBeCloseTo(288 * (1 + cta) + 371.59, 8);
    expect(second?.from).toBe(500);
    expect(second?.slope).toBeCloseTo(144 * (1 + cta) + 371.59, 8);
  });
});

describe('availableEffectMonths', () => {
  it('lists the months the sourced grids cover', () => {
    const months = availableEffectMonths('2024-01', '2028-12', { pointDeReseau: 'PITD', tarif: 'T4', tso: 'NaTran' });
    expect(months[0]).toBe('2024-07-01');
    // Months after the last sourced grid are estimates, not gaps, until the accise estimate stops (January 2028).
    expect(months.at(-1)).toBe('2028-01-01');
    expect(months).toContain('2026-11-01');
    expect(months).toContain('2027-06-01');
    const tp = availableEffectMonths('2024-01', '2026-12', { pointDeReseau: 'PITD', tarif: 'TP', tso: 'NaTran' });
    expect(tp).toContain('2026-02-01');
    expect(tp.at(-1)).toBe('2026-12-01');
    expect(
      availableEffectMonths('2025-01', '2025-12', { pointDeReseau: 'LI', tarif: 'T4', tso: 'NaTran' }),
    ).toHaveLength(12);
  });
});
