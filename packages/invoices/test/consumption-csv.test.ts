import { describe, expect, it } from 'vitest';
import {
  type ConsumptionParseResult,
  formatConsumptionErrors,
  parseConsumptionCsv,
  parseConsumptionDate,
  parseQualite,
} from '../src/csv/index.ts';

function ok(result: ConsumptionParseResult) {
  if (!result.ok) {
    throw new Error(formatConsumptionErrors(result.errors).join('\n'));
  }
  return result;
}

function errorsOf(result: ConsumptionParseResult): string[] {
  if (result.ok) {
    throw new Error('expected a refusal');
  }
  return formatConsumptionErrors(result.errors);
}

/** The GRDF daily export as saved to CSV from the Excel sheet: title lines, then the header (columns B…I). */
const GRDF_EXPORT = [
  'Données de consommation GRDF;;;;;;;;',
  ';;;;;;;;',
  'PCE : 12345678901234;;;;;;;;',
  'Période du 01/01/2025 au 05/01/2025;;;;;;;;',
  ';;;;;;;;',
  ';Date de relevé;Index de début (m3);Index de fin (m3);Volume consommé (m3);Energie consommée (kWh);Coefficient de conversion;Température locale (°C);Type de relève',
  ';01/01/2025;9642;9647;5,1;57;11,244;12;Mesuré',
  ';02/01/2025;9647;9652;5,3;59;11,244;13;Estimé',
  ';03/01/2025;;;;;;;Absence de données',
  ';05/01/2025;9656;9662;6;67;11,244;;Corrigé',
].join('\r\n');

describe('consumption CSV: simple date;kWh', () => {
  it('reads a file without header, ISO and French dates, comma decimals, fills gaps as missing', () => {
    const r = ok(parseConsumptionCsv('2025-01-01;1 200,5\n02/01/2025;800\n2025-01-04;0\n'));
    expect(r.format).toBe('simple');
    expect(r.unit).toBe('kWh');
    expect(r.releves.map((d) => [d.date, d.kwh, d.qualite, d.line])).toEqual([
      ['2025-01-01', 1200.5, 'mesure', 1],
      ['2025-01-02', 800, 'mesure', 2],
      ['2025-01-03', null, 'manquant', null],
      ['2025-01-04', 0, 'mesure', 3],
    ]);
    expect(r.joursAjoutes).toBe(1);
    expect(r.warnings[0]).toContain('1 jour(s) absent(s)');
  });

  it('accepts a header (named or not) and an optional quality column', () => {
    const named = ok(parseConsumptionCsv('date;kWh;qualité\n2025-01-01;10;estimé\n2025-01-02;;manquant\n'));
    expect(named.releves.map((d) => d.qualite)).toEqual(['estime', 'manquant']);
    const unnamed = ok(parseConsumptionCsv('jour;conso\n2025-01-01;10\n'));
    expect(unnamed.releves).toHaveLength(1);
    const commas = ok(parseConsumptionCsv('date,kwh\n2025-01-01,10.5\n'));
    expect(commas.releves[0]?.kwh).toBe(10.5);
  });

  it('names the line of a bad row, duplicates and negative values; reports up to the limit', () => {
    expect(errorsOf(parseConsumptionCsv('date;kwh\n2025-01-01;1\n2025-13-01;2\n'))).toEqual([
      'Ligne 3 : date invalide « 2025-13-01 » (attendu AAAA-MM-JJ ou JJ/MM/AAAA).',
    ]);
    expect(errorsOf(parseConsumptionCsv('2025-01-01;1\n\n2025-01-02;2\n01/01/2025;3\n'))).toEqual([
      'Ligne 4 : date « 2025-01-01 » en double (déjà à la ligne 1).',
    ]);
    expect(errorsOf(parseConsumptionCsv('2025-01-01;-4\n2025-01-02;abc\n2025-01-03;1;zzz\n'))).toEqual([
      'Ligne 1 : consommation négative « -4 » kWh.',
      'Ligne 2 : consommation invalide « abc » (nombre de kWh attendu).',
      expect.stringContaining('Ligne 3 : qualité inconnue « zzz »'),
    ]);
    expect(errorsOf(parseConsumptionCsv('2025-01-01,12,5\n'))[0]).toContain('séparez les colonnes par « ; »');
    const many = Array.from({ length: 80 }, (_, i) => `2025-02-${String(i).padStart(2, '0')};1`).join('\n');
    expect(errorsOf(parseConsumptionCsv(many, { maxErrors: 50 }))).toHaveLength(50);
  });

  it('refuses an empty file, an unknown layout and a span beyond the limit', () => {
    expect(errorsOf(parseConsumptionCsv('\n \n'))).toEqual(['Le fichier est vide.']);
    expect(errorsOf(parseConsumptionCsv('a;b;c;d\nx;y;z;w\n'))[0]).toContain('format de fichier non reconnu');
    expect(errorsOf(parseConsumptionCsv('2010-01-01;1\n2025-01-01;1\n'))[0]).toContain('dépasse 3660 jours');
  });
});

describe('consumption CSV: GRDF daily export', () => {
  it('finds the header under the title lines, reads kWh, maps quality, flags gaps', () => {
    const r = ok(parseConsumptionCsv(GRDF_EXPORT));
    expect(r.format).toBe('grdf');
    expect(r.unit).toBe('kWh');
    expect(r.releves.map((d) => [d.date, d.kwh, d.qualite, d.line])).toEqual([
      ['2025-01-01', 57, 'mesure', 7],
      ['2025-01-02', 59, 'estime', 8],
      ['2025-01-03', null, 'manquant', 9],
      ['2025-01-04', null, 'manquant', null],
      ['2025-01-05', 67, 'estime', 10],
    ]);
  });

  it('converts volumes with the row coefficient, or the one given at import', () => {
    const volumes = [
      'Date de relevé;Volume consommé (m3);Coefficient de conversion;Type de relève',
      '01/01/2025;10;11,2;Mesuré',
      '02/01/2025;5;;Mesuré',
    ].join('\n');
    expect(errorsOf(parseConsumptionCsv(volumes))[0]).toContain('Ligne 3 : coefficient de conversion manquant');
    const r = ok(parseConsumptionCsv(volumes, { coefficientConversion: 11 }));
    expect(r.unit).toBe('m3');
    expect(r.releves.map((d) => [d.kwh, d.volumeM3, d.coefficient])).toEqual([
      [112, 10, 11.2],
      [55, 5, 11],
    ]);
    expect(errorsOf(parseConsumptionCsv(volumes.replace('11,2', '42')))[0]).toContain(
      'Ligne 2 : coefficient de conversion invalide « 42 »',
    );
  });

  it('accepts the ADICT API field names and a PCE column; refuses another PCE or several', () => {
    const api = [
      'journeeGaziere,energieConsomme,volumeBrutConsomme,coeffConversion,qualificationReleve,pce',
      '2025-03-01,120.5,10.7,11.26,Mesuré,12345678901234',
      '2025-03-02,,,,Absence de Données,12345678901234',
    ].join('\n');
    const r = ok(parseConsumptionCsv(api));
    expect(r.pce).toBe('12345678901234');
    expect(r.releves.map((d) => [d.kwh, d.qualite])).toEqual([
      [120.5, 'mesure'],
      [null, 'manquant'],
    ]);
    expect(errorsOf(parseConsumptionCsv(api, { expectedPce: '99999999999999' }))[0]).toBe(
      'Ligne 2 : PCE « 12345678901234 » différent du PCE indiqué pour l’import (« 99999999999999 »).',
    );
    const two = `${api}\n2025-03-03,1,,,Mesuré,11111111111111`;
    expect(errorsOf(parseConsumptionCsv(two))[0]).toContain('Ligne 4 : le fichier contient plusieurs PCE');
  });

  it('says which headers it expects when forced to GRDF on another file', () => {
    expect(errorsOf(parseConsumptionCsv('2025-01-01;1\n', { format: 'grdf' }))[0]).toContain(
      'en-tête de l’export GRDF introuvable',
    );
  });
});

describe('helpers', () => {
  it('dates and qualities', () => {
    expect(parseConsumptionDate('2025-2-3')).toBe('2025-02-03');
    expect(parseConsumptionDate('29/02/2024 06:00')).toBe('2024-02-29');
    expect(parseConsumptionDate('29/02/2025')).toBeNull();
    expect(parseQualite('MES')).toBe('mesure');
    expect(parseQualite('Absence de Données')).toBe('manquant');
    expect(parseQualite('corrigée')).toBe('estime');
    expect(parseQualite('bof')).toBeNull();
  });
});

describe('consumption CSV: a decimal comma under the « , » separator is refused, never truncated', () => {
  it('refuses a row with more fields than its named header, naming the line', () => {
    expect(errorsOf(parseConsumptionCsv('date,kWh\n2025-01-01,10,5\n2025-01-02,11\n'))).toEqual([
      'Ligne 2 : ligne ambiguë « 2025-01-01,10,5 » : 3 champs pour 2 colonnes d’en-tête. Avec « , » comme séparateur, une décimale à virgule (« 10,5 ») coupe le nombre en deux : séparez les colonnes par « ; », écrivez la décimale avec un point ou mettez le nombre entre guillemets.',
    ]);
    const grdf = 'Date de relevé,Energie consommée (kWh)\n01/01/2025,57\n02/01/2025,59,5\n';
    expect(errorsOf(parseConsumptionCsv(grdf))[0]).toMatch(/^Ligne 3 : ligne ambiguë « 02\/01\/2025,59,5 » : 3 champs/);
  });

  it('refuses a number where the quality goes, in the simple and the named layouts', () => {
    expect(errorsOf(parseConsumptionCsv('2025-01-01,10,5\n'))).toEqual([
      'Ligne 1 : 3ᵉ colonne « 5 » inattendue : avec des décimales à virgule, séparez les colonnes par « ; ».',
    ]);
    expect(errorsOf(parseConsumptionCsv('date,kWh,qualité\n2025-01-01,12,mesuré\n2025-01-02,10,5\n'))).toEqual([
      'Ligne 3 : ligne ambiguë : un nombre (« 5 ») à la place de la qualité. Avec « , » comme séparateur, une décimale à virgule coupe le nombre en deux : séparez les colonnes par « ; ».',
    ]);
  });

  it('reads the unambiguous spellings: point decimals, quoted comma decimals, « ; » with comma decimals', () => {
    for (const text of [
      'date,kWh\n2025-01-01,10.5\n',
      'date,kWh\n2025-01-01,"10,5"\n',
      '2025-01-01,"10,5"\n',
      'date;kWh\n2025-01-01;10,5\n',
    ]) {
      expect(ok(parseConsumptionCsv(text)).releves[0]?.kwh, text).toBe(10.5);
    }
  });

  it('uses the one French-number reader: badly grouped or mixed separators are invalid values', () => {
    expect(errorsOf(parseConsumptionCsv('2025-01-01;10 5\n2025-01-02;1.234,5\n2025-01-03;1 234,5\n'))).toEqual([
      'Ligne 1 : consommation invalide « 10 5 » (nombre de kWh attendu).',
      'Ligne 2 : consommation invalide « 1.234,5 » (nombre de kWh attendu).',
    ]);
  });
});
