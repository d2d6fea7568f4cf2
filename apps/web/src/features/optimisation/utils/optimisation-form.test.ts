import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildOptimisationRequest,
  cascadeParams,
  emptyOptimisationForm,
  type OptimisationFormValues,
  reconcileWithOptions,
  tarifChoices,
  withCode,
  withCommune,
  withPoint,
} from './optimisation-form.ts';

function filled(overrides: Partial<OptimisationFormValues> = {}): OptimisationFormValues {
  return {
    ...emptyOptimisationForm(),
    pointDeReseau: 'PITD',
    code: 'ECH-PITD-0001',
    commune: 'Paris',
    tso: 'NaTran',
    tarif: 'T4',
    profil: 'P016',
    assiette: '20 000',
    ...overrides,
  };
}

function messageOf(values: OptimisationFormValues): string | undefined {
  const check = buildOptimisationRequest(values);
  return check.ok ? undefined : check.message;
}

describe('optimisation form validation (spec §5, in order)', () => {
  it('checks point, code, commune, TSO, tarif, profil, assiette in this order', () => {
    const steps: [Partial<OptimisationFormValues>, string][] = [
      [{}, 'Veuillez sélectionner le point de réseau.'],
      [{ pointDeReseau: 'PITD' }, 'Veuillez indiquer le code.'],
      [{ code: 'C1' }, 'Veuillez indiquer la commune.'],
      [{ commune: 'Paris' }, 'Veuillez indiquer le TSO.'],
      [{ tso: 'NaTran' }, 'Veuillez indiquer le tarif.'],
      [{ tarif: 'T4' }, 'Veuillez indiquer le profil.'],
      [{ profil: 'P016' }, "Veuillez indiquer l'assiette."],
    ];
    let values = emptyOptimisationForm();
    for (const [change, message] of steps) {
      values = { ...values, ...change };
      expect(messageOf(values)).toBe(message);
    }
    expect(messageOf({ ...values, assiette: '1000' })).toBeUndefined();
  });

  it('refuses tariffs other than T4 and TP', () => {
    expect(messageOf(filled({ tarif: 'T2' }))).toMatch(/T4 et TP/);
  });

  it('monthly capacities: 12 required, numbers, none empty, each valid — only when the toggle is on', () => {
    const twelve = Array.from({ length: 12 }, () => '0');
    expect(messageOf(filled({ capacitesMensuelles: ['x'], capacitesMensuellesActives: false }))).toBeUndefined();
    expect(messageOf(filled({ capacitesMensuellesActives: true, capacitesMensuelles: twelve.slice(1) }))).toBe(
      '12 capacités mensuelles requises (M1-M12).',
    );
    const notNumber = [...twelve];
    notNumber[4] = 'abc';
    notNumber[5] = '';
    expect(messageOf(filled({ capacitesMensuellesActives: true, capacitesMensuelles: notNumber }))).toBe(
      'Toutes les capacités doivent être des nombres valides.',
    );
    const empty = [...twelve];
    empty[11] = ' ';
    expect(messageOf(filled({ capacitesMensuellesActives: true, capacitesMensuelles: empty }))).toBe(
      "Veuillez remplir toutes les capacités mensuelles ou désactiver l'option.",
    );
    const negative = [...twelve];
    negative[2] = '-1';
    expect(messageOf(filled({ capacitesMensuellesActives: true, capacitesMensuelles: negative }))).toBe(
      'Capacité M3 invalide',
    );
  });

  it('the assiette comes before the capacities', () => {
    expect(messageOf(filled({ assiette: '', capacitesMensuellesActives: true, capacitesMensuelles: [] }))).toBe(
      "Veuillez indiquer l'assiette.",
    );
  });

  it("non-numeric values give 'Valeur numérique invalide: …'", () => {
    expect(messageOf(filled({ assiette: 'beaucoup' }))).toMatch(/^Valeur numérique invalide: .*beaucoup/);
    expect(messageOf(filled({ cjsInterruptible: '12a' }))).toMatch(/^Valeur numérique invalide: .*12a/);
    expect(messageOf(filled({ cpl: '?' }))).toMatch(/^Valeur numérique invalide: /);
    expect(messageOf(filled({ cjaActuelle: 'douze' }))).toMatch(/^Valeur numérique invalide: .*douze/);
  });

  it('builds the request: French numbers parsed, empty optional numbers = 0, empty CJA and month left out', () => {
    const check = buildOptimisationRequest(filled({ assiette: '15 466,8', datasetId: '' }));
    expect(check).toEqual({
      ok: true,
      request: {
        pointDeReseau: 'PITD',
        code: 'ECH-PITD-0001',
        commune: 'Paris',
        tarif: 'T4',
        tso: 'NaTran',
        profil: 'P016',
        assiette: 15466.8,
        cjsInterruptible: 0,
        cpl: 0,
      },
    });
    const full = buildOptimisationRequest(
      filled({
        cjaActuelle: '120',
        cjsInterruptible: '2,5',
        dateEffetMonth: '2025-07',
        datasetId: 'ds-1',
        capacitesMensuellesActives: true,
        capacitesMensuelles: Array.from({ length: 12 }, (_, i) => String(i)),
      }),
    );
    expect(full.ok && full.request).toMatchObject({
      cjaActuelle: 120,
      cjsInterruptible: 2.5,
      dateEffetMonth: '2025-07',
      datasetId: 'ds-1',
      capacitesMensuelles: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    });
  });
});

function options(overrides: Partial<SimulatorOptionsResponse> = {}): SimulatorOptionsResponse {
  return {
    point: 'PITD',
    codes: [],
    truncated: false,
    tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
    profils: ['P011', 'P016'],
    months: ['2025-07', '2025-08'],
    tso: ['NaTran', 'Teréga'],
    dso: [],
    pitdCommunesIndex: [],
    usedSampleData: true,
    referenceData: null,
    message: null,
    ...overrides,
  };
}

describe('options cascade', () => {
  const bordeaux = {
    code: 'C4',
    communes: [
      { commune: 'Bordeaux', communeInsee: '33063', tso: 'Teréga', dso: 'GRDF' },
      { commune: 'Le Bouscat', communeInsee: '33069', tso: 'NaTran', dso: 'GRDF' },
    ],
  };

  it('sends only the chosen values, the point alone first', () => {
    expect(cascadeParams(emptyOptimisationForm())).toBeNull();
    expect(cascadeParams(withPoint(emptyOptimisationForm(), 'PITD'))).toEqual({ point: 'pitd' });
    expect(cascadeParams(filled({ profil: 'P011' }))).toEqual({
      point: 'pitd',
      code: 'ECH-PITD-0001',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
    });
  });

  it('PITD tariffs are T4 and TP only', () => {
    expect(tarifChoices('PITD', options())).toEqual(['T4', 'TP']);
    expect(tarifChoices('LI', options({ point: 'LI' }))).toEqual(['T1', 'T2', 'T3', 'T4', 'TP']);
  });

  it("TSO defaults to the first commune's operator, then the chosen commune's", () => {
    const values = withCode(withPoint(emptyOptimisationForm(), 'PITD'), 'C4');
    const next = reconcileWithOptions(values, options({ pitdCommunesIndex: [bordeaux] }));
    expect(next.tso).toBe('Teréga');
    expect(next.commune).toBe('');
    const chosen = reconcileWithOptions(withCommune(next, 'Le Bouscat'), options({ pitdCommunesIndex: [bordeaux] }));
    expect(chosen.tso).toBe('NaTran');
  });

  it('PIC: the first operator; a single commune or month is chosen; stale values are cleared', () => {
    const pic = reconcileWithOptions(
      withCode(withPoint(emptyOptimisationForm(), 'PIC'), 'P1'),
      options({
        point: 'PIC',
        pitdCommunesIndex: undefined,
        picCommunesIndex: [{ code: 'P1', communes: [{ commune: 'Fos' }] }],
      }),
    );
    expect(pic).toMatchObject({ tso: 'NaTran', commune: 'Fos' });
    const single = reconcileWithOptions(filled({ dateEffetMonth: '' }), options({ months: ['2025-07'] }));
    expect(single.dateEffetMonth).toBe('2025-07');
    const stale = reconcileWithOptions(
      filled({ commune: 'Ailleurs', code: 'C4', tarif: 'T2', dateEffetMonth: '2020-01' }),
      options({ pitdCommunesIndex: [bordeaux] }),
      '2026-11',
    );
    // The stale month is replaced by the latest month the grids cover.
    expect(stale).toMatchObject({ commune: '', tarif: '', dateEffetMonth: '2025-08' });
  });

  it('date of effect: the only month, else the current month if covered, else the latest covered one', async () => {
    const { defaultMonth, monthOf } = await import('./optimisation-form.ts');
    expect(defaultMonth(['2025-07'], '2026-11')).toBe('2025-07');
    expect(defaultMonth(['2025-07', '2026-11', '2026-12'], '2026-11')).toBe('2026-11');
    expect(defaultMonth(['2024-07', '2026-03', '2025-06'], '2026-11')).toBe('2026-03');
    expect(defaultMonth(['2027-01', '2027-02'], '2026-11')).toBe('2027-01');
    expect(monthOf(new Date(2026, 10, 21))).toBe('2026-11');
    const values = reconcileWithOptions(
      filled({ dateEffetMonth: '' }),
      options({ months: ['2025-06', '2025-07'] }),
      '2026-11',
    );
    expect(values.dateEffetMonth).toBe('2025-07');
  });

  it('returns the same object when nothing changes, and ignores answers for another point', () => {
    const values = filled({ code: 'C4', commune: 'Bordeaux', tso: 'Teréga', dateEffetMonth: '2025-07' });
    expect(reconcileWithOptions(values, options({ pitdCommunesIndex: [bordeaux] }))).toBe(values);
    expect(reconcileWithOptions(values, options({ point: 'LI' }))).toBe(values);
  });

  it('changing the point resets the point fields; a new code clears commune and TSO', () => {
    const values = filled({ assiette: '10' });
    expect(withPoint(values, 'LI')).toMatchObject({ code: '', commune: '', tso: '', tarif: '', assiette: '10' });
    expect(withCode(values, 'X')).toMatchObject({ code: 'X', commune: '', tso: '' });
    expect(withCode(values, values.code)).toBe(values);
  });
});

describe('form helpers', () => {
  it('month labels, default series, input names', async () => {
    const { monthLabel, defaultDatasetId, inputNameOf } = await import('./optimisation-form.ts');
    expect(monthLabel('2025-07')).toBe('juillet 2025');
    expect(monthLabel('bad')).toBe('bad');
    expect(defaultDatasetId([])).toBe('');
    expect(
      defaultDatasetId([
        { id: 'a', anneeComplete: false },
        { id: 'b', anneeComplete: true },
      ]),
    ).toBe('b');
    expect(inputNameOf('capacitesMensuelles/2')).toBe('M3');
    expect(inputNameOf('capacitesMensuelles')).toBe('M1');
    expect(inputNameOf('assiette')).toBe('assiette');
  });
});
