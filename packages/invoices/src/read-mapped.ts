/**
 * `readInvoiceMapped` (issue #25 §4, ADR 0085): `readInvoice`, and for a spreadsheet or CSV whose layout no reader
 * recognised, the organisation's column mappings. A header with one of their signatures is written back as the
 * portal reader's own titles and read by it (so one PCE-month, several, a part: all as for any portal export); a
 * table with no known header is answered with its columns to map (`header`), never guessed.
 */
import type { InvoiceFormat } from '@pilote/tariffs';
import { sniffInvoiceFormat } from './formats/sniff.ts';
import { readSpreadsheet, type Sheet } from './formats/spreadsheet.ts';
import { readTable } from './formats/table.ts';
import {
  type ColumnMappingRule,
  findHeaderToMap,
  findMappedHeader,
  type HeaderToMap,
  mappedSheetCsv,
} from './layouts/column-mapping.ts';
import { LIMITS } from './limits.ts';
import { readInvoice } from './read-invoice.ts';
import type { ReadResult } from './read-result.ts';

export {
  COLUMN_ROLES,
  COLUMN_UNITS,
  type ColumnMappingRule,
  columnRoleName,
  type HeaderColumn,
  type HeaderToMap,
  headerSignature,
  mappingProblems,
} from './layouts/column-mapping.ts';
export type { PortalColumn, PortalMapping } from './layouts/tableur-portail.ts';

/** A reading, with the header to map when the file is a table no reader knows. */
export type MappedReadResult = ReadResult & {
  /** The table's header and columns: the user maps them (the refusal then says « Colonnes à indiquer »). */
  readonly header?: HeaderToMap;
  /** The signature of the mapping the file was read with, when it was. */
  readonly mappedWith?: string;
};

const TABLES: readonly InvoiceFormat[] = ['xlsx', 'xls', 'csv'];

function sheetsOf(bytes: Uint8Array, format: InvoiceFormat): Sheet[] | null {
  try {
    if (format === 'csv') {
      const table = readTable(bytes, LIMITS.maxSheetRows);
      return table.ok ? [{ name: 'CSV', rows: table.rows }] : null;
    }
    return readSpreadsheet(bytes, format as 'xlsx' | 'xls');
  } catch {
    return null;
  }
}

export async function readInvoiceMapped(
  bytes: Uint8Array,
  filename: string,
  options: Parameters<typeof readInvoice>[2] & { columnMappings?: readonly ColumnMappingRule[] } = {},
): Promise<MappedReadResult> {
  const { columnMappings = [], ...rest } = options;
  const read = await readInvoice(bytes, filename, rest);
  const format = read.ok || read.refusal.code !== 'UNKNOWN_LAYOUT' ? null : sniffInvoiceFormat(bytes);
  if (!format || !TABLES.includes(format)) {
    return read;
  }
  // Only a file every reader refused for its layout: the synonyms' own reading is never overridden.
  const sheets = sheetsOf(bytes, format);
  if (!sheets) {
    return read;
  }
  const mapped = findMappedHeader(sheets, columnMappings);
  if (mapped) {
    const csv = mappedSheetCsv(sheets[mapped.sheet] as Sheet, mapped.row, mapped.rule.mapping);
    const result = await readInvoice(new TextEncoder().encode(csv), filename, rest);
    const withFormat: ReadResult = result.ok ? { ...result, invoice: { ...result.invoice, format } } : result;
    return { ...withFormat, mappedWith: mapped.rule.signature };
  }
  const header = findHeaderToMap(sheets);
  if (!header) {
    return read;
  }
  return {
    ok: false,
    refusal: {
      code: 'UNKNOWN_LAYOUT',
      message: `Colonnes à indiquer : les titres des colonnes de « ${filename} » ne correspondent à aucun modèle connu. Indiquez le rôle de chaque colonne ; la correspondance sera retenue pour les prochains fichiers de cet en-tête.`,
      found: [
        `${header.columns.length} colonne(s) : ${header.columns.map((c) => c.title || '(sans titre)').join(' | ')}`.slice(
          0,
          300,
        ),
      ],
    },
    header,
  };
}
