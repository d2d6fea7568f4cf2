import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consumptionDatasets, consumptionReadings } from '../../db/schema.ts';

export type ConsumptionDatasetRecord = typeof consumptionDatasets.$inferSelect;
export type ConsumptionReadingRecord = typeof consumptionReadings.$inferSelect;
/** A transaction or the database itself. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A dataset with the aggregates of its days (computed by the database). */
export interface DatasetWithStats extends ConsumptionDatasetRecord {
  debut: string;
  fin: string;
  jours: number;
  totalKwh: number;
  maxKwh: number | null;
  mesure: number;
  estime: number;
  manquant: number;
}

const r = consumptionReadings;
const stats = {
  debut: sql<string>`min(${r.date})::text`,
  fin: sql<string>`max(${r.date})::text`,
  jours: sql<number>`count(*)::int`,
  totalKwh: sql<number>`coalesce(sum(${r.kwh}), 0)::float8`,
  maxKwh: sql<number | null>`max(${r.kwh})::float8`,
  mesure: sql<number>`(count(*) filter (where ${r.quality} = 'mesure'))::int`,
  estime: sql<number>`(count(*) filter (where ${r.quality} = 'estime'))::int`,
  manquant: sql<number>`(count(*) filter (where ${r.quality} = 'manquant'))::int`,
};

const BATCH = 1000;

export async function insertConsumptionDataset(
  tx: Executor,
  dataset: typeof consumptionDatasets.$inferInsert,
  readings: (typeof consumptionReadings.$inferInsert)[],
): Promise<void> {
  await tx.insert(consumptionDatasets).values(dataset);
  for (let start = 0; start < readings.length; start += BATCH) {
    await tx.insert(consumptionReadings).values(readings.slice(start, start + BATCH));
  }
}

/**
 * Datasets with their aggregates, newest first: an organisation's (ADR 0066), optionally only those of one PCE or one
 * id, and only one page of them (`limit`/`offset`, ADR 0020). `organisationId: null` reads one id whatever its
 * organisation, for the service to authorise.
 */
export async function listDatasetsWithStats(
  db: Database,
  organisationId: string | null,
  filter: { pce?: string; id?: string } = {},
  page?: { limit: number; offset: number },
): Promise<DatasetWithStats[]> {
  const d = consumptionDatasets;
  const query = db
    .select({
      id: d.id,
      userId: d.userId,
      organisationId: d.organisationId,
      pce: d.pce,
      label: d.label,
      sourceFormat: d.sourceFormat,
      sourceFileName: d.sourceFileName,
      unit: d.unit,
      conversionCoefficient: d.conversionCoefficient,
      mandateId: d.mandateId,
      operatorSource: d.operatorSource,
      lastDay: d.lastDay,
      createdAt: d.createdAt,
      ...stats,
    })
    .from(d)
    .innerJoin(r, eq(r.datasetId, d.id))
    .where(
      and(
        organisationId === null ? undefined : eq(d.organisationId, organisationId),
        filter.pce ? eq(d.pce, filter.pce) : undefined,
        filter.id ? eq(d.id, filter.id) : undefined,
      ),
    )
    .groupBy(d.id)
    .orderBy(desc(d.createdAt), asc(d.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** How many datasets the organisation has. */
export async function countDatasets(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(consumptionDatasets)
    .where(eq(consumptionDatasets.organisationId, organisationId));
  return row?.total ?? 0;
}

/** The days of a dataset between two dates (inclusive; whole dataset without bounds), by date. */
export async function readingsOf(
  db: Database,
  datasetId: string,
  range?: { from: string; to: string },
): Promise<
  { date: string; kwh: number | null; quality: string; volumeM3: number | null; coefficient: number | null }[]
> {
  return db
    .select({
      date: sql<string>`${r.date}::text`,
      kwh: r.kwh,
      quality: r.quality,
      volumeM3: r.volumeM3,
      coefficient: r.coefficient,
    })
    .from(r)
    .where(and(eq(r.datasetId, datasetId), range ? sql`${r.date} between ${range.from} and ${range.to}` : undefined))
    .orderBy(asc(r.date));
}

/** Per-month aggregates of a dataset (YYYY-MM). */
export async function monthlyStats(db: Database, datasetId: string) {
  const month = sql<string>`to_char(${r.date}, 'YYYY-MM')`;
  return db
    .select({
      mois: month,
      jours: stats.jours,
      totalKwh: stats.totalKwh,
      maxKwh: stats.maxKwh,
      mesure: stats.mesure,
      estime: stats.estime,
      manquant: stats.manquant,
    })
    .from(r)
    .where(eq(r.datasetId, datasetId))
    .groupBy(month)
    .orderBy(month);
}

/** Deletes the dataset of that organisation (its days go with it); false when there is none. */
export async function deleteDatasetOf(db: Database, organisationId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(consumptionDatasets)
    .where(and(eq(consumptionDatasets.id, id), eq(consumptionDatasets.organisationId, organisationId)))
    .returning({ id: consumptionDatasets.id });
  return deleted.length > 0;
}
