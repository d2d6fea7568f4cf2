/**
 * The one CSV tokenizer of the product (issue #22 §2, ADR 0053): consumption exports, reference tables and tariff
 * grids are all cut into records and fields here, under the same limits ({@link LIMITS}). Pure, no IO, browser-safe.
 *
 * Rules (RFC 4180 as the files we take in use it):
 * - UTF-8 text; a leading BOM is dropped. Records end at CRLF, LF or CR; one record per physical line (a line
 *   break inside quotes is not supported: the field's quote is « non fermé », as every reader always said).
 * - A field may be enclosed in double quotes (after optional spaces); inside, `""` is a literal quote and the
 *   separator is plain text. A quote inside an unquoted field is plain text.
 * - Fields are trimmed. The separator is `;` by default; {@link detectSeparator} chooses `;`, tab or `,`.
 */
import { LIMITS } from '../limits.ts';

/** The bounds of one CSV text (defaults: {@link LIMITS}). */
export interface CsvLimits {
  readonly maxChars: number;
  readonly maxLines: number;
  readonly maxColumns: number;
  readonly maxCellChars: number;
}

export const CSV_LIMITS: CsvLimits = {
  maxChars: LIMITS.maxCsvChars,
  maxLines: LIMITS.maxCsvLines,
  maxColumns: LIMITS.maxCsvColumns,
  maxCellChars: LIMITS.maxCsvCellChars,
};

/** One line cut into fields, or why it cannot be (a French message without the line number). */
export type CsvLineTokens =
  | { readonly ok: true; readonly fields: string[] }
  | { readonly ok: false; readonly message: string };

/** Cuts one physical line into trimmed fields (see the module's rules), within the column and cell limits. */
export function tokenizeCsvLine(line: string, separator = ';', limits: CsvLimits = CSV_LIMITS): CsvLineTokens {
  const fields: string[] = [];
  let current = '';
  let inQuotes = false;
  const push = (): string | null => {
    if (current.length > limits.maxCellChars) {
      return `champ de plus de ${limits.maxCellChars} caractères.`;
    }
    fields.push(current);
    current = '';
    return fields.length > limits.maxColumns ? `plus de ${limits.maxColumns} colonnes.` : null;
  };
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          current += '"';
          i += 1;
        } else {
          inQuotes = false;
        }
      } else {
        current += ch;
      }
    } else if (ch === '"' && current.trim() === '') {
      inQuotes = true;
      current = '';
    } else if (ch === separator) {
      const refused = push();
      if (refused) {
        return { ok: false, message: refused };
      }
    } else {
      current += ch;
    }
  }
  if (inQuotes) {
    return { ok: false, message: 'guillemet non fermé.' };
  }
  const refused = push();
  if (refused) {
    return { ok: false, message: refused };
  }
  return { ok: true, fields: fields.map((f) => f.trim()) };
}

/** Splits one CSV line, honouring double quotes. Null when it cannot be cut (a quote not closed, a limit passed). */
export function splitCsvLine(line: string, separator = ';'): string[] | null {
  const tokens = tokenizeCsvLine(line, separator);
  return tokens.ok ? tokens.fields : null;
}

/** The physical lines of a CSV text, or the French reason it is refused as a whole. */
export type CsvPhysicalLines =
  | { readonly ok: true; readonly lines: string[] }
  | { readonly ok: false; readonly message: string };

/**
 * The physical lines of a CSV text: BOM dropped, cut at CRLF, LF or CR (line `i` of the result is line `i + 1` of
 * the file). A text longer than `maxChars` or with more than `maxLines` lines is refused before any is read.
 */
export function csvPhysicalLines(text: string, limits: CsvLimits = CSV_LIMITS): CsvPhysicalLines {
  if (text.length > limits.maxChars) {
    return { ok: false, message: `le fichier dépasse ${limits.maxChars.toLocaleString('fr-FR')} caractères.` };
  }
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = content.split(/\r\n|\n|\r/);
  if (lines.length > limits.maxLines) {
    return { ok: false, message: `le fichier dépasse ${limits.maxLines.toLocaleString('fr-FR')} lignes.` };
  }
  return { ok: true, lines };
}

/** The separator of a line: `;` when it holds one, else a tab when it holds one, else `,`. */
export function detectSeparator(line: string): ';' | '\t' | ',' {
  if (line.includes(';')) {
    return ';';
  }
  if (line.includes('\t')) {
    return '\t';
  }
  return ',';
}
