import { randomUUID } from 'node:crypto';
import { type CsvLineError, formatCsvErrors } from '@pilote/invoices/csv';
import { STATIONS_METEO } from '@pilote/tariffs';
import type { TransactionalExecutor } from '../../db/client.ts';
import { checkInProcess, type ReferenceFileChecker } from './check-file.ts';
import type { CommuneDirectory } from './communes.ts';
import {
  deactivateDatasets,
  insertDataset,
  insertPitdRows,
  insertTransportPointRows,
  insertZiRows,
  nextVersion,
  type ReferenceKind,
} from './repository.ts';

export interface ImportRequest {
  kind: ReferenceKind;
  /** The file's content (UTF-8 text). */
  text: string;
  /** File name kept with the version (no directory). */
  sourceFileName: string;
  /** Who imports, e.g. `cli:alice`. */
  importedBy: string;
  /** Flags the file as a sample: results computed with it report `usedSampleData: true`. */
  isSample?: boolean;
  /** Commune directory (defaults to @etalab/decoupage-administratif). */
  communes?: CommuneDirectory;
}

export interface ImportSummary {
  datasetId: string;
  kind: ReferenceKind;
  version: number;
  rowCount: number;
  /** The version deactivated by this import (kept in the database), or null for a first import. */
  previousVersion: number | null;
  /** PITD, LI, PIC: distinct codes; Zi: distinct stations. */
  distinctKeys: number;
  isSample: boolean;
  /** Non-blocking remarks (French). */
  warnings: string[];
}

/** The file was refused: nothing was written. `errors` name their line (the header is line 1). */
export class ReferenceImportError extends Error {
  constructor(readonly errors: readonly CsvLineError[]) {
    super(`Import refusé : ${errors.length} erreur(s), rien n'a été importé.\n${formatCsvErrors(errors)}`);
    this.name = 'ReferenceImportError';
  }
}

const knownStations = new Set(STATIONS_METEO.map((station) => station.code));

function unknownStationsWarning(stations: Iterable<string>): string[] {
  const unknown = [...new Set(stations)].filter((code) => !knownStations.has(code)).sort();
  if (unknown.length === 0) {
    return [];
  }
  const shown = unknown.slice(0, 10).join(', ');
  return [
    `${unknown.length} station(s) météo hors de la liste connue du paquet tarifaire : ${shown}${unknown.length > 10 ? ', …' : ''} (vérifiez qu'elles figurent dans la table Zi).`,
  ];
}

/**
 * Imports a PITD, Zi, LI or PIC CSV as a new version (ADR 0011, ADR 0024): validates every line (format with the
 * tariffs parsers, then, for PITD, LI and PIC, each INSEE code and commune name against the Code officiel
 * géographique), then in one transaction deactivates the current version of that kind (kept) and writes the new
 * one, active. Either everything is written or nothing: a refused file throws {@link ReferenceImportError} with
 * line-numbered French errors. The CLI (`tariffs:import`) calls it; so can any other caller (e.g. an admin
 * upload) with the file's text and who imports it. `check` parses and checks the file (CPU: ~10⁴ lines and a 13 MB
 * commune directory): the server passes one that runs in a worker thread, the operator CLI checks in process.
 */
export async function importReferenceFile(
  db: TransactionalExecutor,
  request: ImportRequest,
  check?: ReferenceFileChecker,
): Promise<ImportSummary> {
  const isSample = request.isSample ?? false;
  const checked = await (check ?? checkInProcess)({ kind: request.kind, text: request.text }, request.communes);
  if (!checked.ok) {
    throw new ReferenceImportError(checked.errors);
  }
  const { pitd, zi, points, lineNumbers } = checked;

  const datasetId = randomUUID();
  const rowCount = request.kind === 'pitd' ? pitd.length : request.kind === 'zi' ? zi.length : points.length;
  const { version, previousVersion } = await db.transaction(async (tx) => {
    const version = await nextVersion(tx, request.kind);
    const previousVersion = await deactivateDatasets(tx, request.kind);
    await insertDataset(tx, {
      id: datasetId,
      kind: request.kind,
      version,
      sourceFileName: request.sourceFileName,
      rowCount,
      importedAt: new Date(),
      importedBy: request.importedBy,
      isActive: true,
      isSample,
    });
    if (request.kind === 'pitd') {
      await insertPitdRows(
        tx,
        pitd.map((row, index) => ({
          datasetId,
          codePitd: row.codePitd,
          libelle: row.libelle,
          communeInsee: row.communeInsee,
          commune: row.commune,
          tso: row.gestionnaireTransport,
          dso: row.gestionnaireDistribution,
          ntr: row.ntr,
          stationMeteo: row.stationMeteo,
          sourceLine: lineNumbers[index] ?? index + 2,
        })),
      );
    } else if (request.kind === 'zi') {
      await insertZiRows(
        tx,
        zi.map((row, index) => ({
          datasetId,
          stationMeteo: row.stationMeteo,
          profil: row.profil,
          zi: row.zi,
          sourceLine: lineNumbers[index] ?? index + 2,
        })),
      );
    } else {
      await insertTransportPointRows(
        tx,
        points.map((row, index) => ({
          datasetId,
          code: row.code,
          libelle: row.libelle,
          communeInsee: row.communeInsee,
          commune: row.commune,
          tso: row.gestionnaireTransport,
          ntr: row.ntr,
          sourceLine: lineNumbers[index] ?? index + 2,
        })),
      );
    }
    return { version, previousVersion };
  });

  const distinctKeys =
    request.kind === 'pitd'
      ? new Set(pitd.map((row) => row.codePitd)).size
      : request.kind === 'zi'
        ? new Set(zi.map((row) => row.stationMeteo)).size
        : new Set(points.map((row) => row.code)).size;
  const warnings =
    request.kind === 'pitd' || request.kind === 'zi'
      ? unknownStationsWarning(
          request.kind === 'pitd' ? pitd.map((row) => row.stationMeteo) : zi.map((row) => row.stationMeteo),
        )
      : [];
  return { datasetId, kind: request.kind, version, rowCount, previousVersion, distinctKeys, isSample, warnings };
}

/** What the CLI and the summary call each table. */
const TABLE_NAMES: Record<ReferenceKind, { table: string; keys: string }> = {
  pitd: { table: 'table des PITD', keys: 'code(s) PITD' },
  zi: { table: 'table Zi', keys: 'station(s) météo' },
  li: { table: 'table des points LI', keys: 'code(s) LI' },
  pic: { table: 'table des points PIC', keys: 'code(s) PIC' },
};

/** French summary printed by the CLI. */
export function formatImportSummary(summary: ImportSummary, sourceFileName: string): string {
  const what = TABLE_NAMES[summary.kind].table;
  const keys = `${summary.distinctKeys} ${TABLE_NAMES[summary.kind].keys}`;
  const lines = [
    `Import réussi : ${what}, version ${summary.version} (fichier « ${sourceFileName} »), ${summary.rowCount} ligne(s), ${keys}${summary.isSample ? ', marquée comme échantillon' : ''}.`,
    summary.previousVersion === null
      ? 'Première version importée : elle remplace l’échantillon livré avec le paquet tarifaire.'
      : `La version ${summary.previousVersion} est conservée mais désactivée ; la version ${summary.version} est active.`,
    ...summary.warnings.map((warning) => `Attention : ${warning}`),
  ];
  return lines.join('\n');
}
