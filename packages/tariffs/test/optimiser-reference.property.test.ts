/**
 * The allocation-free solver (ADR 0028) against the solver it replaced (test/reference/solve-v1.ts, unchanged
 * since 5aef9f1): same plan and same cost, to the bit, on random models and series — with and without the
 * distribution rule and the transport penalty, in annual and monthly mode, on series of a few days up to 366 days
 * (13 billing months, two of the same calendar month). Solves of different sizes are interleaved, so that a
 * solve that read scratch memory left over by a previous, larger one would be caught.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type JourConsommation, prepareSeries, solveCapacityPlan } from '../src/index.ts';
import { capacityModelArb } from './arbitraries.ts';
import { solveCapacityPlan as referenceSolve } from './reference/solve-v1.ts';

const modelArb = capacityModelArb(600);

/** Days from a random start (so 366 days span 13 billing months), with zeros, ties, spikes and missing days. */
const seriesArb: fc.Arbitrary<JourConsommation[]> = fc
  .record({
    start: fc.integer({ min: 0, max: 364 }),
    scale: fc.constantFrom(1, 30, 800),
    values: fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
        { weight: 1, arbitrary: fc.constantFrom(0, 0.5, 1) },
        { weight: 1, arbitrary: fc.double({ min: 1, max: 3, noNaN: true }) },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      { minLength: 1, maxLength: 366 },
    ),
  })
  .map(({ start, scale, values }) =>
    values.map((v, i) => ({
      date: addDays(addDays('2025-01-01', start), i),
      mwh: v === null ? null : v * scale,
      qualite: v === null ? ('manquant' as const) : ('mesure' as const),
    })),
  );

describe('solveCapacityPlan (allocation-free) vs the reference solver', () => {
  it('returns the same plan, cost and candidate count, to the bit', () => {
    fc.assert(
      fc.property(
        modelArb,
        fc.array(fc.tuple(seriesArb, fc.boolean()), { minLength: 1, maxLength: 3 }),
        (model, cases) => {
          for (const [jours, monthly] of cases) {
            const series = prepareSeries(jours);
            const expected = referenceSolve(model, series, { monthly });
            const actual = solveCapacityPlan(model, series, { monthly });
            expect(actual).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('same on full years of daily values (28–31 values a month: the breakpoint bracketing of ADR 0039)', () => {
    // fast-check keeps arrays short by default (size « small »): this case forces whole years, where a month's
    // intervals are many and the bracketing skips most of them.
    const yearArb = fc
      .record({
        start: fc.integer({ min: 0, max: 364 }),
        scale: fc.constantFrom(1, 30, 800),
        days: fc.integer({ min: 300, max: 366 }),
        seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        ties: fc.boolean(),
      })
      .map(({ start, scale, days, seed, ties }) => {
        let x = seed;
        const next = () => {
          x = (Math.imul(x, 48271) % 2147483647) >>> 0;
          return x / 2147483647;
        };
        return Array.from({ length: days }, (_, i) => {
          const r = next();
          const v = ties ? Math.round(r * 8) / 8 : r < 0.02 ? 1 + 2 * next() : r;
          return {
            date: addDays(addDays('2025-01-01', start), i),
            mwh: r > 0.995 ? null : v * scale,
            qualite: r > 0.995 ? ('manquant' as const) : ('mesure' as const),
          };
        });
      });
    fc.assert(
      fc.property(modelArb, yearArb, fc.boolean(), (model, jours, monthly) => {
        const series = prepareSeries(jours);
        expect(solveCapacityPlan(model, series, { monthly })).toEqual(referenceSolve(model, series, { monthly }));
      }),
      { numRuns: 150 },
    );
  });
});
