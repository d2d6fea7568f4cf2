import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATRD7_GRDF,
  ATRD7_REFERENCE_GRID_2024,
  ATRD7_REFERENCE_GRID_2026,
  ATRD7_RF,
  ATRD7_Y2025,
  indexAtrd7Grid,
  nextIndex,
  type Parameter,
  roundToTwelveCents,
  valueAt,
} from '../src/index.ts';

describe('ATRD7 rounding rule (délib. 2024-40 §5.2.2.1.1)', () => {
  it('rounds annual terms to the nearest multiple of 0.12 €', () => {
    expect(roundToTwelveCents(143.94)).toBe(144);
    expect(roundToTwelveCents(135.72 * 1.0606)).toBe(144);
    expect(roundToTwelveCents(42.72 * 1.0606)).toBe(45.36);
    expect(roundToTwelveCents(1560.96 * 1.0606)).toBe(1655.52);
    expect(roundToTwelveCents(20366.4 * 1.0606)).toBe(21600.6);
  });

  it('always gives an amount divisible by 12 at the cent, at most 0.06 € away', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const euros = cents / 100;
        const rounded = roundToTwelveCents(euros);
        expect(Math.round(rounded * 100) % 12).toBe(0);
        expect(Math.abs(rounded - euros)).toBeLessThanOrEqual(0.06 + 1e-9);
      }),
    );
  });

  it('Y2025 = 1.0606 (Z = 1.15 % + 1.91 % + 3 %)', () => {
    expect(ATRD7_Y2025).toBe(1.0606);
    expect(nextIndex(1.0606, 0.02)).toBe(1.0818);
  });
});

/** The data module's value of each term of `option` at `date`. */
function declared(option: keyof typeof ATRD7_GRDF, date: string): Record<string, number> {
  const params = ATRD7_GRDF[option] as Record<string, Parameter>;
  const out: Record<string, number> = {};
  for (const [name, param] of Object.entries(params)) {
    if (name !== 'seuilCapacite') {
      out[name] = valueAt(param, date);
    }
  }
  return out;
}

const TERM_OF: Record<string, string> = {
  abonnement: 'abonnement',
  proportionnel: 'proportionnel',
  capaciteJusqua500: 'capaciteJusqua500',
  capaciteAuDela500: 'capaciteAuDela500',
  capacite: 'capacite',
  distance: 'distance',
};

describe('ATRD7 grids rebuilt from their reference grid', () => {
  it.each(['T1', 'T2', 'T3', 'T4', 'TP'] as const)(
    '1 July 2025, %s: reference 2024 × 1.0606 rounded + Rf 2025 = the declared grid',
    (option) => {
      const rebuilt = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2024, ATRD7_Y2025, ATRD7_RF[2025])[option];
      const values = declared(option, '2025-07-01');
      for (const [name, value] of Object.entries(values)) {
        expect(rebuilt[TERM_OF[name] as keyof typeof rebuilt], `${option}.${name}`).toBe(value);
      }
    },
  );

  it.each(['T1', 'T2', 'T3', 'T4', 'TP'] as const)(
    '1 July 2024, %s: the reference grid + Rf 2024 = the declared grid',
    (option) => {
      const rebuilt = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2024, 1, ATRD7_RF[2024])[option];
      for (const [name, value] of Object.entries(declared(option, '2024-07-01'))) {
        expect(rebuilt[TERM_OF[name] as keyof typeof rebuilt], `${option}.${name}`).toBe(value);
      }
    },
  );

  it.each(['T1', 'T2', 'T3', 'T4', 'TP'] as const)(
    'from 1 July 2026 (estimate), %s: reference grid 2026 at the last known index + Rf 2025',
    (option) => {
      const rebuilt = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2026, ATRD7_Y2025, ATRD7_RF[2025])[option];
      for (const date of ['2026-07-01', '2027-06-01', '2027-07-01']) {
        for (const [name, value] of Object.entries(declared(option, date))) {
          expect(rebuilt[TERM_OF[name] as keyof typeof rebuilt], `${option}.${name} @ ${date}`).toBe(value);
        }
      }
    },
  );

  it('the T3 split of the 2026 reference grid is the new one (higher subscription, lower proportional term)', () => {
    expect(valueAt(ATRD7_GRDF.T3.abonnement, '2026-07-01')).toBe(1760.64);
    expect(valueAt(ATRD7_GRDF.T3.proportionnel, '2026-07-01')).toBe(7.15);
  });
});
