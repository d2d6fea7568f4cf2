/**
 * Reference tables importable from the panel (upload → preview → confirm), through the same importer as the CLI
 * (`tariffs:import`). A new table kind (LI, PIC…) plugs in with one entry in {@link REFERENCE_IMPORTS}: its label,
 * its CSV header, how to read its active version and how to import a file.
 */
import type { ReferenceImportChanges } from '@pilote/contracts';
import { PITD_CSV_HEADER, TRANSPORT_POINT_CSV_HEADER, ZI_CSV_HEADER } from '@pilote/invoices/csv';
import type { Database, TransactionalExecutor } from '../../db/client.ts';
import type { ReferenceFileCheck, ReferenceFileChecker } from '../reference-data/check-file.ts';
import { formatImportSummary, type ImportSummary, importReferenceFile } from '../reference-data/importer.ts';
import { diffPitdRows, pitdRowsInService } from '../reference-data/pitd-diff.ts';
import { findActiveDataset, type ReferenceKind } from '../reference-data/repository.ts';

export interface ReferenceImportRequest {
  text: string;
  fileName: string;
  importedBy: string;
  isSample: boolean;
  /** Where the file is parsed and checked (the server: a worker thread). */
  check?: ReferenceFileChecker;
}

export interface ReferenceImportRegistration {
  /** Path segment and audit key: `pitd`, `zi`, later `li`, `pic`. */
  readonly kind: string;
  /** French label shown in the panel. */
  readonly label: string;
  readonly header: readonly string[];
  /** The active imported version and its row count, or null when the packaged sample answers. */
  active(db: Database): Promise<{ version: number; rowCount: number } | null>;
  /**
   * Parses and checks a file with `checker` (the server's runs in a worker thread), before any transaction; the
   * result is then handed to `importFile` as `check`. A kind without it checks inside `importFile`.
   */
  check?(text: string, checker: ReferenceFileChecker): Promise<ReferenceFileCheck>;
  /** Validates and imports as a new active version; throws `ReferenceImportError` (line-numbered) on a bad file. */
  importFile(db: TransactionalExecutor, request: ReferenceImportRequest): Promise<ImportSummary>;
  /** French summary (the CLI's). */
  describe(summary: ImportSummary, fileName: string): string;
  /** What the checked file changes against the table in service (PITD: ADR 0051); absent for the other kinds. */
  changes?(db: Database, checked: ReferenceFileCheck): Promise<ReferenceImportChanges | null>;
}

function datasetKind(kind: ReferenceKind, label: string, header: readonly string[]): ReferenceImportRegistration {
  return {
    kind,
    label,
    header,
    async active(db) {
      const dataset = await findActiveDataset(db, kind);
      return dataset ? { version: dataset.version, rowCount: dataset.rowCount } : null;
    },
    check: (text, checker) => checker({ kind, text }),
    importFile: (db, request) =>
      importReferenceFile(
        db,
        {
          kind,
          text: request.text,
          sourceFileName: request.fileName,
          importedBy: request.importedBy,
          isSample: request.isSample,
        },
        request.check,
      ),
    describe: formatImportSummary,
  };
}

export const REFERENCE_IMPORTS: readonly ReferenceImportRegistration[] = [
  {
    ...datasetKind('pitd', 'Table des PITD', PITD_CSV_HEADER),
    async changes(db, checked) {
      if (!checked.ok) {
        return null;
      }
      const { rows, against } = await pitdRowsInService(db);
      return diffPitdRows(rows, checked.pitd, against);
    },
  },
  datasetKind('zi', 'Table Zi', ZI_CSV_HEADER),
  datasetKind('li', 'Table des points LI', TRANSPORT_POINT_CSV_HEADER),
  datasetKind('pic', 'Table des points PIC', TRANSPORT_POINT_CSV_HEADER),
];
