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
import type { InvoiceRefusal, ReadResult } from './read-result.ts';

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

/** What a table file needs before the readers: nothing, the organisation's mapping, or the user's. */
export type TableMapping =
  | { readonly kind: 'none' }
  /** `bytes`: the export as a CSV with the portal reader's titles, to read in place of the file. */
  | { readonly kind: 'mapped'; readonly bytes: Uint8Array; readonly signature: string; readonly format: InvoiceFormat }
  | { readonly kind: 'header'; readonly header: HeaderToMap; readonly refusal: InvoiceRefusal };

/**
 * For a spreadsheet or CSV every reader refused for its layout (`UNKNOWN_LAYOUT`; the synonyms' own reading is never
 * overridden): the file rewritten with one of `rules` whose signature it has, else its header to map, else nothing.
 */
export async function mapTable(
  bytes: Uint8Array,
  filename: string,
  rules: readonly ColumnMappingRule[],
): Promise<TableMapping> {
  const format = sniffInvoiceFormat(bytes);
  if (!format || !TABLES.includes(format)) {
    return { kind: 'none' };
  }
  const read = await readInvoice(bytes, filename);
  if (read.ok || read.refusal.code !== 'UNKNOWN_LAYOUT') {
    return { kind: 'none' };
  }
  const sheets = sheetsOf(bytes, format);
  if (!sheets) {
    return { kind: 'none' };
  }
  const mapped = findMappedHeader(sheets, rules);
  if (mapped) {
    const csv = mappedSheetCsv(sheets[mapped.sheet] as Sheet, mapped.row, mapped.rule.mapping);
    return { kind: 'mapped', bytes: new TextEncoder().encode(csv), signature: mapped.rule.signature, format };
  }
  const header = findHeaderToMap(sheets);
  if (!header) {
    return { kind: 'none' };
  }
  const titles = header.columns.map((c) => c.title || '(sans titre)').join(' | ');
  return {
    kind: 'header',
    header,
    refusal: {
      code: 'UNKNOWN_LAYOUT',
      message: `Colonnes à indiquer : les titres des colonnes de « ${filename} » ne correspondent à aucun modèle connu. Indiquez le rôle de chaque colonne ; la correspondance sera retenue pour les prochains fichiers ayant ces colonnes.`,
      found: [`${header.columns.length} colonne(s) : ${titles}`.slice(0, 300)],
    },
  };
}

/** `readInvoice` with the organisation's column mappings (`mapTable`): the header to map when one is asked. */
export async function readInvoiceMapped(
  bytes: Uint8Array,
  filename: string,
  options: Parameters<typeof readInvoice>[2] & { columnMappings?: readonly ColumnMappingRule[] } = {},
): Promise<MappedReadResult> {
  const { columnMappings = [], ...rest } = options;
  const table = await mapTable(bytes, filename, columnMappings);
  if (table.kind === 'header') {
    return { ok: false, refusal: table.refusal, header: table.header };
  }
  if (table.kind === 'mapped') {
    const result = await readInvoice(table.bytes, filename, rest);
    const withFormat: ReadResult = result.ok
      ? { ...result, invoice: { ...result.invoice, format: table.format } }
      : result;
    return { ...withFormat, mappedWith: table.signature };
  }
  return readInvoice(bytes, filename, rest);
}
