import { normaliseTso, SAMPLE_LI, SAMPLE_PIC } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import {
  formatCsvErrors,
  PITD_CSV_HEADER,
  parsePitdCsv,
  parseTransportPointCsv,
  parseZiCsv,
  splitCsvLine,
  TRANSPORT_POINT_CSV_HEADER,
} from '../src/csv/index.ts';

const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';

describe('parsePitdCsv', () => {
  it('documents its header (formerly asserted in packages/tariffs/test/reference.test.ts)', () => {
    expect(PITD_CSV_HEADER.join(';')).toBe(
      'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo',
    );
  });

  it('parses a valid file (BOM, CRLF, quotes, empty trailing line)', () => {
    const text = `\uFEFF${HEADER}\r\nGNX-0001;"Paris; centre";75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\r\nGNX-0002;Bordeaux;33063;Bordeaux;Terega;GRDF;1;BORDEAUX MERIGNAC\r\n\r\n`;
    const result = parsePitdCsv(text);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.rows).toHaveLength(2);
      expect(result.rows[0]).toEqual({
        codePitd: 'GNX-0001',
        libelle: 'Paris; centre',
        communeInsee: '75056',
        commune: 'Paris',
        gestionnaireTransport: 'NaTran',
        gestionnaireDistribution: 'GRDF',
        ntr: 2,
        stationMeteo: 'PARIS-MONTSOURIS',
      });
      expect(result.rows[1]?.gestionnaireTransport).toBe('Teréga');
    }
  });

  it('requires the header', () => {
    const result = parsePitdCsv('GNX-0001;Paris;75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\n');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]?.line).toBe(1);
      expect(result.errors[0]?.message).toMatch(/en-tête invalide/);
    }
    const empty = parsePitdCsv('');
    expect(empty.ok).toBe(false);
    const headerOnly = parsePitdCsv(`${HEADER}\n`);
    expect(headerOnly.ok).toBe(false);
    if (!headerOnly.ok) {
      expect(headerOnly.errors[0]?.message).toMatch(/aucune ligne de données/);
    }
  });

  it('reports every bad row with its line number and imports nothing', () => {
    const text = [
      HEADER,
      'GNX-0001;Paris;75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS',
      'GNX-0002;Lyon;6912;Lyon;NaTran;GRDF;1;LYON-BRON',
      'GNX-0003;Lille;59350;Lille;Storengy;GRDF;12;LILLE-LESQUIN',
      'GNX-0004;Nice;06088;Nice;NaTran;GRDF',
      'GNX-0001;Paris bis;75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS',
      'GNX-0005;"Ajaccio;2A004;Ajaccio;NaTran;GRDF;3;NICE',
      '',
      'GNX-0006;Ajaccio;2A004;Ajaccio;NaTran;GRDF;1.5;NICE',
    ].join('\n');
    const result = parsePitdCsv(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const byLine = result.errors.map((e) => [e.line, e.message]);
      expect(byLine).toContainEqual([3, expect.stringContaining('« commune_insee »')]);
      expect(byLine).toContainEqual([4, expect.stringContaining('« gestionnaire_transport »')]);
      expect(byLine).toContainEqual([4, expect.stringContaining('« ntr » doit être un entier entre 0 et 10')]);
      expect(byLine).toContainEqual([5, expect.stringContaining('6 colonne(s) au lieu de 8')]);
      expect(byLine).toContainEqual([6, expect.stringContaining('déjà ligne 2')]);
      expect(byLine).toContainEqual([7, 'guillemet non fermé.']);
      expect(byLine).toContainEqual([9, expect.stringContaining('« ntr »')]);
      expect(result.errors.some((e) => e.line === 2)).toBe(false);
      expect(formatCsvErrors(result.errors).split('\n')[0]).toMatch(/^Ligne 3 : /);
    }
  });

  it('caps the number of errors', () => {
    const rows = Array.from({ length: 100 }, (_, i) => `X${i};L;7505;C;NaTran;GRDF;2;S`);
    const result = parsePitdCsv([HEADER, ...rows].join('\n'), { maxErrors: 10 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(10);
    }
  });
});

describe('parseZiCsv', () => {
  it('reads zi with the one French-number reader: ambiguous spellings are line-numbered errors', () => {
    const result = parseZiCsv('station_meteo;profil;zi\nA;P016;1 234,5\nB;P016;1.234,5\nC;P016;0,1,2\nD;P016;+0,5\n');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(formatCsvErrors(result.errors)).toBe(
        [
          'Ligne 3 : le champ « zi » doit être un nombre strictement positif (valeur : « 1.234,5 »).',
          'Ligne 4 : le champ « zi » doit être un nombre strictement positif (valeur : « 0,1,2 »).',
        ].join('\n'),
      );
    }
    const ok = parseZiCsv('station_meteo;profil;zi\nA;P016;1 234,5\nD;P016;+0,5\n');
    expect(ok.ok && ok.rows.map((row) => row.zi)).toEqual([1234.5, 0.5]);
  });

  it('parses decimals with a point or a comma', () => {
    const result = parseZiCsv('station_meteo;profil;zi\nPARIS-MONTSOURIS;P016;0,0068\nPARIS-MONTSOURIS;p011;0.0032\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        { stationMeteo: 'PARIS-MONTSOURIS', profil: 'P016', zi: 0.0068 },
        { stationMeteo: 'PARIS-MONTSOURIS', profil: 'P011', zi: 0.0032 },
      ],
    });
  });

  it('names the line of each error', () => {
    const result = parseZiCsv(
      'station_meteo;profil;zi\nPARIS;P020;0.1\n;P011;abc\nPARIS;P011;0.2\nPARIS;P011;0.3\nLYON;P012;0\n',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.line)).toEqual([2, 3, 3, 5, 6]);
      expect(result.errors[0]?.message).toMatch(/P011 à P019/);
      expect(result.errors[3]?.message).toMatch(/doublon.*déjà ligne 4/);
      expect(result.errors[4]?.message).toMatch(/strictement positif/);
    }
  });
});

describe('helpers', () => {
  it('splits quoted fields and normalises TSO names', () => {
    expect(splitCsvLine('a;"b;c";"d ""e"""')).toEqual(['a', 'b;c', 'd "e"']);
    expect(splitCsvLine('a;"b')).toBeNull();
    expect(normaliseTso('GRTgaz')).toBe('NaTran');
    expect(normaliseTso('TEREGA')).toBe('Teréga');
    expect(normaliseTso('Teréga')).toBe('Teréga');
    expect(normaliseTso('Storengy')).toBeUndefined();
  });

  it('normaliseTso: the canonical spellings (fast path) answer as the full normalisation does', () => {
    expect(normaliseTso('NaTran')).toBe('NaTran');
    expect(normaliseTso(' natran ')).toBe('NaTran');
    // Decomposed « é » (e + U+0301) misses the fast path and still normalises.
    expect(normaliseTso('Tere\u0301ga')).toBe('Teréga');
    expect(normaliseTso('Teréga')).toBe('Teréga');
    expect(normaliseTso('NaTran ')).toBe('NaTran');
  });
});

describe('parseTransportPointCsv (LI / PIC tables)', () => {
  const header = 'code;libelle;commune_insee;commune;gestionnaire_transport;ntr';

  it('parses one row per point × commune', () => {
    const result = parseTransportPointCsv(
      `${header}\nLI-1;Lacq;64300;Lacq;Terega;2\nLI-1;Lacq;64410;Mourenx;Teréga;2\nLI-2;"Fos; port";13039;Fos-sur-Mer;GRTgaz;3\n`,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          code: 'LI-1',
          libelle: 'Lacq',
          communeInsee: '64300',
          commune: 'Lacq',
          gestionnaireTransport: 'Teréga',
          ntr: 2,
        },
        {
          code: 'LI-1',
          libelle: 'Lacq',
          communeInsee: '64410',
          commune: 'Mourenx',
          gestionnaireTransport: 'Teréga',
          ntr: 2,
        },
        {
          code: 'LI-2',
          libelle: 'Fos; port',
          communeInsee: '13039',
          commune: 'Fos-sur-Mer',
          gestionnaireTransport: 'NaTran',
          ntr: 3,
        },
      ],
    });
    expect(TRANSPORT_POINT_CSV_HEADER.join(';')).toBe(header);
  });

  it('refuses bad fields, duplicates and a code with two TSOs or two NTRs, line by line', () => {
    const result = parseTransportPointCsv(
      `${header}\nLI-1;Lacq;64300;Lacq;Terega;2\nLI-1;Lacq;64300;Lacq;Terega;2\nLI-1;Lacq;64410;Mourenx;NaTran;4\n;X;1234;;Foo;11\n`,
    );
    expect(result.ok).toBe(false);
    const text = result.ok ? '' : formatCsvErrors(result.errors);
    expect(text).toContain('Ligne 3 : doublon du couple code « LI-1 » / commune_insee « 64300 » (déjà ligne 2).');
    expect(text).toContain(
      "Ligne 4 : le point « LI-1 » a déjà le gestionnaire de transport Teréga (ligne 2) : un point n'a qu'un GRT.",
    );
    expect(text).toContain("Ligne 4 : le point « LI-1 » a déjà le NTR 2 (ligne 2) : un point n'a qu'un NTR.");
    expect(text).toContain('Ligne 5 : le champ « code » est vide.');
    expect(text).toContain('Ligne 5 : le champ « ntr » doit être un entier entre 0 et 10 (valeur : « 11 »).');
    expect(parseTransportPointCsv('code;libelle\n').ok).toBe(false);
  });

  it('the shipped LI and PIC samples are labelled and each code has one TSO and one NTR', () => {
    for (const sample of [SAMPLE_LI, SAMPLE_PIC]) {
      expect(sample.isSample).toBe(true);
      for (const row of sample.rows) {
        expect(row.code.startsWith('ECH-')).toBe(true);
        expect(row.libelle).toMatch(/ÉCHANTILLON/);
        const same = sample.rows.filter((other) => other.code === row.code);
        expect(new Set(same.map((other) => `${other.gestionnaireTransport}|${other.ntr}`)).size).toBe(1);
      }
    }
  });
});
