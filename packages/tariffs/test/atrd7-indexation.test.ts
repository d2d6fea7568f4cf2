import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATRD7_GRDF,
  ATRD7_REFERENCE_GRID_2024,
  ATRD7_REFERENCE_GRID_2026,
  ATRD7_REFERENCE_TDN_2026,
  ATRD7_RF,
  ATRD7_RF_PARAMETERS,
  ATRD7_TDN,
  ATRD7_Y2025,
  ATRD7_Y2026,
  applyNiv,
  indexAtrd7Grid,
  nextIndex,
  type Parameter,
  resolveAt,
  roundToCent,
  roundToTwelveCents,
  statusLabel,
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
    '1 July 2026 (estimate), %s: reference grid 2026 × Y2026 1.1228 rounded + Rf 2026 = the declared grid, carried over on 1 July 2027',
    (option) => {
      const rebuilt = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2026, ATRD7_Y2026, ATRD7_RF[2026])[option];
      for (const date of ['2026-07-01', '2026-11-01', '2027-06-01', '2027-07-01', '2028-06-30']) {
        for (const [name, value] of Object.entries(declared(option, date))) {
          expect(rebuilt[TERM_OF[name] as keyof typeof rebuilt], `${option}.${name} @ ${date}`).toBe(value);
        }
        expect(valueAt(ATRD7_RF_PARAMETERS[option], date), `${option} Rf @ ${date}`).toBe(ATRD7_RF[2026][option]);
      }
    },
  );

  it('the T3 split of the 2026 reference grid is the new one (higher subscription, lower proportional term)', () => {
    expect(valueAt(ATRD7_GRDF.T3.abonnement, '2026-07-01')).toBe(1858.68);
    expect(valueAt(ATRD7_GRDF.T3.proportionnel, '2026-07-01')).toBe(7.57);
  });
});

describe('ATRD7 grid of 1 July 2026 (ADR 0050, ../shared/reference/gas-tariffs-2026-h2.md §1.4–1.5)', () => {
  it('Y2026 = 1.0606 × (1 + 5.86 %) = 1.122751… → 1.1228; 5.85 % and 5.87 % give 1.1226 and 1.1229', () => {
    expect(ATRD7_Y2026).toBe(1.1228);
    expect(nextIndex(ATRD7_Y2025, 0.0585)).toBe(1.1226);
    expect(nextIndex(ATRD7_Y2025, 0.0587)).toBe(1.1229);
  });

  it('the values observed in a secondary source are the formula exactly (reference × 1.1228, official rounding, Rf 9.48 / 106.08)', () => {
    // 42.72 × 1.1228 = 47.966… → 48.00 (nearest multiple of 0.12) + 9.48 = 57.48; 42.37 × 1.1228 = 47.573… → 47.57
    // 166.68 × 1.1228 = 187.148… → 187.20 + 9.48 = 196.68; 11.39 × 1.1228 = 12.788… → 12.79
    // 1 560.96 × 1.1228 = 1 752.645… → 1 752.60 + 106.08 = 1 858.68; 6.74 × 1.1228 = 7.567… → 7.57
    // 1.11 × 1.1228 = 1.246… → 1.25
    const grid = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2026, 1.1228, ATRD7_RF[2026]);
    expect([grid.T1.abonnement, grid.T1.proportionnel]).toEqual([57.48, 47.57]);
    expect([grid.T2.abonnement, grid.T2.proportionnel]).toEqual([196.68, 12.79]);
    expect([grid.T3.abonnement, grid.T3.proportionnel]).toEqual([1858.68, 7.57]);
    expect(grid.T4.proportionnel).toBe(1.25);
    // One index only fits them all: 1.1227 gives the T2 subscription hors Rf 187.08 (Rf 9.60 ≠ T1's 9.48), and 1.1226
    // / 1.1229 miss the T1 proportional term (47.56 / 47.58).
    expect(roundToTwelveCents(166.68 * 1.1227)).toBe(187.08);
    expect(roundToCent(42.37 * 1.1226)).toBe(47.56);
    expect(roundToCent(42.37 * 1.1229)).toBe(47.58);
  });

  it('derives T4 and TP with the same rule: 22 973.52, 304.92 / 152.40; 54 749.88, 152.16, 99.84', () => {
    // 20 366.40 × 1.1228 = 22 867.393… → 22 867.44 + 106.08 = 22 973.52
    // 271.56 × 1.1228 = 304.907… → 304.92; 135.72 × 1.1228 = 152.386… → 152.40
    // 48 667.44 × 1.1228 = 54 643.801… → 54 643.80 + 106.08 = 54 749.88
    // 135.48 × 1.1228 = 152.116… → 152.16; 88.92 × 1.1228 = 99.839… → 99.84
    const grid = indexAtrd7Grid(ATRD7_REFERENCE_GRID_2026, ATRD7_Y2026, ATRD7_RF[2026]);
    expect(grid.T4).toMatchObject({ abonnement: 22973.52, capaciteJusqua500: 304.92, capaciteAuDela500: 152.4 });
    expect(grid.TP).toMatchObject({ abonnement: 54749.88, capacite: 152.16, distance: 99.84 });
    for (const value of [22973.52 - 106.08, 304.92, 152.4, 54749.88 - 106.08, 152.16, 99.84]) {
      expect(Math.round(value * 100) % 12, `${value} divisible by 12 at the cent`).toBe(0);
    }
  });

  it('TDN: 5.10 × 1.1228 = 5.726 → 5.73 (rounded to the cent: not a subscription, capacity or distance term)', () => {
    expect(roundToCent(ATRD7_REFERENCE_TDN_2026 * ATRD7_Y2026)).toBe(5.73);
    expect(valueAt(ATRD7_TDN.terme, '2026-11-01')).toBe(5.73);
  });

  it('labels each 2026 value by how it is known: observed in a secondary source, or derived by the formula', () => {
    const observed = [
      ATRD7_GRDF.T1.abonnement,
      ATRD7_GRDF.T1.proportionnel,
      ATRD7_GRDF.T2.abonnement,
      ATRD7_GRDF.T2.proportionnel,
      ATRD7_GRDF.T3.abonnement,
      ATRD7_GRDF.T3.proportionnel,
      ATRD7_GRDF.T4.proportionnel,
    ];
    const derived = [
      ATRD7_GRDF.T4.abonnement,
      ATRD7_GRDF.T4.capaciteJusqua500,
      ATRD7_GRDF.T4.capaciteAuDela500,
      ATRD7_GRDF.TP.abonnement,
      ATRD7_GRDF.TP.capacite,
      ATRD7_GRDF.TP.distance,
      ATRD7_TDN.terme,
    ];
    for (const param of observed) {
      const entry = resolveAt(param, '2026-11-01').entry;
      expect([entry.status, statusLabel(entry.status, entry.basis)], param.id).toEqual([
        'estimate',
        'estimation (source secondaire)',
      ]);
    }
    for (const param of derived) {
      const entry = resolveAt(param, '2026-11-01').entry;
      expect([entry.status, statusLabel(entry.status, entry.basis)], param.id).toEqual([
        'estimate',
        'estimation (formule de la délibération 2024-40)',
      ]);
    }
    // Y2027 is unknown: from 1 July 2027 the values are carried over, and say so.
    const july2027 = resolveAt(ATRD7_GRDF.T4.abonnement, '2027-08-01').entry;
    expect(statusLabel(july2027.status, july2027.basis)).toBe('estimation (valeur précédente reconduite)');
  });

  it('NIV of a non-péréqué concession: péréqué term hors Rf × NIV, rounded to the cent (délib. 2026-48)', () => {
    expect(applyNiv(47.57, 1.045)).toBe(49.71); // 49.710 65
    expect(applyNiv(304.92, 0.9872)).toBe(301.02); // 301.017 024
  });
});
