/**
 * What a new PITD table version changes against the table in service (the active import, else the official table
 * shipped with the server, ADR 0051): rows added, rows removed, NTR changed — shown by the admin import screen
 * before the version is confirmed. Rows are keyed by PITD code × commune INSEE code.
 */
import type { ReferenceImportChanges } from '@pilote/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pitdRows } from '../../db/schema.ts';
import { officialTables } from './official-tables.ts';
import { findActiveDataset } from './repository.ts';

/** Rows of each kind listed in the answer (the counts are complete). */
export const PITD_DIFF_SAMPLE_SIZE = 20;

export interface PitdDiffRow {
  codePitd: string;
  libelle: string;
  communeInsee: string;
  commune: string;
  ntr: number;
  /** The shipped table's doubled NTR (« (*) »): a new value among them is not a change. */
  ntrChoices?: readonly number[] | null;
}

const keyOf = (row: PitdDiffRow) => `${row.codePitd}|${row.communeInsee}`;

const byKey = (a: PitdDiffRow, b: PitdDiffRow) =>
  a.codePitd.localeCompare(b.codePitd) || a.communeInsee.localeCompare(b.communeInsee);

/** The pure comparison of two tables. */
export function diffPitdRows(
  before: readonly PitdDiffRow[],
  after: readonly PitdDiffRow[],
  against: ReferenceImportChanges['against'],
): ReferenceImportChanges {
  const previous = new Map(before.map((row) => [keyOf(row), row]));
  const next = new Map<string, PitdDiffRow>();
  for (const row of after) {
    next.set(keyOf(row), row);
  }
  const added = [...next.values()].filter((row) => !previous.has(keyOf(row))).sort(byKey);
  const removed = [...previous.values()].filter((row) => !next.has(keyOf(row))).sort(byKey);
  const ntrChanged = [...next.values()]
    .flatMap((row) => {
      const old = previous.get(keyOf(row));
      if (!old || old.ntr === row.ntr || old.ntrChoices?.includes(row.ntr)) {
        return [];
      }
      return [
        { ...row, before: old.ntrChoices && old.ntrChoices.length > 1 ? old.ntrChoices.join(' ou ') : String(old.ntr) },
      ];
    })
    .sort(byKey);
  const point = (row: PitdDiffRow) => ({
    code: row.codePitd,
    libelle: row.libelle,
    communeInsee: row.communeInsee,
    commune: row.commune,
    ntr: row.ntr,
  });
  return {
    against,
    added: added.length,
    removed: removed.length,
    ntrChanged: ntrChanged.length,
    samples: {
      added: added.slice(0, PITD_DIFF_SAMPLE_SIZE).map(point),
      removed: removed.slice(0, PITD_DIFF_SAMPLE_SIZE).map(point),
      ntrChanged: ntrChanged.slice(0, PITD_DIFF_SAMPLE_SIZE).map((row) => ({ ...point(row), ntrBefore: row.before })),
    },
  };
}

/** The rows of the PITD table in service, and which one it is. */
export async function pitdRowsInService(
  db: Database,
): Promise<{ rows: PitdDiffRow[]; against: ReferenceImportChanges['against'] }> {
  const dataset = await findActiveDataset(db, 'pitd');
  if (!dataset) {
    return { rows: officialTables().pitd.rows, against: 'package' };
  }
  const rows = await db
    .select({
      codePitd: pitdRows.codePitd,
      libelle: pitdRows.libelle,
      communeInsee: pitdRows.communeInsee,
      commune: pitdRows.commune,
      ntr: pitdRows.ntr,
    })
    .from(pitdRows)
    .where(eq(pitdRows.datasetId, dataset.id))
    .orderBy(asc(pitdRows.codePitd));
  return { rows, against: 'import' };
}
