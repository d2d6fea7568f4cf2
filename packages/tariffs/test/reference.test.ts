import { describe, expect, it } from 'vitest';
import { findZi, PROFILS, SAMPLE_PITD, SAMPLE_ZI, STATIONS_METEO } from '../src/index.ts';

describe('reference data', () => {
  it('ships clearly labelled samples', () => {
    expect(SAMPLE_PITD.isSample).toBe(true);
    expect(SAMPLE_ZI.isSample).toBe(true);
    for (const row of SAMPLE_PITD.rows) {
      expect(row.codePitd.startsWith('ECH-')).toBe(true);
      expect(row.libelle).toMatch(/ÉCHANTILLON/);
      expect(STATIONS_METEO.some((s) => s.code === row.stationMeteo)).toBe(true);
      expect(findZi(SAMPLE_ZI, row.stationMeteo, 'P016')).toBeGreaterThan(0);
    }
    expect(SAMPLE_PITD.rows.some((r) => r.gestionnaireTransport === 'NaTran' && r.ntr === 2)).toBe(true);
  });

  it('has the nine profiles and unique stations', () => {
    expect(PROFILS.map((p) => p.code)).toEqual([
      'P011',
      'P012',
      'P013',
      'P014',
      'P015',
      'P016',
      'P017',
      'P018',
      'P019',
    ]);
    expect(new Set(STATIONS_METEO.map((s) => s.code)).size).toBe(STATIONS_METEO.length);
    // The PITD file header is the reader's: packages/invoices/test/reference-csv.test.ts (ADR 0053).
  });
});
