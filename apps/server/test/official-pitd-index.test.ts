import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPitdPoint } from '../src/modules/reference-data/pitd-point.ts';
import {
  officialIndexStats,
  officialPitdTable,
  officialZiTable,
  type PitdEntry,
  type ReferenceData,
  sameCommune,
} from '../src/modules/reference-data/source.ts';

/** The reference data of a fresh install: the shipped official tables only (ADR 0051). */
const shipped: ReferenceData = {
  pitd: async () => officialPitdTable(),
  zi: async () => officialZiTable(),
  transportPoints: () => Promise.reject(new Error('not used')),
  tables: async () => ({ pitd: officialPitdTable(), zi: officialZiTable(), tariffValuesVersion: 0 }),
};

/** GD1057 (Paris) has 936 communes: the bench body of bench/api-target.ts. */
const PARIS = { code: 'GD1057', commune: 'Paris', tso: 'NaTran', normalisedTso: 'NaTran' };

/** The order rowsOf answered in before the index (ADR 0046): by commune (French), then INSEE code. */
const previousOrder = (a: PitdEntry, b: PitdEntry) =>
  a.commune.localeCompare(b.commune, 'fr') || a.communeInsee.localeCompare(b.communeInsee);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('official PITD table: lookups through an index built once per code (ADR 0046, docs/performance.md)', () => {
  it('a PITD lookup neither sorts nor normalises the code’s rows again once the code has been asked for', async () => {
    await findPitdPoint(shipped, PARIS);
    const builtBefore = officialIndexStats.codeIndexesBuilt;
    const normalise = vi.spyOn(String.prototype, 'normalize');
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    for (let i = 0; i < 5; i += 1) {
      const { entry } = await findPitdPoint(shipped, PARIS);
      expect(entry.commune).toBe('PARIS');
    }
    // Before the index: each lookup sorted 936 rows (thousands of localeCompare) and normalised every row's commune
    // up to Paris (hundreds of normalize). Now: the asked commune only, once per lookup.
    expect(compare).not.toHaveBeenCalled();
    expect(normalise.mock.calls.length).toBeLessThanOrEqual(5);
    expect(officialIndexStats.codeIndexesBuilt).toBe(builtBefore);
  });

  it('answers what a scan of every row answered: same rows, same order, copies a caller may change', async () => {
    const table = officialPitdTable();
    const rows = await table.rowsOf('GD1057');
    expect(rows).toHaveLength(936);
    expect(rows).toEqual([...rows].sort(previousOrder));
    for (const commune of ['Paris', 'paris', '75056', 'Saint-Denis', 'ST DENIS', 'Boulogne-Billancourt', 'Nowhere']) {
      expect(await table.rowsOfCodeInCommune('GD1057', commune), commune).toEqual(
        rows.filter((row) => sameCommune(row, commune)),
      );
    }
    expect(await table.rowsOfCodeInCommune('XX0000', 'Paris')).toBeNull();
    (rows[0] as PitdEntry).ntr = 99;
    expect((await table.rowsOf('GD1057'))[0]?.ntr).not.toBe(99);
    const paris = await table.rowsOfCommune('75101');
    expect(paris.length).toBeGreaterThan(0);
    expect(paris).toEqual(
      [...paris].sort((a, b) => a.codePitd.localeCompare(b.codePitd) || a.commune.localeCompare(b.commune, 'fr')),
    );
  });
});
