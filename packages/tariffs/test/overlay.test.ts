/** Stored dated values laid over the packaged parameters (ADR 0025): merge, precedence, checks, and their use. */
import { describe, expect, it } from 'vitest';
import { capacityCostModelAt } from '../src/optimiser/model.ts';
import { optimiserCja } from '../src/optimiser/optimise.ts';
import { ATRD7_GRDF } from '../src/parameters/atrd7-grdf.ts';
import { lastSourcedBefore, resolveAt } from '../src/parameters/lookup.ts';
import {
  changesBetween,
  createParameterOverlay,
  EMPTY_OVERLAY,
  isOverlayEntry,
  type OverlayValue,
  ParameterOverlayError,
  withOverlay,
} from '../src/parameters/overlay.ts';
import { PARAMETER_REGISTRY } from '../src/parameters/registry.ts';
import { TAXES } from '../src/parameters/taxes.ts';
import { referenceCaseInput } from '../src/simulator/reference-cases.ts';
import { simulate } from '../src/simulator/simulate.ts';
import type { SimulationInput } from '../src/simulator/types.ts';

const ADMIN_REF = {
  title: 'Délibération CRE n° 2026-99 (grille ATRD7 au 1er juillet 2026)',
  url: 'https://www.cre.fr/x',
  publishedOn: null,
};

const t4Abonnement = (from: string, value: number | null, extra: Partial<OverlayValue> = {}): OverlayValue => ({
  parameterId: 'atrd7.grdf.t4.abonnement',
  from,
  value,
  unit: '€/an',
  references: [ADMIN_REF],
  status: 'official',
  notes: 'Saisie par l’administrateur',
  ...extra,
});

const t4Input: SimulationInput = referenceCaseInput('T4');

describe('withOverlay', () => {
  it('replaces the packaged entry of the same date and keeps the other dates in order', () => {
    const packaged = ATRD7_GRDF.T4.abonnement;
    const overlay = createParameterOverlay(
      [t4Abonnement('2026-07-01', 20000), t4Abonnement('2026-10-01', 21000)],
      PARAMETER_REGISTRY,
    );
    const merged = withOverlay(packaged, overlay);
    expect(merged.entries.map((e) => e.from)).toEqual([
      ...packaged.entries.map((e) => e.from).filter((d) => d < '2026-10-01'),
      '2026-10-01',
      ...packaged.entries.map((e) => e.from).filter((d) => d > '2026-10-01'),
    ]);
    const july = merged.entries.find((e) => e.from === '2026-07-01');
    expect(july?.value).toBe(20000);
    expect(july && isOverlayEntry(july)).toBe(true);
    expect(resolveAt(packaged, '2026-08-15', overlay).value).toBe(20000);
    expect(resolveAt(packaged, '2026-10-01', overlay).value).toBe(21000);
    // Before the overlay's first date nothing moves.
    expect(resolveAt(packaged, '2026-06-30', overlay).value).toBe(resolveAt(packaged, '2026-06-30').value);
    // The packaged parameter itself is untouched.
    expect(resolveAt(packaged, '2026-08-15').value).not.toBe(20000);
  });

  it('returns the packaged parameter when the overlay has nothing for it, and memoises the merged one', () => {
    const overlay = createParameterOverlay([t4Abonnement('2026-07-01', 20000)], PARAMETER_REGISTRY);
    expect(withOverlay(TAXES.accise, overlay)).toBe(TAXES.accise);
    expect(withOverlay(TAXES.accise, EMPTY_OVERLAY)).toBe(TAXES.accise);
    expect(withOverlay(ATRD7_GRDF.T4.abonnement, overlay)).toBe(withOverlay(ATRD7_GRDF.T4.abonnement, overlay));
  });

  it('cites the overlay entry’s references with its status', () => {
    const overlay = createParameterOverlay([t4Abonnement('2026-07-01', 20000)], PARAMETER_REGISTRY);
    const resolved = resolveAt(ATRD7_GRDF.T4.abonnement, '2026-07-01', overlay);
    expect(resolved.sources).toEqual([{ ...ADMIN_REF, status: 'official' }]);
    expect(resolved.isEstimate).toBe(false);
  });

  it('an overlay entry after an estimate makes it no longer « past the last sourced value »', () => {
    // The carry-over of 1 July 2027 extrapolates past the last known grid (1 July 2026, ADR 0050).
    const estimate = resolveAt(ATRD7_GRDF.T4.abonnement, '2027-07-01');
    expect(lastSourcedBefore(ATRD7_GRDF.T4.abonnement, estimate.entry)).toBe('2026-07-01');
    const overlay = createParameterOverlay([t4Abonnement('2027-10-01', 24000)], PARAMETER_REGISTRY);
    expect(lastSourcedBefore(ATRD7_GRDF.T4.abonnement, estimate.entry, overlay)).toBeNull();
  });

  it('an estimate of the grid in force (observed, or derived by the formula) is not « past the last sourced value »', () => {
    const derived = resolveAt(ATRD7_GRDF.T4.abonnement, '2026-07-01');
    expect(derived.entry.basis).toBe('atrd7Formula');
    expect(lastSourcedBefore(ATRD7_GRDF.T4.abonnement, derived.entry)).toBeNull();
    const observed = resolveAt(ATRD7_GRDF.T4.proportionnel, '2026-07-01');
    expect(observed.entry.basis).toBe('secondarySource');
    expect(lastSourcedBefore(ATRD7_GRDF.T4.proportionnel, observed.entry)).toBeNull();
    // The CTA coefficient of 1 July 2026 was not found: carried over, past the last sourced value.
    const coefficient = resolveAt(TAXES.cta.coefficientProportionnalite, '2026-07-01');
    expect(lastSourcedBefore(TAXES.cta.coefficientProportionnalite, coefficient.entry)).toBe('2025-07-01');
  });
});

describe('createParameterOverlay', () => {
  it('refuses a unit other than the parameter’s, in French', () => {
    expect(() =>
      createParameterOverlay([t4Abonnement('2026-07-01', 1, { unit: '€/MWh' })], PARAMETER_REGISTRY),
    ).toThrow(
      new ParameterOverlayError(
        'unité « €/MWh » incompatible avec le paramètre atrd7.grdf.t4.abonnement (unité attendue : « €/an »).',
      ),
    );
  });

  it('refuses an unknown parameter, a bad date, a missing reference and two values on one date', () => {
    expect(() =>
      createParameterOverlay([t4Abonnement('2026-07-01', 1, { parameterId: 'x.y' })], PARAMETER_REGISTRY),
    ).toThrow('paramètre inconnu');
    expect(() => createParameterOverlay([t4Abonnement('2026-02-30', 1)], PARAMETER_REGISTRY)).toThrow(
      'date d’effet invalide',
    );
    expect(() =>
      createParameterOverlay([t4Abonnement('2026-07-01', 1, { references: [] })], PARAMETER_REGISTRY),
    ).toThrow('aucune référence');
    expect(() =>
      createParameterOverlay([t4Abonnement('2026-07-01', 1), t4Abonnement('2026-07-01', 2)], PARAMETER_REGISTRY),
    ).toThrow('deux valeurs');
  });
});

describe('simulate with an overlay', () => {
  it('uses the stored value from its date and cites the reference given with it', () => {
    const overlay = createParameterOverlay([t4Abonnement('2026-09-01', 23456.78)], PARAMETER_REGISTRY);
    const september = simulate(t4Input, '2026-09-01', { overlay });
    const line = september.lignes.find((l) => l.id === 'atrd.abonnement');
    expect(line?.unitPrice).toBe(23456.78);
    expect(line?.annualAmount).toBe(23456.78);
    expect(line?.sources).toEqual([{ ...ADMIN_REF, status: 'official' }]);
    expect(line?.isEstimate).toBe(false);

    const august = simulate(t4Input, '2026-08-01', { overlay });
    expect(august.lignes.find((l) => l.id === 'atrd.abonnement')?.unitPrice).toBe(
      simulate(t4Input, '2026-08-01').lignes.find((l) => l.id === 'atrd.abonnement')?.unitPrice,
    );
    // The CTA is a share of the ATRD fixed part: it follows the stored subscription.
    const ctaWith = september.lignes.find((l) => l.id === 'cta.dso')?.annualAmount ?? 0;
    const ctaWithout = simulate(t4Input, '2026-09-01').lignes.find((l) => l.id === 'cta.dso')?.annualAmount ?? 0;
    expect(ctaWith).toBeGreaterThan(ctaWithout);
  });

  it('without an overlay gives the same result as the empty overlay', () => {
    expect(simulate(t4Input, '2026-09-01', { overlay: EMPTY_OVERLAY })).toEqual(simulate(t4Input, '2026-09-01'));
  });

  it('can end a parameter (null) from a date: the simulation then refuses that month', () => {
    const overlay = createParameterOverlay(
      [{ ...t4Abonnement('2027-01-01', null), parameterId: 'accise.gaz-naturel.combustible', unit: '€/MWh' }],
      PARAMETER_REGISTRY,
    );
    expect(() => simulate(t4Input, '2027-01-01', { overlay })).toThrow(/accise/);
    expect(() => simulate(t4Input, '2026-12-01', { overlay })).not.toThrow();
  });
});

describe('optimiser with an overlay', () => {
  it('reads the stored capacity rate and lists it with its reference', () => {
    const rateParam = ATRD7_GRDF.T4.capaciteJusqua500;
    const overlay = createParameterOverlay(
      [{ ...t4Abonnement('2026-09-01', 999.5), parameterId: rateParam.id, unit: rateParam.unit }],
      PARAMETER_REGISTRY,
    );
    const built = capacityCostModelAt({
      tarif: 'T4',
      tso: 'NaTran',
      ntr: 2,
      date: '2026-09-01',
      modulation: 2,
      overlay,
    });
    const used = built.params.find((p) => p.id === rateParam.id);
    expect(used?.valeur).toBe(999.5);
    expect(used?.sources).toEqual([{ ...ADMIN_REF, status: 'official' }]);

    const days = Array.from({ length: 365 }, (_, i) => {
      const d = new Date(Date.UTC(2025, 0, 1 + i));
      return { date: d.toISOString().slice(0, 10), mwh: 50 + (i % 30), qualite: 'mesure' as const };
    });
    const input = {
      tarif: 'T4' as const,
      tso: 'NaTran',
      ntr: 2,
      dateEffet: '2026-09-01',
      serie: { jours: days, origine: 'mesures' as const },
    };
    const plain = optimiserCja(input);
    const overlaid = optimiserCja({ ...input, overlay });
    expect(overlaid.couts.avant.total_annuel).not.toBe(plain.couts.avant.total_annuel);
  });
});

describe('changesBetween', () => {
  it('lists packaged and stored dated entries of the window, in date order, with the previous value', () => {
    const overlay = createParameterOverlay([t4Abonnement('2026-09-01', 23456.78)], PARAMETER_REGISTRY);
    const registry = PARAMETER_REGISTRY.map((p) => withOverlay(p, overlay));
    const changes = changesBetween(registry, '2026-07-01', '2026-09-30');
    const stored = changes.find((c) => c.parameterId === 'atrd7.grdf.t4.abonnement' && c.from === '2026-09-01');
    expect(stored).toMatchObject({ origin: 'overlay', value: 23456.78, status: 'official', grid: 'ATRD7 GRDF' });
    expect(stored?.previousValue).toBe(resolveAt(ATRD7_GRDF.T4.abonnement, '2026-08-01').value);
    expect(changes.some((c) => c.from === '2026-07-01' && c.origin === 'package')).toBe(true);
    expect(changes.every((c) => c.from >= '2026-07-01' && c.from <= '2026-09-30')).toBe(true);
    const dates = changes.map((c) => c.from);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('every dated value the engine reads goes through the overlay', () => {
  /** Each parameter in force on `date` re-stated at `date` with its own value and a reference naming it. */
  function restatedAt(date: string) {
    const values: OverlayValue[] = [];
    for (const param of PARAMETER_REGISTRY) {
      let value: number;
      try {
        value = resolveAt(param, date).value;
      } catch {
        continue;
      }
      values.push({
        parameterId: param.id,
        from: date,
        value,
        unit: param.unit,
        references: [{ title: `overlay:${param.id}`, url: `https://example.invalid/${param.id}`, publishedOn: null }],
        status: 'official',
      });
    }
    return createParameterOverlay(values, PARAMETER_REGISTRY);
  }

  // A builder that reads a parameter without the context's overlay would cite a packaged reference here.
  it.each(['2026-02-01', '2026-09-01'])('simulate() on %s cites only the re-stated values', (date) => {
    const overlay = restatedAt(date);
    const cases: SimulationInput[] = [
      t4Input,
      { ...t4Input, tarif: 'T1', profil: 'P011', car: 5, cja: undefined, assiette: 5 },
      { ...t4Input, tarif: 'T3', tso: 'Teréga', cja: undefined, car: 2000, assiette: 2000 },
      { ...t4Input, tarif: 'TP', cja: 600, distanceM: 1200 },
      { ...t4Input, tarif: 'T2', profil: 'P012', cja: undefined, car: 300, assiette: 300, debitNormalise: 65 },
      { ...t4Input, pointDeReseau: 'LI', dso: undefined, cja: 300, cpl: 280 },
      { ...t4Input, pointDeReseau: 'PIC', dso: undefined, tarif: 'T3', cja: 300, car: 4000 },
      // A non-péréqué concession also reads the Rf term (ADR 0050).
      { ...t4Input, referentiel: { ...t4Input.referentiel, coefficientNiv: 1.045 } },
      {
        ...t4Input,
        tarif: 'T2',
        cja: undefined,
        car: 300,
        referentiel: { ...t4Input.referentiel, coefficientNiv: 0.98 },
      },
    ];
    for (const input of cases) {
      const plain = simulate(input, date);
      const result = simulate(input, date, { overlay });
      expect(result.lignes.map((l) => l.annualAmount)).toEqual(plain.lignes.map((l) => l.annualAmount));
      for (const line of result.lignes) {
        // The rule of a non-péréqué tariff (délib. 2026-48) is cited as such: it is not a dated value.
        for (const source of line.sources.filter((s) => !s.title.includes('2026-48'))) {
          expect(source.title, `${input.tarif} ${line.id}`).toMatch(/^overlay:/);
        }
      }
    }
  });

  it('the optimiser’s cost model cites only the re-stated values', () => {
    const overlay = restatedAt('2026-09-01');
    const built = capacityCostModelAt({
      tarif: 'T4',
      tso: 'NaTran',
      ntr: 2,
      date: '2026-09-01',
      modulation: 2,
      overlay,
    });
    expect(built.params.length).toBeGreaterThan(10);
    for (const param of built.params) {
      for (const source of param.sources) {
        expect(source.title, param.id).toBe(`overlay:${param.id}`);
      }
    }
  });
});

describe('the deliberation of the July 2026 grid imported through « Données tarifaires » (ADR 0050)', () => {
  const DELIBERATION = {
    title: 'Délibération CRE n° 2026-XX portant décision sur la grille nationale au 1er juillet 2026',
    url: 'https://www.cre.fr/grille-2026',
    publishedOn: null,
  };
  /** The published grid: every ATRD7 value of 1 July 2026 stored as `official`, T4 capacity ≤ 500 set apart. */
  function publishedGrid(): OverlayValue[] {
    return PARAMETER_REGISTRY.filter((p) => p.grid === 'ATRD7 GRDF' && p.values['2026-07-01']).map((param) => ({
      parameterId: param.id,
      from: '2026-07-01',
      value: param.id === 'atrd7.grdf.t4.capacite-jusqua-500' ? 305.04 : resolveAt(param, '2026-07-01').value,
      unit: param.unit,
      references: [DELIBERATION],
      status: 'official' as const,
    }));
  }

  it('replaces every packaged estimate of the grid: official lines with the deliberation as source', () => {
    const overlay = createParameterOverlay(publishedGrid(), PARAMETER_REGISTRY);
    const before = simulate(t4Input, '2026-11-01');
    const after = simulate(t4Input, '2026-11-01', { overlay });
    const capacity = (r: ReturnType<typeof simulate>) => r.lignes.find((l) => l.id === 'atrd.capacite');
    expect(capacity(before)?.unitPrice).toBe(304.92);
    expect(capacity(after)?.unitPrice).toBe(305.04);
    for (const id of ['atrd.abonnement', 'atrd.capacite', 'atrd.proportionnel']) {
      const line = after.lignes.find((l) => l.id === id);
      expect(line?.isEstimate, id).toBe(false);
      expect(line?.sources[0], id).toMatchObject({ title: DELIBERATION.title, status: 'official' });
      // (the T4 capacity threshold, unchanged since 2024, still cites délib. 2024-40)
      expect(
        line?.sources.every((s) => s.status === 'official' && s.basis === undefined),
        id,
      ).toBe(true);
    }
    // Neither is « past the last grid » for ATRD7: the packaged July 2026 values estimate the grid in force.
    expect(before.estimatedGrids.map((g) => g.grid)).toEqual(['CTA']);
    expect(after.estimatedGrids.map((g) => g.grid)).toEqual(['CTA']);
    // The CTA coefficient of 1 July 2026 is still not found: the CTA lines stay estimates.
    expect(after.lignes.find((l) => l.id === 'cta.tso')?.isEstimate).toBe(true);
  });

  it('from 1 July 2027 (Y2027 unknown) the carry-over continues the published value, still an estimate', () => {
    const overlay = createParameterOverlay(publishedGrid(), PARAMETER_REGISTRY);
    const param = ATRD7_GRDF.T4.capaciteJusqua500;
    const july2027 = resolveAt(param, '2027-08-01', overlay);
    expect(july2027.value).toBe(305.04);
    expect(july2027.isEstimate).toBe(true);
    expect(july2027.entry.basis).toBe('carriedOver');
    expect(lastSourcedBefore(param, july2027.entry, overlay)).toBe('2026-07-01');
    // Without the overlay, the packaged estimate is carried over as it is.
    expect(resolveAt(param, '2027-08-01').value).toBe(304.92);
  });
});
