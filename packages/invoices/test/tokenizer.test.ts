import { describe, expect, it } from 'vitest';
import {
  CSV_LIMITS,
  csvPhysicalLines,
  detectSeparator,
  LIMITS,
  parseConsumptionCsv,
  parsePitdCsv,
  splitCsvLine,
  tokenizeCsvLine,
} from '../src/csv/index.ts';

describe('the one CSV tokenizer (ADR 0053)', () => {
  it('cuts quoted fields holding the separator or doubled quotes, with « ; », tab or « , »', () => {
    expect(splitCsvLine('a;"b;c"; "d ""e""" ;f')).toEqual(['a', 'b;c', 'd "e"', 'f']);
    expect(splitCsvLine('2025-01-01,"10,5",mesuré', ',')).toEqual(['2025-01-01', '10,5', 'mesuré']);
    expect(splitCsvLine('a\t"b\tc"', '\t')).toEqual(['a', 'b\tc']);
    // A quote inside an unquoted field is text.
    expect(splitCsvLine('pouce 2";x')).toEqual(['pouce 2"', 'x']);
    expect(tokenizeCsvLine('a;"b')).toEqual({ ok: false, message: 'guillemet non fermé.' });
  });

  it('drops a BOM and cuts CRLF, LF and CR lines', () => {
    expect(csvPhysicalLines('\uFEFFa;b\r\nc\rd\n')).toEqual({ ok: true, lines: ['a;b', 'c', 'd', ''] });
  });

  it('detects the separator as the consumption reader always did', () => {
    expect(detectSeparator('date;kWh,5')).toBe(';');
    expect(detectSeparator('date\tkWh,5')).toBe('\t');
    expect(detectSeparator('date,kWh')).toBe(',');
  });

  it('takes its limits from the readers’ one limits module', () => {
    expect(CSV_LIMITS).toEqual({
      maxChars: LIMITS.maxCsvChars,
      maxLines: LIMITS.maxCsvLines,
      maxColumns: LIMITS.maxCsvColumns,
      maxCellChars: LIMITS.maxCsvCellChars,
    });
  });

  it('refuses a field longer than the cell limit and a line of more columns than the limit', () => {
    const limits = { ...CSV_LIMITS, maxColumns: 3, maxCellChars: 5 };
    expect(tokenizeCsvLine('a;b;c', ';', limits)).toEqual({ ok: true, fields: ['a', 'b', 'c'] });
    expect(tokenizeCsvLine('a;b;c;d', ';', limits)).toEqual({ ok: false, message: 'plus de 3 colonnes.' });
    expect(tokenizeCsvLine('a;"123456"', ';', limits)).toEqual({
      ok: false,
      message: 'champ de plus de 5 caractères.',
    });
  });

  it('refuses a text over the size or line limits before reading a line', () => {
    expect(csvPhysicalLines('a\nb\nc', { ...CSV_LIMITS, maxLines: 2 })).toEqual({
      ok: false,
      message: 'le fichier dépasse 2 lignes.',
    });
    expect(csvPhysicalLines('abcdef', { ...CSV_LIMITS, maxChars: 5 })).toEqual({
      ok: false,
      message: 'le fichier dépasse 5 caractères.',
    });
  });

  it('every reader passes the same limits: consumption and reference files name the line of a cell too long', () => {
    const long = 'x'.repeat(LIMITS.maxCsvCellChars + 1);
    const consumption = parseConsumptionCsv(`date;kWh\n2025-01-01;1\n2025-01-02;"${long}"\n`);
    expect(consumption.ok ? [] : consumption.errors).toEqual([
      { line: 3, message: `champ de plus de ${LIMITS.maxCsvCellChars} caractères.` },
    ]);
    const header =
      'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';
    const pitd = parsePitdCsv(`${header}\nGNX-0001;${long};75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\n`);
    expect(pitd.ok ? [] : pitd.errors).toEqual([
      { line: 2, message: `champ de plus de ${LIMITS.maxCsvCellChars} caractères.` },
    ]);
    const tooBig = parseConsumptionCsv('1'.repeat(LIMITS.maxCsvChars + 1));
    expect(tooBig.ok ? [] : tooBig.errors.map((e) => e.line)).toEqual([null]);
  });
});
