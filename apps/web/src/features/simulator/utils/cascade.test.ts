import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import {
  fieldErrorFromServer,
  initialSimulatorFormState,
  optionsQueryParams,
  reconcileWithOptions,
  type SimulatorFormState,
  simulatorFormReducer,
} from './cascade.ts';
import { emptySimulatorValues, type SimulatorFormValues } from './form-values.ts';

const pitdOptions = (overrides: Partial<SimulatorOptionsResponse> = {}): SimulatorOptionsResponse => ({
  point: 'PITD',
  codes: [
    { code: 'IDF-01', libelle: 'Paris' },
    { code: 'BDX-01', libelle: 'Bordeaux' },
  ],
  truncated: false,
  tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
  profils: ['P011', 'P012'],
  months: ['2026-01', '2026-02'],
  tso: ['NaTran', 'Teréga'],
  dso: [],
  pitdCommunesIndex: [],
  usedSampleData: false,
  referenceData: null,
  message: null,
  ...overrides,
});

const withCode = pitdOptions({
  pitdCommunesIndex: [
    {
      code: 'IDF-01',
      communes: [
        { commune: 'Paris', communeInsee: '75056', tso: 'NaTran', dso: 'GRDF' },
        { commune: 'Boulogne-Billancourt', communeInsee: '92012', tso: 'NaTran', dso: 'GRDF' },
      ],
    },
  ],
  tso: ['NaTran'],
  dso: ['GRDF'],
});

const values = (overrides: Partial<SimulatorFormValues>): SimulatorFormValues => ({
  ...emptySimulatorValues,
  pointDeReseau: 'PITD',
  ...overrides,
});

const state = (overrides: Partial<SimulatorFormValues>, errors = {}): SimulatorFormState => ({
  values: values(overrides),
  errors,
  formError: null,
});

describe('options query (spec §7)', () => {
  it('sends nothing before a point, then point alone, then only the non-empty values', () => {
    expect(optionsQueryParams(emptySimulatorValues)).toBeNull();
    expect(optionsQueryParams(values({}))).toEqual({ point: 'pitd' });
    expect(
      optionsQueryParams(
        values({ code: 'IDF-01', commune: ' ', tso: 'NaTran', tarif: 'T4', dateEffetMonth: '2026-02' }),
      ),
    ).toEqual({ point: 'pitd', code: 'IDF-01', tso: 'NaTran', tarif: 'T4', month: '2026-02' });
  });

  it('LI and PIC send point, code and commune only', () => {
    expect(
      optionsQueryParams({ ...values({ code: 'LI-1', tso: 'NaTran', tarif: 'T4' }), pointDeReseau: 'LI' }),
    ).toEqual({ point: 'li', code: 'LI-1' });
  });
});

describe('cascade reducer (spec §4)', () => {
  it('changing the point type resets every other field and the errors', () => {
    const before = state({ code: 'IDF-01', commune: 'Paris', tarif: 'T4', car: '12', cee: '5' }, { car: 'x' });
    const after = simulatorFormReducer(before, { type: 'setPoint', point: 'LI' });
    expect(after.values).toEqual({ ...emptySimulatorValues, pointDeReseau: 'LI' });
    expect(after.errors).toEqual({});
  });

  it('reset clears everything', () => {
    expect(simulatorFormReducer(state({ code: 'IDF-01' }), { type: 'reset' })).toEqual(initialSimulatorFormState);
  });

  it('choosing a code clears the commune (and its error)', () => {
    const before = state({ code: 'IDF-01', commune: 'Paris', tso: 'NaTran' }, { commune: 'e', code: 'e', tso: 'e' });
    const after = simulatorFormReducer(before, { type: 'setField', field: 'code', value: 'BDX-01' });
    expect(after.values).toMatchObject({ code: 'BDX-01', commune: '', tso: 'NaTran' });
    expect(after.errors).toEqual({ tso: 'e' });
  });

  it("a field's error clears when that field changes", () => {
    const after = simulatorFormReducer(state({}, { car: 'Veuillez indiquer la CAR.', tarif: 't' }), {
      type: 'setField',
      field: 'car',
      value: '1',
    });
    expect(after.errors).toEqual({ tarif: 't' });
  });

  it('auto-selects single-option lists (commune, TSO, DSO, tarif, profil, month, code)', () => {
    const single = pitdOptions({
      codes: [{ code: 'VER-01', libelle: 'Versailles' }],
      pitdCommunesIndex: [
        { code: 'VER-01', communes: [{ commune: 'Versailles', communeInsee: '78646', tso: 'NaTran', dso: 'GRDF' }] },
      ],
      tso: ['NaTran'],
      dso: ['GRDF'],
      tarifs: ['T4'],
      profils: ['P016'],
      months: ['2026-02'],
    });
    expect(reconcileWithOptions(values({}), single)).toMatchObject({
      code: 'VER-01',
      commune: 'Versailles',
      tso: 'NaTran',
      dso: 'GRDF',
      tarif: 'T4',
      profil: 'P016',
      dateEffetMonth: '2026-02',
    });
  });

  it('defaults the month to the current one when the grids can compute it, else leaves the choice', () => {
    const months = pitdOptions({ months: ['2026-10', '2026-11', '2026-12'] });
    expect(reconcileWithOptions(values({}), months, '2026-11').dateEffetMonth).toBe('2026-11');
    expect(reconcileWithOptions(values({ dateEffetMonth: '2026-12' }), months, '2026-11').dateEffetMonth).toBe(
      '2026-12',
    );
    expect(reconcileWithOptions(values({}), months, '2027-03').dateEffetMonth).toBe('');
  });

  it('does not auto-select a single code from a truncated list', () => {
    const truncated = pitdOptions({ codes: [{ code: 'A', libelle: 'A' }], truncated: true });
    expect(reconcileWithOptions(values({}), truncated).code).toBe('');
  });

  it('clears a commune no longer listed, keeps a listed one', () => {
    expect(reconcileWithOptions(values({ code: 'IDF-01', commune: 'Lyon' }), withCode).commune).toBe('');
    expect(reconcileWithOptions(values({ code: 'IDF-01', commune: 'Paris' }), withCode).commune).toBe('Paris');
    // Two communes: none chosen for the user.
    expect(reconcileWithOptions(values({ code: 'IDF-01' }), withCode).commune).toBe('');
  });

  it("defaults the TSO to the first commune's network operator (PITD, PIC)", () => {
    const twoTsos = pitdOptions({
      pitdCommunesIndex: [
        {
          code: 'MIX',
          communes: [
            { commune: 'Bordeaux', communeInsee: '33063', tso: 'Teréga', dso: 'GRDF' },
            { commune: 'Paris', communeInsee: '75056', tso: 'NaTran', dso: 'GRDF' },
          ],
        },
      ],
      tso: ['NaTran', 'Teréga'],
    });
    expect(reconcileWithOptions(values({ code: 'MIX' }), twoTsos).tso).toBe('Teréga');
    // A chosen TSO that is listed stays.
    expect(reconcileWithOptions(values({ code: 'MIX', tso: 'NaTran' }), twoTsos).tso).toBe('NaTran');
    // Not listed any more: cleared, then the default.
    expect(reconcileWithOptions(values({ code: 'IDF-01', tso: 'Teréga' }), withCode).tso).toBe('NaTran');
  });

  it('clears a tarif or a month no longer offered', () => {
    const narrowed = pitdOptions({ tarifs: ['T1', 'T2'], months: ['2026-01', '2026-03'] });
    expect(reconcileWithOptions(values({ tarif: 'TP', dateEffetMonth: '2026-02' }), narrowed)).toMatchObject({
      tarif: '',
      dateEffetMonth: '',
    });
  });

  it('returns the same values (a fixed point) when nothing changes, and ignores answers for another point', () => {
    const settled = reconcileWithOptions(values({ code: 'IDF-01', commune: 'Paris' }), withCode);
    expect(reconcileWithOptions(settled, withCode)).toBe(settled);
    const current = values({ code: 'X' });
    expect(reconcileWithOptions(current, { ...withCode, point: 'LI' })).toBe(current);
    const before = state({ code: 'IDF-01', commune: 'Paris', tso: 'NaTran', dso: 'GRDF' });
    expect(simulatorFormReducer(before, { type: 'options', options: withCode })).toBe(before);
  });

  it('clears the errors of fields the cascade filled', () => {
    const before = state({ code: 'IDF-01' }, { tso: 'Veuillez sélectionner le TSO.', car: 'c' });
    const after = simulatorFormReducer(before, { type: 'options', options: withCode });
    expect(after.values.tso).toBe('NaTran');
    expect(after.errors).toEqual({ car: 'c' });
  });

  it('LI and PIC: communes from their own index', () => {
    const li: SimulatorOptionsResponse = {
      ...pitdOptions(),
      point: 'LI',
      codes: [],
      liCommunesIndex: [{ code: 'LI-1', communes: ['Fos-sur-Mer'] }],
      tso: ['NaTran', 'Teréga'],
    };
    const next = reconcileWithOptions({ ...values({ code: 'LI-1' }), pointDeReseau: 'LI' }, li);
    expect(next.commune).toBe('Fos-sur-Mer');
    expect(next.tso).toBe('');
  });
});

describe('server validation → field', () => {
  it('maps details[0].path to the form field (cjaMwhj → the CJA input)', () => {
    expect(fieldErrorFromServer({ details: [{ path: '/commune', message: 'm' }] }, 'm')).toEqual({ commune: 'm' });
    expect(fieldErrorFromServer({ details: [{ path: '/cjaMwhj', message: 'm' }] }, 'm')).toEqual({ cja: 'm' });
    expect(fieldErrorFromServer({ details: [{ path: '/inconnu' }] }, 'm')).toBeNull();
    expect(fieldErrorFromServer({ error: 'x' }, 'm')).toBeNull();
    expect(fieldErrorFromServer(null, 'm')).toBeNull();
  });
});
