import { SIMULATOR_MESSAGES } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { emptySimulatorValues, type SimulatorFormValues, toSimulateBody } from './form-values.ts';
import { validateSimulatorValues } from './validation.ts';

const pitdT4: SimulatorFormValues = {
  ...emptySimulatorValues,
  pointDeReseau: 'PITD',
  code: 'IDF-01',
  commune: 'Paris',
  tso: 'NaTran',
  dso: 'GRDF',
  tarif: 'T4',
  profil: 'P016',
  cja: '109',
  assiette: '15 466,8',
  dateEffetMonth: '2026-02',
};

describe('simulator form validation (spec §5, the server’s messages)', () => {
  it('accepts a complete PITD T4 form', () => {
    expect(validateSimulatorValues(pitdT4)).toEqual({ ok: true });
  });

  it('PITD T4 / TP without assiette: the assiette is required (no CAR to estimate the storage modulation)', () => {
    for (const tarif of ['T4', 'TP']) {
      const result = validateSimulatorValues({ ...pitdT4, tarif, distanceM: '100', assiette: '' });
      expect(result.ok).toBe(false);
      expect(result.ok ? null : result.errors.assiette).toBe("Veuillez indiquer l'assiette.");
    }
    // T1–T3 have a CAR: the assiette stays optional there.
    expect(validateSimulatorValues({ ...pitdT4, tarif: 'T2', cja: '', car: '150', assiette: '' })).toEqual({
      ok: true,
    });
  });

  it('without a point: only the point message', () => {
    expect(validateSimulatorValues(emptySimulatorValues)).toEqual({
      ok: false,
      errors: { pointDeReseau: SIMULATOR_MESSAGES.pointDeReseau },
      formError: null,
      firstField: 'pointDeReseau',
    });
  });

  it('an empty PITD form: every required field with its message, focus on the first', () => {
    const result = validateSimulatorValues({ ...emptySimulatorValues, pointDeReseau: 'PITD' });
    expect(result).toEqual({
      ok: false,
      formError: null,
      firstField: 'code',
      errors: {
        code: 'Veuillez indiquer le code PITD.',
        commune: 'Veuillez indiquer la commune.',
        tso: 'Veuillez sélectionner le TSO.',
        dso: 'Veuillez indiquer le DSO.',
        tarif: 'Veuillez indiquer le tarif.',
        profil: 'Veuillez indiquer le profil.',
        dateEffetMonth: "Veuillez sélectionner la date d'effet.",
        car: 'Veuillez indiquer la CAR.',
      },
    });
  });

  it('T4/TP: no CAR, the CJA instead', () => {
    const result = validateSimulatorValues({ ...pitdT4, cja: '', car: '' });
    expect(result).toMatchObject({ ok: false, errors: { cja: 'Veuillez indiquer la CJA.' }, firstField: 'cja' });
    expect(result.ok === false && 'car' in result.errors).toBe(false);
  });

  it('T2: the CAR is required', () => {
    expect(validateSimulatorValues({ ...pitdT4, tarif: 'T2', cja: '' })).toMatchObject({
      ok: false,
      errors: { car: 'Veuillez indiquer la CAR.' },
    });
    expect(validateSimulatorValues({ ...pitdT4, tarif: 'T2', car: '12 000,5' })).toEqual({ ok: true });
  });

  it('LI: code wording, assiette and CJA; never the CAR', () => {
    const result = validateSimulatorValues({ ...emptySimulatorValues, pointDeReseau: 'LI' });
    expect(result).toEqual({
      ok: false,
      formError: null,
      firstField: 'code',
      errors: {
        code: 'Veuillez indiquer le code LI.',
        tso: 'Veuillez sélectionner le TSO.',
        tarif: 'Veuillez indiquer le tarif.',
        profil: 'Veuillez indiquer le profil.',
        assiette: "Veuillez indiquer l'assiette.",
        cja: 'Veuillez indiquer la CJA.',
      },
    });
  });

  it('PIC: its code wording and the CAR unless T4/TP', () => {
    const result = validateSimulatorValues({
      ...emptySimulatorValues,
      pointDeReseau: 'PIC',
      code: '',
      tso: 'NaTran',
      tarif: 'T2',
      profil: 'P011',
      assiette: '10',
      cja: '5',
    });
    expect(result).toMatchObject({
      ok: false,
      errors: { code: 'Veuillez indiquer le code PIC.', car: 'Veuillez indiquer la CAR.' },
    });
  });

  it('a number that is not one says so', () => {
    expect(validateSimulatorValues({ ...pitdT4, cja: '12abc' })).toMatchObject({
      ok: false,
      errors: { cja: 'Valeur numérique invalide pour le champ « CJA » : « 12abc ».' },
    });
  });

  it('the honeypot blocks the form', () => {
    expect(validateSimulatorValues({ ...pitdT4, honeypot: 'http://spam' })).toEqual({
      ok: false,
      errors: {},
      formError: 'Bot détecté. Requête bloquée.',
      firstField: null,
    });
  });
});

describe('request body', () => {
  it('camelCase, hidden fields left out, the CJA as cjaMwhj for PITD and cja for LI/PIC', () => {
    expect(toSimulateBody({ ...pitdT4, car: '99', capacite: '3', distanceM: '4' })).toEqual({
      pointDeReseau: 'PITD',
      code: 'IDF-01',
      commune: 'Paris',
      tso: 'NaTran',
      dso: 'GRDF',
      tarif: 'T4',
      profil: 'P016',
      cjaMwhj: '109',
      assiette: '15 466,8',
      dateEffetMonth: '2026-02',
      honeypot: '',
    });
    expect(
      toSimulateBody({ ...emptySimulatorValues, pointDeReseau: 'LI', code: 'L', dso: 'GRDF', car: '1', cja: '5' }),
    ).toEqual({ pointDeReseau: 'LI', code: 'L', cja: '5', honeypot: '' });
  });
});
