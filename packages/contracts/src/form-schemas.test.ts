/**
 * The form schemas of spec §5 (issue #22, ADR 0065): every rule reported with its field and the spec's French
 * message, all failures at once in the spec's order, and the server's wrappers telling the first one exactly as
 * the ordered procedures did (`testing/legacy-form-checks.ts`, the code they replaced, is the oracle).
 */
import { describe, expect, it } from 'vitest';
import {
  capaciteInvalideMessage,
  OPTIMISATION_MESSAGES,
  type OptimisationBody,
  optimisationFormSchema,
  valeurNumeriqueInvalideMessage,
  validateOptimisationForm,
} from './optimisation.ts';
import { SIMULATOR_MESSAGES, type SimulateBody, simulatorFormSchema, validateSimulatorForm } from './simulator.ts';
import { legacyValidateOptimisationForm, legacyValidateSimulatorForm } from './testing/legacy-form-checks.ts';

type Issue = { path: (string | number)[]; message: string };

function issuesOf(schema: typeof simulatorFormSchema | typeof optimisationFormSchema, body: unknown): Issue[] {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }));
}

// ---- simulator ------------------------------------------------------------------------------------------

const pitdT3: SimulateBody = {
  pointDeReseau: 'PITD',
  code: 'GD1057',
  commune: 'Paris',
  tso: 'NaTran',
  dso: 'GRDF',
  tarif: 'T3',
  profil: 'P016',
  car: '500',
  dateEffetMonth: '2026-07',
  honeypot: '',
};
const pitdT4: SimulateBody = { ...pitdT3, tarif: 'T4', car: undefined, cjaMwhj: '109', assiette: '18 000' };
const li: SimulateBody = {
  pointDeReseau: 'LI',
  code: 'LI001',
  tso: 'NaTran',
  tarif: 'T4',
  profil: 'P016',
  assiette: '18 000',
  cja: '109',
  honeypot: '',
};
const pic: SimulateBody = { ...li, pointDeReseau: 'PIC', code: 'PIC001', tarif: 'T3', car: '500' };

const simulatorIssue = (body: SimulateBody) => issuesOf(simulatorFormSchema, body);

describe('simulatorFormSchema — each rule of spec §5 "Simulator"', () => {
  it('accepts complete PITD (T3 and T4), LI and PIC forms and parses their numbers', () => {
    for (const body of [pitdT3, pitdT4, li, pic]) {
      expect(simulatorIssue(body)).toEqual([]);
    }
    expect(simulatorFormSchema.parse(pitdT4)).toMatchObject({ pointDeReseau: 'PITD', cja: 109, assiette: 18000 });
    expect(simulatorFormSchema.parse(li)).toMatchObject({ cja: 109, dateEffetMonth: undefined });
  });

  const cases: [string, SimulateBody, string, string][] = [
    ['honeypot', { ...pitdT3, honeypot: 'x' }, 'honeypot', SIMULATOR_MESSAGES.honeypot],
    ['point missing', { ...pitdT3, pointDeReseau: '' }, 'pointDeReseau', SIMULATOR_MESSAGES.pointDeReseau],
    ['point unknown', { ...pitdT3, pointDeReseau: 'XYZ' }, 'pointDeReseau', SIMULATOR_MESSAGES.pointDeReseau],
    ['PITD code', { ...pitdT3, code: ' ' }, 'code', SIMULATOR_MESSAGES.codePitd],
    ['PITD commune', { ...pitdT3, commune: undefined }, 'commune', SIMULATOR_MESSAGES.commune],
    ['PITD TSO', { ...pitdT3, tso: '' }, 'tso', SIMULATOR_MESSAGES.tso],
    ['PITD DSO', { ...pitdT3, dso: '' }, 'dso', SIMULATOR_MESSAGES.dso],
    ['PITD tarif', { ...pitdT3, tarif: 'T9' }, 'tarif', SIMULATOR_MESSAGES.tarif],
    ['PITD profil', { ...pitdT3, profil: '' }, 'profil', SIMULATOR_MESSAGES.profil],
    ['PITD month missing', { ...pitdT3, dateEffetMonth: '' }, 'dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth],
    [
      'PITD month malformed',
      { ...pitdT3, dateEffetMonth: '2026-13' },
      'dateEffetMonth',
      SIMULATOR_MESSAGES.dateEffetMonth,
    ],
    ['LI code', { ...li, code: '' }, 'code', SIMULATOR_MESSAGES.codeLi],
    ['PIC code', { ...pic, code: '' }, 'code', SIMULATOR_MESSAGES.codePic],
    ['LI TSO', { ...li, tso: '' }, 'tso', SIMULATOR_MESSAGES.tso],
    ['LI tarif', { ...li, tarif: '' }, 'tarif', SIMULATOR_MESSAGES.tarif],
    ['LI profil', { ...li, profil: 'P999' }, 'profil', SIMULATOR_MESSAGES.profil],
    ['LI assiette', { ...li, assiette: '' }, 'assiette', SIMULATOR_MESSAGES.assiette],
    ['LI CJA', { ...li, cja: '' }, 'cja', SIMULATOR_MESSAGES.cja],
    ['LI month malformed', { ...li, dateEffetMonth: 'juillet' }, 'dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth],
    ['PITD CAR (T1–T3)', { ...pitdT3, car: '' }, 'car', SIMULATOR_MESSAGES.car],
    ['PIC CAR (T3)', { ...pic, car: '' }, 'car', SIMULATOR_MESSAGES.car],
    ['PITD CJA (T4)', { ...pitdT4, cjaMwhj: '' }, 'cjaMwhj', SIMULATOR_MESSAGES.cja],
    ['PITD assiette (T4, no CAR)', { ...pitdT4, assiette: '' }, 'assiette', SIMULATOR_MESSAGES.assiette],
    [
      'a number that is not one',
      { ...pitdT3, car: 'abc' },
      'car',
      'Valeur numérique invalide pour le champ « CAR » : « abc ».',
    ],
    ['a negative number', { ...pitdT3, cee: '-1' }, 'cee', 'La valeur du champ « CEE » doit être positive ou nulle.'],
    [
      'an optional number',
      { ...pitdT3, debitNormalise: 'x' },
      'debitNormalise',
      'Valeur numérique invalide pour le champ « débit normalisé (Nm³/h) » : « x ».',
    ],
    [
      'the capacity',
      { ...li, capacite: '-3' },
      'capacite',
      'La valeur du champ « capacité » doit être positive ou nulle.',
    ],
    [
      'the interruptible capacity',
      { ...li, cjsInterruptible: 'n' },
      'cjsInterruptible',
      'Valeur numérique invalide pour le champ « capacité interruptible » : « n ».',
    ],
    [
      'the distance',
      { ...pitdT3, distanceM: '-5' },
      'distanceM',
      'La valeur du champ « distance » doit être positive ou nulle.',
    ],
    ['the NTR', { ...pitdT3, ntr: 'deux' }, 'ntr', 'Valeur numérique invalide pour le champ « NTR » : « deux ».'],
    [
      'the CJA sent as cjaMwhj',
      { ...li, cja: undefined, cjaMwhj: '?' },
      'cjaMwhj',
      'Valeur numérique invalide pour le champ « CJA » : « ? ».',
    ],
  ];
  it.each(cases)('%s', (_name, body, field, message) => {
    expect(simulatorIssue(body)).toEqual([{ path: [field], message }]);
    expect(validateSimulatorForm(body)).toMatchObject({ ok: false, field, message });
  });

  it('does not ask what a point does not have: no CAR for LI or T4/TP, no CJA for PITD T1–T3, no month for LI/PIC', () => {
    expect(simulatorIssue({ ...li, car: undefined, dateEffetMonth: undefined })).toEqual([]);
    expect(simulatorIssue({ ...pitdT4, car: undefined })).toEqual([]);
    expect(simulatorIssue({ ...pitdT3, cjaMwhj: undefined, assiette: undefined })).toEqual([]);
    // A PITD in T4 with a CAR (API clients) needs no assiette.
    expect(simulatorIssue({ ...pitdT4, car: '500', assiette: undefined })).toEqual([]);
  });

  it('reports every failure at once, in the spec order, each field once', () => {
    expect(simulatorIssue({ pointDeReseau: 'PITD', honeypot: '', car: 'x' })).toEqual([
      { path: ['code'], message: SIMULATOR_MESSAGES.codePitd },
      { path: ['commune'], message: SIMULATOR_MESSAGES.commune },
      { path: ['tso'], message: SIMULATOR_MESSAGES.tso },
      { path: ['dso'], message: SIMULATOR_MESSAGES.dso },
      { path: ['tarif'], message: SIMULATOR_MESSAGES.tarif },
      { path: ['profil'], message: SIMULATOR_MESSAGES.profil },
      { path: ['dateEffetMonth'], message: SIMULATOR_MESSAGES.dateEffetMonth },
      { path: ['car'], message: 'Valeur numérique invalide pour le champ « CAR » : « x ».' },
    ]);
    expect(simulatorIssue({ pointDeReseau: 'LI', assiette: '-1', cee: 'y' }).map((issue) => issue.path[0])).toEqual([
      'code',
      'tso',
      'tarif',
      'profil',
      'assiette',
      'cja',
      'cee',
    ]);
  });

  it('tells nothing but the honeypot to a bot, and nothing but the point without one', () => {
    expect(simulatorIssue({ honeypot: 'bot' })).toEqual([{ path: ['honeypot'], message: SIMULATOR_MESSAGES.honeypot }]);
    expect(validateSimulatorForm({ ...pitdT3, honeypot: 'bot' })).toMatchObject({ code: 'BOT_DETECTED' });
    expect(simulatorIssue({ code: '' })).toEqual([
      { path: ['pointDeReseau'], message: SIMULATOR_MESSAGES.pointDeReseau },
    ]);
  });
});

// ---- optimisation ---------------------------------------------------------------------------------------

const opt: OptimisationBody = {
  pointDeReseau: 'PITD',
  code: 'GD1057',
  commune: 'Paris',
  tso: 'NaTran',
  tarif: 'T4',
  profil: 'P016',
  assiette: '18 000',
};
const twelve = (value: string) => Array.from({ length: 12 }, () => value);
const optimisationIssue = (body: OptimisationBody) => issuesOf(optimisationFormSchema, body);

describe('optimisationFormSchema — each rule of spec §5 "Optimisation"', () => {
  it('accepts a complete form, empty optional numbers as 0 and no current CJA as the default', () => {
    expect(optimisationIssue(opt)).toEqual([]);
    expect(optimisationFormSchema.parse({ ...opt, capacitesMensuelles: twelve('1,5') })).toMatchObject({
      assiette: 18000,
      cjsInterruptible: 0,
      cpl: 0,
      cjaActuelle: undefined,
      capacitesMensuelles: twelve('1.5').map(Number),
    });
    // LI / PIC: any option (ADR 0052).
    expect(optimisationIssue({ ...opt, pointDeReseau: 'LI', tarif: 'T2' })).toEqual([]);
  });

  const cases: [string, OptimisationBody, string, string][] = [
    ['point', { ...opt, pointDeReseau: 'X' }, 'pointDeReseau', OPTIMISATION_MESSAGES.pointDeReseau],
    ['code', { ...opt, code: '' }, 'code', OPTIMISATION_MESSAGES.code],
    ['commune', { ...opt, commune: ' ' }, 'commune', OPTIMISATION_MESSAGES.commune],
    ['TSO', { ...opt, tso: null }, 'tso', OPTIMISATION_MESSAGES.tso],
    ['tarif', { ...opt, tarif: '' }, 'tarif', OPTIMISATION_MESSAGES.tarif],
    ['tarif of a PITD', { ...opt, tarif: 'T2' }, 'tarif', OPTIMISATION_MESSAGES.tarifPitd],
    ['profil', { ...opt, profil: '' }, 'profil', OPTIMISATION_MESSAGES.profil],
    ['assiette', { ...opt, assiette: '' }, 'assiette', OPTIMISATION_MESSAGES.assiette],
    [
      'assiette not a number',
      { ...opt, assiette: 'abc' },
      'assiette',
      valeurNumeriqueInvalideMessage('abc', 'assiette'),
    ],
    [
      '12 capacities',
      { ...opt, capacitesMensuelles: twelve('1').slice(1) },
      'capacitesMensuelles',
      OPTIMISATION_MESSAGES.capacitesCount,
    ],
    [
      'capacities numbers',
      { ...opt, capacitesMensuelles: [...twelve('1').slice(1), 'x'] },
      'capacitesMensuelles',
      OPTIMISATION_MESSAGES.capacitesNumbers,
    ],
    [
      'capacities filled',
      { ...opt, capacitesMensuelles: [...twelve('1').slice(1), ''] },
      'capacitesMensuelles',
      OPTIMISATION_MESSAGES.capacitesEmpty,
    ],
    ['current CJA', { ...opt, cjaActuelle: '-2' }, 'cjaActuelle', valeurNumeriqueInvalideMessage('-2', 'CJA actuelle')],
    [
      'interruptible capacity',
      { ...opt, cjsInterruptible: 'z' },
      'cjsInterruptible',
      valeurNumeriqueInvalideMessage('z', 'capacité interruptible'),
    ],
    ['delivery capacity', { ...opt, cpl: '-1' }, 'cpl', valeurNumeriqueInvalideMessage('-1', 'capacité de livraison')],
    ['month', { ...opt, dateEffetMonth: '2026-7' }, 'dateEffetMonth', OPTIMISATION_MESSAGES.dateEffetMonth],
    ['PCE', { ...opt, pce: '1234' }, 'pce', OPTIMISATION_MESSAGES.pceFormat],
  ];
  it.each(cases)('%s', (_name, body, field, message) => {
    expect(optimisationIssue(body)).toEqual([{ path: [field], message }]);
    expect(validateOptimisationForm(body)).toEqual({ ok: false, field, message });
  });

  it('names each negative month (M{n}) with its index', () => {
    const values = twelve('1');
    values[2] = '-1';
    values[7] = '-3';
    expect(optimisationIssue({ ...opt, capacitesMensuelles: values })).toEqual([
      { path: ['capacitesMensuelles', 2], message: capaciteInvalideMessage(3) },
      { path: ['capacitesMensuelles', 7], message: capaciteInvalideMessage(8) },
    ]);
    expect(validateOptimisationForm({ ...opt, capacitesMensuelles: values })).toEqual({
      ok: false,
      field: 'capacitesMensuelles/2',
      message: capaciteInvalideMessage(3),
    });
  });

  it('reports every failure at once, in the spec order', () => {
    expect(optimisationIssue({ assiette: 'x', capacitesMensuelles: twelve(''), pce: '12' })).toEqual([
      { path: ['pointDeReseau'], message: OPTIMISATION_MESSAGES.pointDeReseau },
      { path: ['code'], message: OPTIMISATION_MESSAGES.code },
      { path: ['commune'], message: OPTIMISATION_MESSAGES.commune },
      { path: ['tso'], message: OPTIMISATION_MESSAGES.tso },
      { path: ['tarif'], message: OPTIMISATION_MESSAGES.tarif },
      { path: ['profil'], message: OPTIMISATION_MESSAGES.profil },
      { path: ['assiette'], message: valeurNumeriqueInvalideMessage('x', 'assiette') },
      { path: ['capacitesMensuelles'], message: OPTIMISATION_MESSAGES.capacitesEmpty },
      { path: ['pce'], message: OPTIMISATION_MESSAGES.pceFormat },
    ]);
  });
});

// ---- the wrappers tell the server what the procedures told ---------------------------------------------

/** A small deterministic generator (mulberry32): the same bodies at every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bodies<T>(choices: Record<string, readonly unknown[]>, count: number, seed: number): T[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {};
    for (const [key, values] of Object.entries(choices)) {
      const value = values[Math.floor(next() * values.length)];
      if (value !== undefined) {
        body[key] = value;
      }
    }
    return body as T;
  });
}

/** Mostly valid (so that some generated forms pass), with a negative and a non-number. */
const numberChoices = [undefined, undefined, '', '', '12', '1 500,5', 0, 0, 0, '-1', 'abc'] as const;

describe('the wrappers keep the first failure of the former procedures', () => {
  it('validateSimulatorForm answers as the procedure did (3 000 generated forms)', () => {
    const generated = bodies<SimulateBody>(
      {
        honeypot: ['', '', '', '', '', '', '', '', 'x'],
        pointDeReseau: ['PITD', 'PITD', 'LI', 'PIC', 'pic', '', 'XX'],
        code: [undefined, '', 'C1', 'C1', 'C1'],
        commune: [undefined, 'Paris', 'Paris'],
        tso: [undefined, 'NaTran', 'NaTran'],
        dso: [undefined, 'GRDF', 'GRDF'],
        tarif: [undefined, 'T1', 'T3', 'T4', 'tp', 'T9'],
        profil: [undefined, 'P016', 'p011', 'P000'],
        dateEffetMonth: [undefined, '2026-07', '2026-07', '2026-13', 'x'],
        car: numberChoices,
        cja: numberChoices,
        cjaMwhj: numberChoices,
        assiette: numberChoices,
        cjsInterruptible: numberChoices,
        capacite: numberChoices,
        cee: numberChoices,
        distanceM: numberChoices,
        debitNormalise: numberChoices,
        ntr: numberChoices,
      },
      3000,
      22,
    );
    let valid = 0;
    for (const body of generated) {
      const now = validateSimulatorForm(body);
      expect(now, JSON.stringify(body)).toEqual(legacyValidateSimulatorForm(body));
      valid += now.ok ? 1 : 0;
    }
    expect(valid).toBeGreaterThan(0);
  });

  it('validateOptimisationForm answers as the procedure did (3 000 generated forms)', () => {
    const generated = bodies<OptimisationBody>(
      {
        pointDeReseau: ['PITD', 'PITD', 'LI', 'pic', '', 'XX'],
        code: ['C1', 'C1', ''],
        commune: ['Paris', 'Paris', undefined],
        tso: ['NaTran', 'NaTran', ''],
        tarif: ['T4', 'TP', 't4', 'T2', '', 'T9'],
        profil: ['P016', 'P016', 'P000'],
        assiette: ['18 000', '18 000', '', 'x', '-1'],
        capacitesMensuelles: [
          undefined,
          null,
          twelve('1'),
          twelve('1').slice(1),
          [...twelve('1').slice(1), 'x'],
          [...twelve('1').slice(1), ''],
          [...twelve('1').slice(2), '-1', '-2'],
        ],
        cjaActuelle: numberChoices,
        cjsInterruptible: numberChoices,
        cpl: numberChoices,
        dateEffetMonth: [undefined, '2026-07', '2026-7'],
        pce: [undefined, '', '12345678901234', '123 456 789 012 34', '12'],
        datasetId: [undefined, '', 'ds1'],
      },
      3000,
      23,
    );
    let valid = 0;
    for (const body of generated) {
      const now = validateOptimisationForm(body);
      expect(now, JSON.stringify(body)).toEqual(legacyValidateOptimisationForm(body));
      valid += now.ok ? 1 : 0;
    }
    expect(valid).toBeGreaterThan(0);
  });
});
