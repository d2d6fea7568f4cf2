/** The site list's worker functions (ADR 0068): pure, no database, no Fastify (they run in a worker thread). */
import { SITE_IMPORT_MAX_ROWS, siteMessages } from '@pilote/contracts';
import { readTableSafely, type TableFormat, writeTable } from '@pilote/invoices/table';
import { type ExportedSite, type ImportedRow, sitesFromTable, sitesToTable } from './rows.ts';

export type ReadImportOutput = { ok: true; format: TableFormat; rows: ImportedRow[] } | { ok: false; message: string };

/** The file read (CSV or XLSX, found from its bytes) and each row checked. One header row more than the sites. */
export function readImportTask(input: { bytes: Uint8Array }): ReadImportOutput {
  const table = readTableSafely(input.bytes, SITE_IMPORT_MAX_ROWS + 1);
  if (!table.ok) {
    const message =
      table.reason === 'type'
        ? siteMessages.fileType
        : table.reason === 'encoding'
          ? siteMessages.fileEncoding
          : table.reason === 'too-many-rows'
            ? siteMessages.fileTooManyRows
            : `Fichier illisible : ${table.message}`;
    return { ok: false, message };
  }
  const read = sitesFromTable(table.rows);
  return read.ok ? { ok: true, format: table.format, rows: read.rows } : read;
}

/** The sites written in the import's columns, as a CSV or an XLSX workbook. */
export function writeExportTask(input: { sites: ExportedSite[]; format: TableFormat }): Uint8Array {
  return writeTable(sitesToTable(input.sites), input.format, 'Sites');
}
