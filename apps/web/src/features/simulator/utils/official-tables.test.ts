/**
 * The simulator form with the official PITD table (ADR 0051): the address pre-fill sets code, commune, TSO and DSO
 * at once; a PITD with two NTR marked « (*) » asks which one applies and sends it; the result names the official
 * tables it used.
 */
import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialSimulatorFormState,
  ntrChoicesOf,
  ntrOf,
  reconcileWithOptions,
  simulatorFormReducer,
} from './cascade.ts';
import { emptySimulatorValues, toSimulateBody } from './form-values.ts';
import { readSimulationResult } from './read-result.ts';

const dreuxOptions: SimulatorOptionsResponse = {
  point: 'PITD',
  codes: [{ code: 'DX0001', libelle: 'DREUX' }],
  truncated: false,
  tarifs: ['T4'],
  profils: ['P016'],
  months: ['2026-11'],
  tso: ['NaTran'],
  dso: ['SEML Gedia'],
  pitdCommunesIndex: [
    {
      code: 'DX0001',
      communes: [
        { commune: 'DREUX', communeInsee: '28134', tso: 'NaTran', dso: 'SEML Gedia', ntr: 0, ntrChoices: [0, 2] },
        { commune: 'LURAY', communeInsee: '28223', tso: 'NaTran', dso: 'SEML Gedia', ntr: 7 },
      ],
    },
  ],
  usedSampleData: false,
  referenceData: null,
  message: null,
  ntrFootnote: 'la valeur du NTR […] sera égale à 0, en cas de changement de fournisseur',
};

describe('simulator form with the official PITD table', () => {
  it('the address pre-fill sets code, commune, TSO and DSO at once and clears their errors', () => {
    const state = simulatorFormReducer(
      {
        ...initialSimulatorFormState,
        values: { ...emptySimulatorValues, pointDeReseau: 'PITD', ntr: '2' },
        errors: { code: 'Veuillez indiquer le code.' },
      },
      { type: 'prefill', values: { code: 'GD0922', commune: 'NICE', tso: 'NaTran', dso: 'GRDF' } },
    );
    expect(state.values).toMatchObject({ code: 'GD0922', commune: 'NICE', tso: 'NaTran', dso: 'GRDF', ntr: '' });
    expect(state.errors).toEqual({});
  });

  it('a doubled NTR is asked and sent; a single NTR is read from the table, not sent', () => {
    expect(ntrChoicesOf(dreuxOptions, 'DX0001', 'DREUX')).toEqual([0, 2]);
    expect(ntrChoicesOf(dreuxOptions, 'DX0001', 'LURAY')).toEqual([]);
    expect(ntrOf(dreuxOptions, 'DX0001', 'LURAY')).toBe(7);
    const values = { ...emptySimulatorValues, pointDeReseau: 'PITD' as const, code: 'DX0001', commune: 'DREUX' };
    // A value that is not one of the two is cleared by the options; a listed one is kept and sent.
    expect(reconcileWithOptions({ ...values, ntr: '5' }, dreuxOptions, '2026-11').ntr).toBe('');
    const chosen = reconcileWithOptions({ ...values, ntr: '2' }, dreuxOptions, '2026-11');
    expect(chosen.ntr).toBe('2');
    expect(toSimulateBody(chosen).ntr).toBe('2');
    expect(reconcileWithOptions({ ...values, commune: 'LURAY' }, dreuxOptions, '2026-11').ntr).toBe('');
    // Changing the commune clears the choice.
    const state = simulatorFormReducer(
      { ...initialSimulatorFormState, values: chosen },
      { type: 'setField', field: 'commune', value: 'LURAY' },
    );
    expect(state.values.ntr).toBe('');
  });

  it('the result names the official tables it used, once each', () => {
    const attribution =
      'Source : GRDF, Table des PITD du 20/02/2026, publiée sur le site de concertation gaz de la CRE.';
    const reading = readSimulationResult({
      resultat: {
        lignes: [],
        referentiel: {
          pitdDataset: { provenance: { attribution } },
          ziDataset: { provenance: { attribution: 'Source : GTG 2007, Table des capacités normalisées.' } },
        },
      },
    });
    expect(reading.referenceSources).toEqual([attribution, 'Source : GTG 2007, Table des capacités normalisées.']);
    expect(
      readSimulationResult({ resultat: { lignes: [], referentiel: { pitdDataset: {} } } }).referenceSources,
    ).toEqual([]);
  });
});
