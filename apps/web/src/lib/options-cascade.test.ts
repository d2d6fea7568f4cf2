import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CascadeValues,
  OPTIMISATION_CASCADE_RULE,
  reconcileCascade,
  SIMULATOR_CASCADE_RULE,
} from './options-cascade.ts';

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

function values(overrides: Partial<CascadeValues> = {}): CascadeValues {
  return {
    pointDeReseau: 'PITD',
    code: '',
    commune: '',
    tso: '',
    tarif: '',
    profil: '',
    dateEffetMonth: '',
    ...overrides,
  };
}

const bordeaux = {
  code: 'C4',
  communes: [
    { commune: 'Bordeaux', communeInsee: '33063', tso: 'Teréga', dso: 'GRDF' },
    { commune: 'Le Bouscat', communeInsee: '33069', tso: 'NaTran', dso: 'GRDF' },
  ],
};
const rules = [
  ['simulator', SIMULATOR_CASCADE_RULE],
  ['optimisation', OPTIMISATION_CASCADE_RULE],
] as const;

describe('the two defaults, named in the rule', () => {
  it('date of effect: the simulator takes the current month only; the optimisation falls back to the latest covered', () => {
    const past = options({ months: ['2025-06', '2025-07'] });
    expect(reconcileCascade(values(), past, SIMULATOR_CASCADE_RULE, '2026-11').dateEffetMonth).toBe('');
    expect(reconcileCascade(values(), past, OPTIMISATION_CASCADE_RULE, '2026-11').dateEffetMonth).toBe('2025-07');
    const future = options({ months: ['2027-01', '2027-02'] });
    expect(reconcileCascade(values(), future, OPTIMISATION_CASCADE_RULE, '2026-11').dateEffetMonth).toBe('2027-01');
    const covered = options({ months: ['2026-10', '2026-11', '2026-12'] });
    for (const [, rule] of rules) {
      expect(reconcileCascade(values(), covered, rule, '2026-11').dateEffetMonth).toBe('2026-11');
      expect(reconcileCascade(values(), options({ months: ['2025-07'] }), rule, '2026-11').dateEffetMonth).toBe(
        '2025-07',
      );
    }
  });

  it("TSO: the simulator takes the code's first commune's operator; the optimisation the chosen commune's", () => {
    const answer = options({ pitdCommunesIndex: [bordeaux] });
    const chosen = values({ code: 'C4', commune: 'Le Bouscat' });
    expect(reconcileCascade(chosen, answer, SIMULATOR_CASCADE_RULE).tso).toBe('Teréga');
    expect(reconcileCascade(chosen, answer, OPTIMISATION_CASCADE_RULE).tso).toBe('NaTran');
    for (const [, rule] of rules) {
      expect(reconcileCascade(values({ code: 'C4' }), answer, rule).tso).toBe('Teréga');
    }
  });

  it('TSO of a PIC: the optimisation takes the first listed operator, the simulator waits for the user', () => {
    const pic = options({
      point: 'PIC',
      pitdCommunesIndex: undefined,
      picCommunesIndex: [{ code: 'P1', communes: [{ commune: 'Fos' }] }],
    });
    const chosen = values({ pointDeReseau: 'PIC', code: 'P1' });
    expect(reconcileCascade(chosen, pic, SIMULATOR_CASCADE_RULE)).toMatchObject({ commune: 'Fos', tso: '' });
    expect(reconcileCascade(chosen, pic, OPTIMISATION_CASCADE_RULE)).toMatchObject({ commune: 'Fos', tso: 'NaTran' });
  });

  it('a lone code of a complete list: chosen by the simulator, left to the user by the optimisation', () => {
    const single = options({ codes: [{ code: 'C4', libelle: 'Bordeaux' }] });
    expect(reconcileCascade(values(), single, SIMULATOR_CASCADE_RULE).code).toBe('C4');
    expect(reconcileCascade(values(), single, OPTIMISATION_CASCADE_RULE).code).toBe('');
    const truncated = { ...single, truncated: true };
    expect(reconcileCascade(values(), truncated, SIMULATOR_CASCADE_RULE).code).toBe('');
  });

  it('tariffs: the optimisation offers T4 and TP only for a PITD', () => {
    expect(reconcileCascade(values({ tarif: 'T2' }), options(), SIMULATOR_CASCADE_RULE).tarif).toBe('T2');
    expect(reconcileCascade(values({ tarif: 'T2' }), options(), OPTIMISATION_CASCADE_RULE).tarif).toBe('');
    const li = options({ point: 'LI', pitdCommunesIndex: undefined });
    expect(reconcileCascade(values({ pointDeReseau: 'LI', tarif: 'T2' }), li, OPTIMISATION_CASCADE_RULE).tarif).toBe(
      'T2',
    );
  });
});

// Where the two copies disagreed on what a stale value is, the stricter rule (the simulator's) wins for both
// (issue #22: "then a test first, and the stricter rule wins"; ADR 0059).
describe.each(rules)('stale values are cleared (%s)', (_name, rule) => {
  it('a TSO the answer no longer lists', () => {
    expect(reconcileCascade(values({ tso: 'GRTgaz' }), options(), rule).tso).toBe('');
  });

  it('a profile the answer no longer lists; a lone profile is chosen', () => {
    expect(reconcileCascade(values({ profil: 'P099' }), options(), rule).profil).toBe('');
    expect(reconcileCascade(values(), options({ profils: ['P016'] }), rule).profil).toBe('P016');
  });

  it('a commune when the answer lists none for the code', () => {
    expect(reconcileCascade(values({ code: 'ZZ', commune: 'Paris' }), options(), rule).commune).toBe('');
  });

  it('a month when the answer lists no month', () => {
    expect(reconcileCascade(values({ dateEffetMonth: '2025-07' }), options({ months: [] }), rule).dateEffetMonth).toBe(
      '',
    );
  });

  it('a default TSO the answer does not list is not taken', () => {
    const answer = options({ tso: ['NaTran'], pitdCommunesIndex: [bordeaux] });
    expect(reconcileCascade(values({ code: 'C4', commune: 'Bordeaux' }), answer, rule).tso).toBe('NaTran');
  });

  it('returns the same object when nothing changes, and ignores an answer for another point', () => {
    const settled = values({ code: 'C4', commune: 'Bordeaux', tso: 'Teréga', tarif: 'T4', dateEffetMonth: '2025-07' });
    const answer = options({ pitdCommunesIndex: [bordeaux] });
    expect(reconcileCascade(settled, answer, rule)).toBe(settled);
    expect(reconcileCascade(settled, options({ point: 'LI' }), rule)).toBe(settled);
  });
});
