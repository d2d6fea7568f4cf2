/**
 * `@pilote/invoices/table` — one table of cells from a CSV or XLSX file, and the same two formats written back
 * (ADR 0068: the site list's import and export). Reading goes through the product's guards: the CSV tokenizer and
 * its limits (ADR 0053), the zip pre-check before SheetJS inflates a workbook (ADR 0033). The caller runs it in a
 * worker thread (the site import's task).
 */
import * as XLSX from '@e965/xlsx';
import { CSV_LIMITS, csvPhysicalLines, detectSeparator, tokenizeCsvLine } from '../csv/tokenizer.ts';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';
import { sniffFormat } from './sniff.ts';
import { type Cell, readSpreadsheet } from './spreadsheet.ts';

export type { Cell };

export type TableFormat = 'csv' | 'xlsx';

export type TableRead =
  | { readonly ok: true; readonly format: TableFormat; readonly rows: readonly (readonly Cell[])[] }
  | {
      readonly ok: false;
      readonly reason: 'type' | 'encoding' | 'unreadable' | 'too-many-rows';
      readonly message: string;
    };

/**
 * The first sheet of an XLSX file, or the records of a UTF-8 CSV text (separator `;`, tab or `,`, found on the first
 * line). Line `i` of `rows` is line `i + 1` of the file (blank lines kept as `[]`, so line numbers stay true).
 * More than `maxRows` lines: refused.
 */
export function readTable(bytes: Uint8Array, maxRows: number): TableRead {
  if (bytes.byteLength > LIMITS.maxFileBytes) {
    return { ok: false, reason: 'unreadable', message: 'fichier trop volumineux.' };
  }
  const sniffed = sniffFormat(bytes);
  if (sniffed === 'xlsx') {
    try {
      const [sheet] = readSpreadsheet(bytes, 'xlsx', { maxRows: maxRows + 1 });
      const rows = sheet?.rows ?? [];
      if (rows.length > maxRows) {
        return { ok: false, reason: 'too-many-rows', message: `plus de ${maxRows} lignes.` };
      }
      return { ok: true, format: 'xlsx', rows };
    } catch (error) {
      return {
        ok: false,
        reason: 'unreadable',
        message: error instanceof RefusalError ? error.message : 'classeur illisible.',
      };
    }
  }
  if (sniffed !== null) {
    return { ok: false, reason: 'type', message: `format ${sniffed}.` };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'encoding', message: 'texte non UTF-8.' };
  }
  if (text.includes('\u0000')) {
    return { ok: false, reason: 'type', message: 'fichier binaire.' };
  }
  const lines = csvPhysicalLines(text, { ...CSV_LIMITS, maxChars: LIMITS.maxFileBytes, maxLines: maxRows + 1 });
  if (!lines.ok) {
    return { ok: false, reason: 'too-many-rows', message: lines.message };
  }
  const physical = lines.lines.length > 0 && lines.lines.at(-1) === '' ? lines.lines.slice(0, -1) : lines.lines;
  if (physical.length > maxRows) {
    return { ok: false, reason: 'too-many-rows', message: `plus de ${maxRows} lignes.` };
  }
  // The separator of the first line that has one: a portal export may start with a title line (ADR 0081).
  const separator = detectSeparator(physical.find((line) => /[;\t,]/.test(line)) ?? '');
  const rows: Cell[][] = physical.map((line, index) => {
    if (line.trim() === '') {
      return [];
    }
    const tokens = tokenizeCsvLine(line, separator);
    if (!tokens.ok) {
      throw new RefusalError('UNREADABLE_FILE', `Ligne ${index + 1} : ${tokens.message}`);
    }
    return tokens.fields;
  });
  return { ok: true, format: 'csv', rows };
}

/** `readTable`, with the tokenizer's line refusals turned into a result too. */
export function readTableSafely(bytes: Uint8Array, maxRows: number): TableRead {
  try {
    return readTable(bytes, maxRows);
  } catch (error) {
    if (error instanceof RefusalError) {
      return { ok: false, reason: 'unreadable', message: error.message };
    }
    throw error;
  }
}

function csvField(cell: Cell): string {
  const text =
    cell === null
      ? ''
      : typeof cell === 'number'
        ? String(cell).replace('.', ',')
        : typeof cell === 'boolean'
          ? cell
            ? 'oui'
            : 'non'
          : cell;
  return /[;"\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows written as a CSV (UTF-8 with a BOM so that Excel reads the accents, `;`, CRLF, French decimal commas) or as
 * an XLSX workbook of one sheet (numbers as numbers, text as text: a PCE stays 14 digits).
 */
export function writeTable(
  rows: readonly (readonly Cell[])[],
  format: TableFormat,
  sheetName = 'Feuille 1',
): Uint8Array {
  if (format === 'csv') {
    const text = `\uFEFF${rows.map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
    return new TextEncoder().encode(text);
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => [...row]));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  const out = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
