/**
 * Golden scenarios for the ATRD7 grid of 1 July 2026 (ADR 0050), at November 2026. Every amount is computed by hand
 * below from ../shared/reference/gas-tariffs-2026-h2.md §1.4 (grid), §1.6 (TDN) and §2 (CTA):
 * - grid from 1 July 2026: T1 57,48 €/an + 47,57 €/MWh; T2 196,68 + 12,79; T3 1 858,68 + 7,57; T4 22 973,52 €/an +
 *   1,25 €/MWh, capacity 304,92 (part ≤ 500 MWh/j) and 152,40 (part > 500); TP 54 749,88 €/an, capacity 152,16,
 *   distance 99,84 €/m/an; TDN 5,73 €/an per Nm³/h above 40; Rf 9,48 (T1, T2) and 106,08 (T3, T4, TP);
 * - CTA of a PITD = ATRD fixed part × (20,80 % + 4,71 % × 0,8321) = × 0,24719191 (0,208 and 0,03919191 apart);
 * - non-péréqué concession (délib. CRE 2026-48): every term hors Rf × NIV, rounded to the cent, + Rf.
 * Amounts are rounded once, half away from zero.
 */
import { describe, expect, it } from 'vitest';
import {
  type SimulationInput,
  type SimulationResult,
  simulate,
  statusLabel,
  UnsupportedCombinationError,
} from '../src/index.ts';

const NOVEMBER = '2026-11-01';

function point(overrides: Partial<SimulationInput> = {}): SimulationInput {
  return {
    pointDeReseau: 'PITD',
    code: 'GD0922',
    commune: 'Nice',
    tso: 'NaTran',
    dso: 'GRDF',
    profil: 'P016',
    tarif: 'T2',
    car: 300,
    assiette: 300,
    modulation: 1,
    referentiel: { ntr: 7, zi: 0.005, isSample: false },
    ...overrides,
  };
}

function line(result: SimulationResult, id: string) {
  const found = result.lignes.find((l) => l.id === id);
  if (!found) {
    throw new Error(`line ${id} missing`);
  }
  return found;
}

/** The annual amounts of the ATRD lines and of the CTA. */
function atrdAmounts(result: SimulationResult) {
  const amount = (id: string) => result.lignes.find((l) => l.id === id)?.annualAmount ?? null;
  return {
    abonnement: amount('atrd.abonnement'),
    capacite: amount('atrd.capacite'),
    distance: amount('atrd.distance'),
    tdn: amount('atrd.tdn'),
    proportionnel: amount('atrd.proportionnel'),
    ctaDso: amount('cta.dso'),
    ctaTso: amount('cta.tso'),
    ctaTotal: result.annuel.ctaTotal,
  };
}

describe('ATRD7 from 1 July 2026, one case per option (November 2026)', () => {
  it('T1, 20 MWh/an: 57,48 €/an + 20 × 47,57 = 951,40 €; CTA 57,48 × 0,24719191 = 14,21', () => {
    const r = simulate(point({ tarif: 'T1', car: 20, assiette: 20 }), NOVEMBER);
    // CTA: 57,48 × 0,208 = 11,95584 → 11,96; 57,48 × 0,03919191 = 2,25275 → 2,25; total 14,20859 → 14,21.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 57.48,
      capacite: null,
      distance: null,
      tdn: null,
      proportionnel: 951.4,
      ctaDso: 11.96,
      ctaTso: 2.25,
      ctaTotal: 14.21,
    });
    expect(r.mensuel.abonnement).toBe(4.79); // 57,48 / 12
    expect(r.parMwh.termeProportionnel).toBe(47.57);
    expect(r.gridDates.atrd).toBe('2026-07-01');
  });

  it('T2, 300 MWh/an, débit normalisé 60 Nm³/h: 196,68 + TDN (60 − 40) × 5,73 = 114,60; 300 × 12,79 = 3 837,00', () => {
    const r = simulate(point({ debitNormalise: 60 }), NOVEMBER);
    // CTA base 196,68 + 114,60 = 311,28: × 0,208 = 64,74624 → 64,75; × 0,03919191 = 12,19966 → 12,20;
    // × 0,24719191 = 76,94590 → 76,95.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 196.68,
      capacite: null,
      distance: null,
      tdn: 114.6,
      proportionnel: 3837,
      ctaDso: 64.75,
      ctaTso: 12.2,
      ctaTotal: 76.95,
    });
    expect(r.mensuel.abonnement).toBe(16.39); // 196,68 / 12
  });

  it('T3, 1 000 MWh/an, 130 Nm³/h: 1 858,68 + 7 570,00 + 90 × 5,73 = 9 944,38 €/an (reference §1.6)', () => {
    const r = simulate(point({ tarif: 'T3', car: 1000, assiette: 1000, debitNormalise: 130 }), NOVEMBER);
    // CTA base 1 858,68 + 515,70 = 2 374,38: × 0,208 = 493,87104 → 493,87; × 0,03919191 = 93,05649 → 93,06;
    // × 0,24719191 = 586,92753 → 586,93.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 1858.68,
      capacite: null,
      distance: null,
      tdn: 515.7,
      proportionnel: 7570,
      ctaDso: 493.87,
      ctaTso: 93.06,
      ctaTotal: 586.93,
    });
    expect(1858.68 + 7570 + 515.7).toBeCloseTo(9944.38, 2);
  });

  it('T4, CJA 109 MWh/j (≤ 500): 22 973,52 + 109 × 304,92 = 56 209,80 €/an (reference §1.6); 15 000 × 1,25', () => {
    const r = simulate(point({ tarif: 'T4', car: undefined, cja: 109, assiette: 15000 }), NOVEMBER);
    // 109 × 304,92 = 33 236,28. CTA base 56 209,80: × 0,208 = 11 691,6384 → 11 691,64;
    // × 0,03919191 = 2 202,96942 → 2 202,97; × 0,24719191 = 13 894,60782 → 13 894,61.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 22973.52,
      capacite: 33236.28,
      distance: null,
      tdn: null,
      proportionnel: 18750,
      ctaDso: 11691.64,
      ctaTso: 2202.97,
      ctaTotal: 13894.61,
    });
    expect(line(r, 'atrd.capacite').formula).toBe('109 MWh/j × 304,92 €/MWh/j/an');
    expect(r.mensuel.abonnement).toBe(1914.46); // 22 973,52 / 12
  });

  it('T4, CJA 800 MWh/j (> 500, marginal bands): 500 × 304,92 + 300 × 152,40 = 198 180,00 €/an (reference §1.6)', () => {
    const r = simulate(point({ tarif: 'T4', car: undefined, cja: 800, assiette: 150000 }), NOVEMBER);
    // 152 460 + 45 720 = 198 180. CTA base 22 973,52 + 198 180 = 221 153,52: × 0,208 = 45 999,93216 → 45 999,93;
    // × 0,03919191 = 8 667,42885 → 8 667,43; × 0,24719191 = 54 667,36101 → 54 667,36. 150 000 × 1,25 = 187 500.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 22973.52,
      capacite: 198180,
      distance: null,
      tdn: null,
      proportionnel: 187500,
      ctaDso: 45999.93,
      ctaTso: 8667.43,
      ctaTotal: 54667.36,
    });
    expect(line(r, 'atrd.capacite').formula).toBe('500 MWh/j × 304,92 €/MWh/j/an + 300 MWh/j × 152,40 €/MWh/j/an');
  });

  it('TP, CJA 200 MWh/j, 1 500 m: 54 749,88 + 200 × 152,16 = 30 432,00 + 1 500 × 99,84 = 149 760,00', () => {
    const r = simulate(point({ tarif: 'TP', car: undefined, cja: 200, assiette: 40000, distanceM: 1500 }), NOVEMBER);
    // CTA base 54 749,88 + 30 432 + 149 760 = 234 941,88: × 0,208 = 48 867,91104 → 48 867,91;
    // × 0,03919191 = 9 207,82102 → 9 207,82; × 0,24719191 = 58 075,73206 → 58 075,73. No proportional term.
    expect(atrdAmounts(r)).toEqual({
      abonnement: 54749.88,
      capacite: 30432,
      distance: 149760,
      tdn: null,
      proportionnel: null,
      ctaDso: 48867.91,
      ctaTso: 9207.82,
      ctaTotal: 58075.73,
    });
  });

  it('labels each line by how its value is known, with its sources', () => {
    const r = simulate(point({ tarif: 'T4', car: undefined, cja: 109, assiette: 15000 }), NOVEMBER);
    const labels = (id: string) => line(r, id).sources.map((s) => statusLabel(s.status, s.basis));
    // T4 subscription and capacity: derived by the formula; T4 proportional term: observed in a secondary source.
    expect(new Set(labels('atrd.abonnement'))).toEqual(new Set(['estimation (formule de la délibération 2024-40)']));
    expect(new Set(labels('atrd.capacite'))).toContain('estimation (formule de la délibération 2024-40)');
    expect(new Set(labels('atrd.proportionnel'))).toEqual(new Set(['estimation (source secondaire)']));
    expect(line(r, 'atrd.proportionnel').sources.map((s) => s.title)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Simulateur Budgétaire'),
        expect.stringContaining('2024-40'),
        expect.stringContaining('2026-15'),
      ]),
    );
    // The CTA coefficient of 1 July 2026 was not found: 0,8321 carried over, labelled so.
    expect(labels('cta.tso')).toContain('estimation (valeur précédente reconduite)');
    for (const id of ['atrd.abonnement', 'atrd.capacite', 'atrd.proportionnel', 'cta.dso', 'cta.tso']) {
      expect(line(r, id).isEstimate, id).toBe(true);
    }
    // Issue 23 « done when »: a T4 site in Nice (PITD GD0922, NTR 7) in November 2026, every line sourced.
    expect(line(r, 'atrt.tcr').formula).toBe('109 MWh/j × 99,12 €/MWh/j/an × 7 (NTR)');
    for (const item of r.lignes) {
      expect(item.sources.length, item.id).toBeGreaterThan(0);
    }
    // The July 2026 grid is estimated, but it is the grid in force, not an extrapolation past the last one: only
    // the CTA coefficient (not found, carried over) raises the « grille estimée » banner (ADR 0050).
    expect(r.estimatedGrids).toEqual([{ grid: 'CTA', lastSourcedOn: '2025-07-01' }]);
  });
});

describe('single national grid and non-péréqué concessions from 1 July 2026', () => {
  it('a péréqué ELD area uses the same grid as GRDF from 1 July 2026 (délib. 2026-15), and not before', () => {
    const grdf = simulate(point(), NOVEMBER);
    const eld = simulate(point({ dso: 'R-GDS', code: 'PITD-RGDS', commune: 'Strasbourg' }), NOVEMBER);
    expect(atrdAmounts(eld)).toEqual(atrdAmounts(grdf));
    expect(line(eld, 'atrd.abonnement').label).toBe('Abonnement distribution (ATRD7, grille nationale, option T2)');
    expect(line(grdf, 'atrd.abonnement').label).toBe('Abonnement distribution (ATRD7 GRDF, option T2)');
    expect(eld.warnings.some((w) => w.startsWith('Distributeur R-GDS') && w.includes('2026-15'))).toBe(true);
    expect(() => simulate(point({ dso: 'R-GDS' }), '2026-06-01')).toThrow(UnsupportedCombinationError);
  });

  it('T2 in a commune of délib. 2026-48 at its July 2026 NIV 0,9872: (196,68 − 9,48) × NIV + 9,48 = 194,28 €/an', () => {
    // NIV on 1 July 2026 = NIV × (1 + Z non péréqué) / (1 + Z GRDF), Z non péréqué = 0 in the first year (délib.
    // 2026-48): 1,0450 / 1,0586 = 0,98715… → 0,9872 (derived, Z GRDF = 5,86 %).
    // Subscription: 187,20 × 0,9872 = 184,80384 → 184,80, + Rf 9,48 = 194,28.
    // Proportional: 12,79 × 0,9872 = 12,626288 → 12,63; × 300 MWh = 3 789,00.
    // CTA base 194,28: × 0,208 = 40,41024 → 40,41; × 0,03919191 = 7,61418 → 7,61; × 0,24719191 = 48,02441 → 48,02.
    const r = simulate(
      point({
        code: 'GD-BUSNES',
        commune: 'Busnes',
        referentiel: {
          ntr: 1,
          zi: 0.005,
          isSample: false,
          coefficientNiv: 0.9872,
          coefficientNivKnownOn: '2026-07-01',
        },
      }),
      NOVEMBER,
    );
    expect(atrdAmounts(r)).toEqual({
      abonnement: 194.28,
      capacite: null,
      distance: null,
      tdn: null,
      proportionnel: 3789,
      ctaDso: 40.41,
      ctaTso: 7.61,
      ctaTotal: 48.02,
    });
    const abonnement = line(r, 'atrd.abonnement');
    expect(abonnement.label).toBe('Abonnement distribution (ATRD7 GRDF, option T2, tarif non péréqué × NIV 0,9872)');
    expect(abonnement.formula).toBe('(196,68 − Rf 9,48) €/an × NIV 0,9872 + Rf 9,48 €/an = 194,28 €/an');
    expect(abonnement.inputs).toMatchObject({ coefficientNiv: 0.9872 });
    expect(abonnement.sources.some((s) => s.status === 'official' && s.title.includes('2026-48'))).toBe(true);
    expect(line(r, 'atrd.proportionnel').formula).toBe('300 MWh × (12,79 × NIV 0,9872 = 12,63) €/MWh');
    expect(r.parMwh.termeProportionnel).toBe(12.63);
    expect(r.warnings.some((w) => w.startsWith('Tarif non péréqué') && w.includes('0,9872'))).toBe(true);
  });

  it('a NIV known before the last 1 July (the PITD table of 20 February 2026) is applied, marked as an estimate', () => {
    // T4, CJA 109, NIV 1,0450: subscription (22 973,52 − 106,08) × 1,045 = 23 896,4748 → 23 896,47 + 106,08
    // = 24 002,55; capacity 304,92 × 1,045 = 318,6414 → 318,64; × 109 = 34 731,76.
    const r = simulate(
      point({
        tarif: 'T4',
        car: undefined,
        cja: 109,
        assiette: 15000,
        referentiel: {
          ntr: 1,
          isSample: false,
          coefficientNiv: 1.045,
          coefficientNivKnownOn: '2026-02-20',
        },
      }),
      NOVEMBER,
    );
    expect(line(r, 'atrd.abonnement').annualAmount).toBe(24002.55);
    expect(line(r, 'atrd.capacite').annualAmount).toBe(34731.76);
    expect(line(r, 'atrd.capacite').formula).toBe('109 MWh/j × 318,64 €/MWh/j/an (taux × NIV 1,0450)');
    expect(r.warnings.some((w) => w.includes('connu au 20/02/2026') && w.includes('estimations'))).toBe(true);
    // In February 2026 the same NIV is the one in force: not an estimate on its account (the 2025 grid is sourced).
    const february = simulate(
      point({
        tarif: 'T4',
        car: undefined,
        cja: 109,
        assiette: 15000,
        referentiel: { ntr: 1, isSample: false, coefficientNiv: 1.045, coefficientNivKnownOn: '2026-02-20' },
      }),
      '2026-03-01',
    );
    // (21 705,72 − 105,12) × 1,045 = 22 572,627 → 22 572,63 + 105,12 = 22 677,75
    expect(line(february, 'atrd.abonnement').annualAmount).toBe(22677.75);
    expect(line(february, 'atrd.abonnement').isEstimate).toBe(false);
    expect(line(february, 'cta.dso').isEstimate).toBe(false);
  });

  it('a NIV date that is not a date (a version label) is taken as unknown: applied, with the re-indexation warning', () => {
    const r = simulate(
      point({
        referentiel: { ntr: 1, zi: 0.005, isSample: false, coefficientNiv: 0.9872, coefficientNivKnownOn: 'v3' },
      }),
      NOVEMBER,
    );
    expect(line(r, 'atrd.abonnement').annualAmount).toBe(194.28);
    expect(r.warnings.some((w) => w.startsWith('Tarif non péréqué') && w.includes('réévalué chaque 1er juillet'))).toBe(
      true,
    );
  });

  it('refuses a coefficient NIV that is not a positive number', () => {
    expect(() =>
      simulate(point({ referentiel: { ntr: 1, zi: 0.005, isSample: false, coefficientNiv: 0 } }), NOVEMBER),
    ).toThrow(/coefficient NIV/);
  });
});
