/**
 * Terme de débit normalisé (TDN), ATRD7 from 1 July 2026 (ADR 0026, 0050). Values computed by hand from
 * ../shared/reference/gas-tariffs-2026-h2.md §1.6:
 * - formula (délib. CRE 2024-40 §4.2.2.2): terme × [(débit du compteur × (1 + pression)) − 40], T1–T3 only;
 * - terme at 1 July 2026 (estimate, formula of délib. 2024-40): 5,10 €/an/Nm³/h (reference grid) × Y2026 1,1228
 *   = 5,726 → 5,73;
 * - the shared reference's examples: a 160 m³/h meter at 21 mbar = 163,36 Nm³/h, a 100 m³/h meter at 300 mbar
 *   = 130 Nm³/h.
 */
import { describe, expect, it } from 'vitest';
import { type SimulationInput, simulate, TariffInputError, tdnAppliesTo } from '../src/index.ts';

function t3(overrides: Partial<SimulationInput> = {}): SimulationInput {
  return {
    pointDeReseau: 'PITD',
    code: 'PITD-TDN',
    tso: 'NaTran',
    dso: 'GRDF',
    profil: 'P016',
    tarif: 'T3',
    car: 500,
    referentiel: { ntr: 2, zi: 0.005, isSample: false },
    ...overrides,
  };
}

const tdnOf = (result: ReturnType<typeof simulate>) => result.lignes.find((l) => l.id === 'atrd.tdn');

describe('terme de débit normalisé (T1–T3 from 1 July 2026)', () => {
  it('T3, 160 m³/h at 21 mbar = 163,36 Nm³/h: (163,36 − 40) × 5,73 = 706,8528 → 706,85 €/an, 58,90 €/mois', () => {
    const r = simulate(t3({ debitNormalise: 163.36 }), '2026-09-01');
    const tdn = tdnOf(r);
    expect(tdn).toBeDefined();
    expect(tdn?.annualAmount).toBe(706.85);
    expect(tdn?.monthlyAmount).toBe(58.9);
    expect(tdn?.unitPrice).toBe(5.73);
    expect(tdn?.unit).toBe('€/Nm³/h/an');
    expect(tdn?.formula).toBe('(163,36 − 40) Nm³/h × 5,73 €/Nm³/h/an');
    expect(tdn?.inputs).toEqual({ debitNormalise: 163.36, seuil: 40 });
    expect(tdn?.kind).toBe('fixe');
    expect(tdn?.category).toBe('termeDistribution');
    // T3 has no capacity term: the distribution term is the TDN alone.
    expect(r.annuel.termeDistribution).toBe(706.85);
    expect(r.mensuel.termeDistribution).toBe(58.9);
    expect(r.warnings.some((w) => w.includes('non inclus'))).toBe(false);
    // …but the estimate is named with the other estimated lines.
    expect(r.warnings.some((w) => w.startsWith('Valeurs estimées') && w.includes('Terme de débit normalisé'))).toBe(
      true,
    );
  });

  it('is an estimate whose sources are the reference grid, the formula and the GRDF FAQ', () => {
    const tdn = tdnOf(simulate(t3({ debitNormalise: 163.36 }), '2026-09-01'));
    expect(tdn?.isEstimate).toBe(true);
    expect(
      tdn?.sources.some((s) => s.status === 'estimate' && s.basis === 'atrd7Formula' && s.title.includes('2024-40')),
    ).toBe(true);
    expect(tdn?.sources.some((s) => s.url === 'https://sites.grdf.fr/web/terme-debit-normalise/faq')).toBe(true);
    expect(tdn?.sources.some((s) => s.status === 'official')).toBe(true);
  });

  it('T1, 100 m³/h at 300 mbar = 130 Nm³/h: (130 − 40) × 5,73 = 515,70 €/an', () => {
    const r = simulate(t3({ tarif: 'T1', car: 20, debitNormalise: 130 }), '2026-07-01');
    expect(tdnOf(r)?.annualAmount).toBe(515.7);
    expect(r.annuel.termeDistribution).toBe(515.7);
  });

  it('enters the ATRD fixed part on which the CTA is computed: + 706,8528 × (20,80 % + 4,71 % × 0,8321)', () => {
    const without = simulate(t3({ debitNormalise: 40 }), '2026-09-01');
    const withTdn = simulate(t3({ debitNormalise: 163.36 }), '2026-09-01');
    // 706,8528 × 0,24719191 = 174,7283…
    expect(withTdn.annuel.ctaTotal - without.annuel.ctaTotal).toBeCloseTo(174.73, 1);
    expect(withTdn.annuel.totalFixe - without.annuel.totalFixe).toBeCloseTo(706.85 + 174.73, 1);
    expect(withTdn.lignes.find((l) => l.id === 'cta.dso')?.formula).toContain('+ terme de débit normalisé)');
    expect(without.lignes.find((l) => l.id === 'cta.dso')?.formula).toContain('+ terme de débit normalisé)');
  });

  it('at or below 40 Nm³/h the line is shown at 0 €', () => {
    for (const debit of [40, 25]) {
      const tdn = tdnOf(simulate(t3({ debitNormalise: debit }), '2026-09-01'));
      expect(tdn?.annualAmount, String(debit)).toBe(0);
      expect(tdn?.formula).toBe(`${debit} Nm³/h ≤ 40 Nm³/h : non facturé`);
    }
    expect(tdnOf(simulate(t3({ debitNormalise: 40.5 }), '2026-09-01'))?.annualAmount).toBe(2.87); // 0,5 × 5,73 = 2,865 → 2,87
  });

  it('without the débit normalisé: no line, and a warning that says what to enter', () => {
    const r = simulate(t3(), '2026-09-01');
    expect(tdnOf(r)).toBeUndefined();
    const warning = r.warnings.find((w) => w.includes('Terme de débit normalisé'));
    expect(warning).toContain('non inclus');
    expect(warning).toContain('débit normalisé du compteur (Nm³/h)');
    expect(r.lignes.find((l) => l.id === 'cta.dso')?.formula).not.toContain('débit normalisé');
  });

  it('before 1 July 2026 and for T4: no TDN; a débit that is sent is reported as not used', () => {
    const june = simulate(t3({ tarif: 'T2', car: 100, debitNormalise: 163.36 }), '2026-06-01');
    expect(tdnOf(june)).toBeUndefined();
    expect(june.warnings.some((w) => w.startsWith('Débit normalisé non utilisé'))).toBe(true);
    const juneWithout = simulate(t3({ tarif: 'T2', car: 100 }), '2026-06-01');
    expect(juneWithout.warnings.some((w) => w.includes('débit normalisé') || w.includes('Débit normalisé'))).toBe(
      false,
    );
    const t4 = simulate(
      t3({ tarif: 'T4', car: undefined, cja: 109, assiette: 15000, debitNormalise: 163.36 }),
      '2026-09-01',
    );
    expect(tdnOf(t4)).toBeUndefined();
    expect(t4.warnings.some((w) => w.startsWith('Débit normalisé non utilisé'))).toBe(true);
    expect(t4.warnings.some((w) => w.includes('Terme de débit normalisé'))).toBe(false);
    expect(t4.lignes.some((l) => l.label.includes('débit normalisé'))).toBe(false);
  });

  it('refuses a negative débit with a French message on the field', () => {
    expect(() => simulate(t3({ debitNormalise: -1 }), '2026-09-01')).toThrow(TariffInputError);
    try {
      simulate(t3({ debitNormalise: -1 }), '2026-09-01');
    } catch (error) {
      expect((error as TariffInputError).field).toBe('debitNormalise');
    }
  });
});

describe('tdnAppliesTo (what the form asks for)', () => {
  it('T1–T3 from 1 July 2026 until the end of ATRD7; never T4 or TP', () => {
    expect(tdnAppliesTo('T1', '2026-07-01')).toBe(true);
    expect(tdnAppliesTo('T3', '2028-06-01')).toBe(true);
    expect(tdnAppliesTo('T2', '2026-06-01')).toBe(false);
    expect(tdnAppliesTo('T3', '2028-07-01')).toBe(false);
    expect(tdnAppliesTo('T4', '2026-09-01')).toBe(false);
    expect(tdnAppliesTo('TP', '2026-09-01')).toBe(false);
  });
});
