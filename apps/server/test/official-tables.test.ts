import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { referenceTableAttributions } from '@pilote/content';
import { describe, expect, it } from 'vitest';
import {
  communeOfArrondissement,
  officialTables,
  readManifest,
  readShippedCsv,
  referenceTablesDir,
  splitShippedLine,
  stationKey,
} from '../src/modules/reference-data/official-tables.ts';

const dir = referenceTablesDir();
const manifest = readManifest(dir);

describe('official point tables shipped with the server (ADR 0051)', () => {
  it('every shipped file is described, and every row is covered by its provenance (SHA-256 and row count)', () => {
    const files = readdirSync(dir).filter((name) => name !== 'provenance.json');
    expect(files.sort()).toEqual(manifest.files.map((entry) => entry.file).sort());
    expect(manifest.copy.repository).not.toBe('');
    expect(manifest.copy.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(manifest.licence).not.toBe('');
    for (const entry of manifest.files) {
      const text = readFileSync(path.join(dir, entry.file), 'utf8');
      // A row added, removed or changed without converting again (and so without its provenance) fails here.
      expect(createHash('sha256').update(text).digest('hex'), entry.file).toBe(entry.sha256);
      expect(readShippedCsv(text).length, entry.file).toBe(entry.rows);
      for (const field of ['title', 'publisher', 'validity', 'attribution', 'sheet'] as const) {
        expect(entry[field].trim(), `${entry.file}: ${field}`).not.toBe('');
      }
      expect(entry.version, entry.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.attribution, entry.file).toMatch(/^Source : /);
      expect(entry.source.name, entry.file).not.toBe('');
      expect(entry.source.sha256, entry.file).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.source.copyPath, entry.file).not.toBe('');
    }
  });

  it('the attributions the web shows (@pilote/content) are the provenance’s', () => {
    for (const shown of referenceTableAttributions) {
      expect(manifest.files.find((entry) => entry.table === shown.table)?.attribution, shown.table).toBe(
        shown.attribution,
      );
    }
  });

  it('the official files are the ones of the reference (SHA-256 of GRDF’s and the GTG’s files)', () => {
    const pitd = manifest.files.find((entry) => entry.table === 'pitd');
    const zi = manifest.files.find((entry) => entry.table === 'zi');
    expect(pitd?.source.sha256).toBe('1df6ecdebb44a56b5f511d28abf7f314142d8e797d86ff070b7c151be282db08');
    expect(pitd?.source.container?.sha256).toBe('33405f2b9fec500cde0357ef6fdef4bb67659c086de6ad96f8e7bab8d74727ec');
    expect(zi?.source.sha256).toBe('74123d83514240b92a2ed06afbdda7cbc5ba94ae8209313bdac5d33c00da8dac');
  });

  it('every PITD row is complete: padded INSEE code, code, NTR 0–10, 8-digit station with a Zi, TSO, distributor', () => {
    const { pitd, zi } = officialTables();
    const stations = new Set(zi.rows.map((row) => stationKey(row.stationMeteo)));
    const records = readShippedCsv(readFileSync(path.join(dir, pitd.provenance.file), 'utf8'));
    expect(records).toHaveLength(10_022);
    // One assertion for the whole table (100 000 expect() calls would take seconds): the incomplete rows, if any.
    const incomplete = records.filter(
      (row) =>
        !/^(\d{5}|2[AB]\d{3})$/.test(row.commune_insee ?? '') ||
        !/^[A-Z]{2}\d{4}$/.test(row.code_pitd ?? '') ||
        !/^(\d|10)$/.test(row.ntr ?? '') ||
        !/^\d{8}$/.test(row.station_code ?? '') ||
        !stations.has(stationKey(row.station_meteo ?? '')) ||
        !['NaTran', 'Teréga'].includes(row.gestionnaire_transport ?? '') ||
        !row.grd ||
        !row.commune ||
        !row.libelle ||
        !/^(P|NP|\d+(\.\d+)?)$/.test(row.perequation ?? ''),
    );
    expect(incomplete).toEqual([]);
    expect(new Set(records.map((row) => row.commune_insee)).size).toBe(9_989);
    expect(new Set(records.map((row) => row.code_pitd)).size).toBe(1_281);
    expect(zi.rows).toHaveLength(315);
  });

  it('reads the traps: leading zeros, doubled NTR, station spellings, NIV, arrondissements', () => {
    const { pitd, zi } = officialTables();
    const nice = pitd.rows.filter((row) => row.communeInsee === '06088');
    expect(nice).toMatchObject([{ codePitd: 'GD0922', ntr: 7, tso: 'NaTran', dso: 'GRDF', ntrChoices: null }]);
    const dreux = pitd.rows.find((row) => row.codePitd === 'DX0001' && row.communeInsee === '28134');
    expect(dreux).toMatchObject({ libelle: 'DREUX', ntrChoices: [0, 2], dso: 'SEML Gedia' });
    expect(pitd.rows.find((row) => row.codePitd === 'PR0001')?.ntrChoices).toEqual([0, 6]);
    expect(pitd.ntrFootnote).toMatch(/^la valeur du NTR, applicable à tout moment/);
    expect(pitd.rows.find((row) => row.communeInsee === '62029')?.coefficientNiv).toBe(1.045);
    expect(pitd.rows.find((row) => row.communeInsee === '75056')?.coefficientNiv).toBeNull();
    // Andlau: R-GDS upstream, Barr énergies serves the commune.
    expect(pitd.rows.find((row) => row.communeInsee === '67010')).toMatchObject({ dso: 'Barr énergies', ntr: 3 });
    // BORDEAUX-MERIGNAC in the PITD table, BORDEAUX MERIGNAC in the Zi table; Bonneville joined on its code.
    const bordeaux = pitd.rows.find((row) => row.communeInsee === '33063');
    expect(bordeaux?.stationMeteo).toBe('BORDEAUX-MERIGNAC');
    expect(zi.rows.find((row) => row.stationCode === '33281001' && row.profil === 'P016')?.zi).toBe(0.009107489);
    expect(zi.rows.find((row) => row.stationMeteo === 'BONNEVILLE')?.stationCode).toBe('74042003');
    expect(communeOfArrondissement('75108')).toBe('75056');
    expect(communeOfArrondissement('69383')).toBe('69123');
    expect(communeOfArrondissement('13216')).toBe('13055');
    expect(communeOfArrondissement('06088')).toBe('06088');
    // The converter quotes a field holding « ; » or a double quote; the reader undoes it.
    expect(splitShippedLine('GD0001;"A;B";"dit ""C""";')).toEqual(['GD0001', 'A;B', 'dit "C"', '']);
  });
});
