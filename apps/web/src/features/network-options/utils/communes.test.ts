import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { communesOf, pickListed } from './communes.ts';

const base: SimulatorOptionsResponse = {
  point: 'PITD',
  codes: [],
  truncated: false,
  tarifs: [],
  profils: [],
  months: [],
  tso: [],
  dso: [],
  usedSampleData: false,
  referenceData: null,
  message: null,
};

describe('communesOf', () => {
  it('PITD: the communes of the code with their transport operator', () => {
    const options: SimulatorOptionsResponse = {
      ...base,
      pitdCommunesIndex: [
        {
          code: 'BDX',
          communes: [
            { commune: 'Bordeaux', communeInsee: '33063', tso: 'Teréga', dso: 'GRDF' },
            { commune: 'Le Bouscat', communeInsee: '33069', tso: 'Teréga', dso: 'GRDF' },
          ],
        },
      ],
    };
    expect(communesOf(options, 'BDX')).toEqual([
      { commune: 'Bordeaux', tso: 'Teréga' },
      { commune: 'Le Bouscat', tso: 'Teréga' },
    ]);
    expect(communesOf(options, 'OTHER')).toEqual([]);
  });

  it('LI and PIC: communes by name, no operator', () => {
    expect(
      communesOf({ ...base, point: 'LI', liCommunesIndex: [{ code: 'LI-1', communes: ['Fos'] }] }, 'LI-1'),
    ).toEqual([{ commune: 'Fos', tso: null }]);
    const pic: SimulatorOptionsResponse = {
      ...base,
      point: 'PIC',
      picCommunesIndex: [{ code: 'PIC-1', communes: [{ commune: 'Lacq' }] }],
    };
    expect(communesOf(pic, 'PIC-1')).toEqual([{ commune: 'Lacq', tso: null }]);
  });

  it('nothing without an answer or a code', () => {
    expect(communesOf(undefined, 'BDX')).toEqual([]);
    expect(communesOf(base, '')).toEqual([]);
  });
});

describe('pickListed', () => {
  it('keeps a listed value, clears one no longer listed, selects the only option', () => {
    expect(pickListed('T4', ['T2', 'T4'])).toBe('T4');
    expect(pickListed('T1', ['T2', 'T4'])).toBe('');
    expect(pickListed('T1', ['T4'])).toBe('T4');
    expect(pickListed('', ['T4'])).toBe('T4');
    expect(pickListed('', [])).toBe('');
  });
});
