import { and, asc, desc, eq, ilike, max, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { pitdRows, referenceDatasets, tariffParameterValues, transportPointRows, ziRows } from '../../db/schema.ts';

export type ReferenceKind = 'pitd' | 'zi' | 'li' | 'pic';
/** The kinds whose rows live in `transport_point_rows` (ADR 0024). */
export type TransportPointTableKind = 'li' | 'pic';
export type DatasetRecord = typeof referenceDatasets.$inferSelect;
export type PitdRecord = typeof pitdRows.$inferSelect;
export type ZiRecord = typeof ziRows.$inferSelect;
export type TransportPointRecord = typeof transportPointRows.$inferSelect;
/** A transaction or the database itself. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function findActiveDataset(db: Database, kind: ReferenceKind): Promise<DatasetRecord | undefined> {
  const [row] = await db
    .select()
    .from(referenceDatasets)
    .where(and(eq(referenceDatasets.kind, kind), eq(referenceDatasets.isActive, true)))
    .limit(1);
  return row;
}

/** What a simulation asks first: the active datasets, and the version of the stored tariff values (ADR 0038). */
export interface ReferenceState {
  /** The active dataset of every kind (at most one per kind). */
  datasets: DatasetRecord[];
  /** The highest id of `tariff_parameter_values` (0 when empty): the overlay's version (tariff-data/overlay-source.ts). */
  tariffValuesVersion: number;
}

/**
 * {@link ReferenceState} in ONE prepared statement: the one-row `max(id)` of the stored tariff values left-joined with
 * the active datasets (one row with a null dataset when none is active). Asked on every simulation: it replaces two
 * statements (active datasets, then the overlay's `max(id)`) on the request path.
 */
export function referenceStateReader(db: Database): () => Promise<ReferenceState> {
  const latest = db
    .select({ id: max(tariffParameterValues.id).as('latest_value_id') })
    .from(tariffParameterValues)
    .as('latest_value');
  const query = db
    .select({ tariffValuesVersion: latest.id, dataset: referenceDatasets })
    .from(latest)
    .leftJoin(referenceDatasets, eq(referenceDatasets.isActive, true))
    .prepare('reference_state');
  return async () => {
    const rows = await query.execute();
    return {
      datasets: rows.flatMap((row) => (row.dataset ? [row.dataset] : [])),
      tariffValuesVersion: Number(rows[0]?.tariffValuesVersion ?? 0),
    };
  };
}

export async function listDatasets(db: Database, kind: ReferenceKind): Promise<DatasetRecord[]> {
  return db
    .select()
    .from(referenceDatasets)
    .where(eq(referenceDatasets.kind, kind))
    .orderBy(desc(referenceDatasets.version));
}

export async function nextVersion(tx: Executor, kind: ReferenceKind): Promise<number> {
  const [row] = await tx
    .select({ version: max(referenceDatasets.version) })
    .from(referenceDatasets)
    .where(eq(referenceDatasets.kind, kind));
  return (row?.version ?? 0) + 1;
}

/** Deactivates the active dataset of `kind` (kept for history); returns its version, if any. */
export async function deactivateDatasets(tx: Executor, kind: ReferenceKind): Promise<number | null> {
  const rows = await tx
    .update(referenceDatasets)
    .set({ isActive: false })
    .where(and(eq(referenceDatasets.kind, kind), eq(referenceDatasets.isActive, true)))
    .returning({ version: referenceDatasets.version });
  return rows[0]?.version ?? null;
}

export async function insertDataset(tx: Executor, row: typeof referenceDatasets.$inferInsert): Promise<void> {
  await tx.insert(referenceDatasets).values(row);
}

const BATCH = 1000;

/** Inserts rows in statements of {@link BATCH} rows (PostgreSQL caps the parameters of one statement). */
async function insertInBatches<Table extends PgTable>(
  tx: Executor,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(table).values(rows.slice(start, start + BATCH));
  }
}

export function insertPitdRows(tx: Executor, rows: (typeof pitdRows.$inferInsert)[]): Promise<void> {
  return insertInBatches(tx, pitdRows, rows);
}

export function insertZiRows(tx: Executor, rows: (typeof ziRows.$inferInsert)[]): Promise<void> {
  return insertInBatches(tx, ziRows, rows);
}

export function insertTransportPointRows(
  tx: Executor,
  rows: (typeof transportPointRows.$inferInsert)[],
): Promise<void> {
  return insertInBatches(tx, transportPointRows, rows);
}

/** Distinct codes of a point table's dataset whose code or label contains `q` (case-insensitive), sorted by code. */
function searchCodes(
  db: Database,
  table: PgTable,
  columns: { datasetId: AnyPgColumn; code: AnyPgColumn; libelle: AnyPgColumn },
  datasetId: string,
  q: string | undefined,
  limit: number,
): Promise<{ code: string; libelle: string }[]> {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  return db
    .select({ code: sql<string>`${columns.code}`, libelle: sql<string>`min(${columns.libelle})` })
    .from(table)
    .where(
      and(
        eq(columns.datasetId, datasetId),
        pattern ? or(ilike(columns.code, pattern), ilike(columns.libelle, pattern)) : undefined,
      ),
    )
    .groupBy(columns.code)
    .orderBy(asc(columns.code))
    .limit(limit);
}

/** Distinct LI / PIC codes of a dataset whose code or label contains `q` (case-insensitive), sorted by code. */
export function searchTransportPointCodes(
  db: Database,
  datasetId: string,
  q: string | undefined,
  limit: number,
): Promise<{ code: string; libelle: string }[]> {
  const { datasetId: dataset, code, libelle } = transportPointRows;
  return searchCodes(db, transportPointRows, { datasetId: dataset, code, libelle }, datasetId, q, limit);
}

export async function findTransportPointRowsByCode(
  db: Database,
  datasetId: string,
  code: string,
): Promise<TransportPointRecord[]> {
  return db
    .select()
    .from(transportPointRows)
    .where(and(eq(transportPointRows.datasetId, datasetId), eq(transportPointRows.code, code)))
    .orderBy(asc(transportPointRows.commune), asc(transportPointRows.communeInsee));
}

/** Distinct PITD codes of a dataset whose code or label contains `q` (case-insensitive), sorted by code. */
export function searchPitdCodes(
  db: Database,
  datasetId: string,
  q: string | undefined,
  limit: number,
): Promise<{ code: string; libelle: string }[]> {
  const { datasetId: dataset, codePitd, libelle } = pitdRows;
  return searchCodes(db, pitdRows, { datasetId: dataset, code: codePitd, libelle }, datasetId, q, limit);
}

export async function findPitdRowsByCode(db: Database, datasetId: string, code: string): Promise<PitdRecord[]> {
  return db
    .select()
    .from(pitdRows)
    .where(and(eq(pitdRows.datasetId, datasetId), eq(pitdRows.codePitd, code)))
    .orderBy(asc(pitdRows.commune), asc(pitdRows.communeInsee));
}

/** The PITD rows of a commune (INSEE code) in a dataset, sorted by code. */
export async function findPitdRowsByCommune(db: Database, datasetId: string, insee: string): Promise<PitdRecord[]> {
  return db
    .select()
    .from(pitdRows)
    .where(and(eq(pitdRows.datasetId, datasetId), eq(pitdRows.communeInsee, insee)))
    .orderBy(asc(pitdRows.codePitd));
}

/** The distinct communes (INSEE code and name) of a PITD version. */
export async function findPitdCommunes(
  db: Database,
  datasetId: string,
): Promise<{ communeInsee: string; commune: string }[]> {
  return db
    .selectDistinct({ communeInsee: pitdRows.communeInsee, commune: pitdRows.commune })
    .from(pitdRows)
    .where(eq(pitdRows.datasetId, datasetId));
}

export async function findZi(
  db: Database,
  datasetId: string,
  stationMeteo: string,
  profil: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ zi: ziRows.zi })
    .from(ziRows)
    .where(and(eq(ziRows.datasetId, datasetId), eq(ziRows.stationMeteo, stationMeteo), eq(ziRows.profil, profil)))
    .limit(1);
  return row?.zi;
}
