/** XLSX (after the zip guard) and XLS read by SheetJS (the maintained @e965/xlsx build) into rows of cells. */
import * as XLSX from '@e965/xlsx';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';
import { checkZip, verifyZipEntries } from './zip-guard.ts';

export type Cell = string | number | boolean | null;

export interface Sheet {
  readonly name: string;
  readonly rows: readonly (readonly Cell[])[];
}

/** `maxRows`: rows read per sheet (default {@link LIMITS.maxSheetRows}; a site list may be longer, ADR 0068). */
export function readSpreadsheet(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls',
  options: { maxRows?: number } = {},
): Sheet[] {
  if (format === 'xlsx') {
    const entries = checkZip(bytes);
    if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
      throw new RefusalError(
        'UNKNOWN_LAYOUT',
        'Format non reconnu : archive zip sans classeur Excel (xl/workbook.xml).',
        [`archive zip de ${entries.length} entrée(s)`, ...entries.slice(0, 5).map((e) => e.name)],
      );
    }
    verifyZipEntries(bytes, entries);
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetRows: options.maxRows ?? LIMITS.maxSheetRows,
      WTF: false,
    });
  } catch {
    throw new RefusalError(
      'UNREADABLE_FILE',
      `Classeur ${format.toUpperCase()} illisible : structure invalide ou corrompue.`,
    );
  }
  return workbook.SheetNames.slice(0, 20).map((name) => {
    const sheet = workbook.Sheets[name];
    const rows = sheet
      ? (XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null }) as Cell[][])
      : [];
    return { name, rows };
  });
}
