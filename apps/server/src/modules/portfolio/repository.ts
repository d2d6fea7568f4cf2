import type { PortfolioResult, PortfolioRun } from '@pilote/contracts';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { portfolioRunSites, portfolioRuns, sites } from '../../db/schema.ts';

/** `array[$1, $2, …]::text[]`: every id a bound parameter. */
function textArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

export type PortfolioRunRow = typeof portfolioRuns.$inferSelect;

export function toRun(row: PortfolioRunRow): PortfolioRun {
  return {
    id: row.id,
    organisationId: row.organisationId,
    status: row.status as PortfolioRun['status'],
    total: row.total,
    done: row.done,
    cancelRequested: row.cancelRequested,
    message: row.message,
    dateEffet: row.dateEffet,
    sitesOptimised: row.sitesOptimised,
    sitesSkipped: row.sitesSkipped,
    currentCostEuros: Math.round(row.currentCostEuros * 100) / 100,
    optimisedCostEuros: Math.round(row.optimisedCostEuros * 100) / 100,
    savingsEuros: Math.round(row.savingsEuros * 100) / 100,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export async function findRun(db: Executor, id: string): Promise<PortfolioRunRow | undefined> {
  const [row] = await db.select().from(portfolioRuns).where(eq(portfolioRuns.id, id)).limit(1);
  return row;
}

export async function listRuns(
  db: Executor,
  organisationId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: PortfolioRunRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(portfolioRuns)
      .where(eq(portfolioRuns.organisationId, organisationId))
      .orderBy(desc(portfolioRuns.createdAt), desc(portfolioRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(portfolioRuns).where(eq(portfolioRuns.organisationId, organisationId)),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The organisation's sites whose PCE has consumption data in the organisation, by id (the run's order). */
export async function sitesWithData(db: Executor, organisationId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select s.id from sites s
        where s.organisation_id = ${organisationId}
          and exists (select 1 from consumption_datasets d where d.organisation_id = s.organisation_id and d.pce = s.pce)
        order by s.id`,
  );
  return rows.map((r) => r.id);
}

export interface ChunkSiteRow {
  id: string;
  pce: string;
  pointType: string | null;
  pointCode: string | null;
  option: string | null;
  cja: number | null;
  ntr: number | null;
  datasetId: string | null;
}

/** The chunk's sites with their PCE's newest dataset in the organisation. */
export async function chunkSites(db: Executor, organisationId: string, ids: string[]): Promise<ChunkSiteRow[]> {
  return rowsOf<ChunkSiteRow>(
    db,
    sql`select s.id, s.pce, s.point_type as "pointType", s.point_code as "pointCode", s.option, s.cja, s.ntr,
          (select d.id from consumption_datasets d where d.organisation_id = s.organisation_id and d.pce = s.pce
           order by d.created_at desc, d.id desc limit 1) as "datasetId"
        from sites s
        where s.organisation_id = ${organisationId} and s.id = any(${textArray(ids)})`,
  );
}

export interface DatasetYear {
  datasetId: string;
  first: string;
  days: number;
  kwh: (number | string | null)[];
  quality: string;
}

/**
 * The last 365 days up to the dataset's last measured or estimated day (`last_day`, kept by triggers, ADR 0079) of each
 * dataset, aggregated in SQL: one row per dataset with its
 * kWh as an array and one letter per day for the quality (m / e / x), so 200 datasets are 200 rows, not 73 000.
 */
export async function datasetYears(db: Executor, datasetIds: string[]): Promise<DatasetYear[]> {
  if (datasetIds.length === 0) {
    return [];
  }
  const ids = textArray(datasetIds);
  return rowsOf<DatasetYear>(
    db,
    sql`select r.dataset_id as "datasetId", min(r.date)::text as first, count(*)::int as days,
          array_agg(r.kwh order by r.date) as kwh,
          string_agg(case r.quality when 'mesure' then 'm' when 'estime' then 'e' else 'x' end, '' order by r.date) as quality
        from consumption_datasets d
        join consumption_readings r on r.dataset_id = d.id and r.date > d.last_day - 365 and r.date <= d.last_day
        where d.id = any(${ids}) and d.last_day is not null
        group by r.dataset_id`,
  );
}

export interface SiteOutcomeRow {
  runId: string;
  siteId: string;
  cjaActuelle: number | null;
  cjaOptimisee: number | null;
  currentCostEuros: number | null;
  optimisedCostEuros: number | null;
  savingsEuros: number | null;
  message: string | null;
}

/**
 * A chunk's outcomes stored and the run's counters moved in one transaction-free pair of statements: the insert
 * first, so a crash between them leaves rows the counters do not count yet (the run is then failed, never « done »
 * with missing rows).
 */
export async function recordChunk(
  db: Executor,
  runId: string,
  rows: SiteOutcomeRow[],
  at: Date,
  /** Sites of the chunk deleted since the run started: counted as done, with no row. */
  missing = 0,
): Promise<PortfolioRunRow> {
  if (rows.length > 0) {
    await db.insert(portfolioRunSites).values(rows).onConflictDoNothing();
  }
  let optimised = 0;
  let current = 0;
  let optimisedCost = 0;
  let savings = 0;
  for (const row of rows) {
    if (row.message === null) {
      optimised += 1;
      current += row.currentCostEuros ?? 0;
      optimisedCost += row.optimisedCostEuros ?? 0;
      savings += Math.max(0, row.savingsEuros ?? 0);
    }
  }
  const [updated] = await db
    .update(portfolioRuns)
    .set({
      done: sql`${portfolioRuns.done} + ${rows.length + missing}`,
      sitesOptimised: sql`${portfolioRuns.sitesOptimised} + ${optimised}`,
      sitesSkipped: sql`${portfolioRuns.sitesSkipped} + ${rows.length - optimised}`,
      currentCostEuros: sql`${portfolioRuns.currentCostEuros} + ${current}`,
      optimisedCostEuros: sql`${portfolioRuns.optimisedCostEuros} + ${optimisedCost}`,
      savingsEuros: sql`${portfolioRuns.savingsEuros} + ${savings}`,
      updatedAt: at,
    })
    .where(eq(portfolioRuns.id, runId))
    .returning();
  if (!updated) {
    throw new Error(`portfolio run ${runId} vanished`);
  }
  return updated;
}

export async function finishRun(
  db: Executor,
  runId: string,
  status: 'done' | 'cancelled' | 'failed',
  at: Date,
  message: string | null = null,
): Promise<void> {
  await db
    .update(portfolioRuns)
    .set({ status, message, updatedAt: at, finishedAt: at })
    .where(and(eq(portfolioRuns.id, runId), eq(portfolioRuns.status, 'running')));
}

/**
 * Runs left « running » by a process that stopped (crash, restart): failed with the French message. Only runs created
 * before `startedBefore` (this process's start): a run this process started meanwhile is alive.
 */
export async function failInterruptedRuns(
  db: Executor,
  message: string,
  at: Date,
  startedBefore: Date,
): Promise<number> {
  const rows = await db
    .update(portfolioRuns)
    .set({ status: 'failed', message, updatedAt: at, finishedAt: at })
    .where(and(eq(portfolioRuns.status, 'running'), lt(portfolioRuns.createdAt, startedBefore)))
    .returning({ id: portfolioRuns.id });
  return rows.length;
}

export async function requestCancel(db: Executor, runId: string, at: Date): Promise<void> {
  await db
    .update(portfolioRuns)
    .set({ cancelRequested: true, updatedAt: at })
    .where(and(eq(portfolioRuns.id, runId), eq(portfolioRuns.status, 'running')));
}

export async function cancelRequested(db: Executor, runId: string): Promise<boolean> {
  const [row] = await db
    .select({ cancel: portfolioRuns.cancelRequested })
    .from(portfolioRuns)
    .where(eq(portfolioRuns.id, runId))
    .limit(1);
  return row?.cancel ?? true;
}

const resultColumns = {
  siteId: portfolioRunSites.siteId,
  siteName: sites.name,
  pce: sites.pce,
  cjaActuelle: portfolioRunSites.cjaActuelle,
  cjaOptimisee: portfolioRunSites.cjaOptimisee,
  currentCostEuros: portfolioRunSites.currentCostEuros,
  optimisedCostEuros: portfolioRunSites.optimisedCostEuros,
  savingsEuros: portfolioRunSites.savingsEuros,
  message: portfolioRunSites.message,
};

/** The run's sites ranked by savings (largest first, skipped sites last), by the ranked index. */
export async function rankedResults(
  db: Executor,
  runId: string,
  page: { limit: number; offset: number },
): Promise<PortfolioResult[]> {
  return db
    .select(resultColumns)
    .from(portfolioRunSites)
    .innerJoin(sites, eq(sites.id, portfolioRunSites.siteId))
    .where(eq(portfolioRunSites.runId, runId))
    .orderBy(sql`${portfolioRunSites.savingsEuros} desc nulls last`, portfolioRunSites.siteId)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countResults(db: Executor, runId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(portfolioRunSites).where(eq(portfolioRunSites.runId, runId));
  return row?.n ?? 0;
}
