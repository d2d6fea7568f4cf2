/**
 * The hand-written fast paths of the optimiser (issue 10 §6) against the definitions they replace: they must
 * agree exactly, so that the optimiser's results do not change by a bit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../src/dates.ts';
import { atrdCapacityAmount } from '../src/optimiser/cost.ts';
import { integerCandidates } from '../src/optimiser/solve.ts';
import type { CapacityCostModel } from '../src/optimiser/types.ts';
import { t4CapacityCharge } from '../src/simulator/capacity-costs.ts';

/** The previous definition: a regular expression, then a round trip through Date.UTC. */
function isIsoDateByDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const pad = (x: number, width: number) => String(x).padStart(width, '0');

describe('isIsoDate (hand parser)', () => {
  it('agrees with the Date.UTC definition on every day, month and year edge (leap years, 00–99, 13th month)', () => {
    let checked = 0;
    for (const year of [0, 1, 99, 100, 1582, 1600, 1700, 1900, 2000, 2023, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isIsoDate(value), value).toBe(isIsoDateByDate(value));
          checked += 1;
        }
      }
    }
    expect(checked).toBe(15 * 14 * 33);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
  });

  it('agrees on arbitrary and near-miss strings', () => {
    for (const value of [
      '',
      '2025-1-01',
      '2025/01/01',
      ' 2025-01-01',
      '2025-01-01\n',
      '2025-01-0a',
      '２０２５-01-01',
    ]) {
      expect(isIsoDate(value), JSON.stringify(value)).toBe(isIsoDateByDate(value));
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => isIsoDate(value) === isIsoDateByDate(value)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
        (value) => isIsoDate(value) === isIsoDateByDate(value),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('atrdCapacityAmount', () => {
  it('equals the simulator’s t4CapacityCharge amount to the bit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.constant(Number.POSITIVE_INFINITY)),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (capacity, threshold, rateUpTo, rateAbove) => {
          const model = { atrd: { threshold, rateUpTo, rateAbove } } as CapacityCostModel;
          expect(
            Object.is(
              atrdCapacityAmount(model, capacity),
              t4CapacityCharge(capacity, threshold, rateUpTo, rateAbove).amount,
            ),
          ).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a negative capacity like the simulator', () => {
    const model = { atrd: { threshold: 500, rateUpTo: 288, rateAbove: 143.94 } } as CapacityCostModel;
    expect(() => atrdCapacityAmount(model, -1)).toThrow(RangeError);
  });
});

describe('integerCandidates', () => {
  /** The previous definition: a Set of ⌊b⌋, ⌊b⌋ + 1, ⌈b⌉ − 1, ⌈b⌉ within [0, upper], plus 0 and upper. */
  function reference(breakpoints: readonly number[], upper: number): number[] {
    const set = new Set<number>([0, upper]);
    for (const b of breakpoints) {
      if (!Number.isFinite(b)) {
        continue;
      }
      const f = Math.floor(b);
      const c = Math.ceil(b);
      for (const x of [f, f + 1, c - 1, c]) {
        if (x >= 0 && x <= upper) {
          set.add(x);
        }
      }
    }
    return [...set].sort((a, b) => a - b);
  }

  it('bitmap and sort paths both give the sorted unique candidates of the definition', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.array(
          fc.oneof(
            fc.double({ min: -5, max: 3100, noNaN: true }),
            fc.integer({ min: -2, max: 3002 }),
            fc.constant(Number.POSITIVE_INFINITY),
            fc.constant(-0),
          ),
          { maxLength: 200 },
        ),
        (upper, points) => {
          const buffer = { data: Float64Array.from(points), length: points.length };
          const expected = reference(points, upper);
          expect([...integerCandidates(buffer, upper)]).toEqual(expected);
          expect([...integerCandidates(buffer, upper, -1)]).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
