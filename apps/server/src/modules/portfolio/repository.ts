import type { PortfolioResult, PortfolioRun } from '@pilote/contracts';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { BackgroundLane } from '../../db/background-lane.ts';
import { type Executor, rowsOf } from '../../db/client.ts';
import { portfolioRunSites, portfolioRuns, sites } from '../../db/schema.ts';

/** `array[$1, $2, …]::text[]`: every id a bound parameter. */
function textArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Rows per statement of a run (reads of sites and years, inserts of outcomes), ADR 0083. */
export const STATEMENT_ROWS = 20;

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
  /** The dataset's packed year (consumption_dataset_years, ADR 0083); null: no measured or estimated day. */
  year: DatasetYear | null;
}

/** A dataset's readings of the 365 days up to its `last_day`, as the optimiser takes them. */
export interface DatasetYear {
  /** First stored day of the window; the days follow each other when `days` is 365. */
  first: string;
  /** Readings in the window (365: a full year). */
  days: number;
  /**
   * kWh per reading in date order (NaN for a missing day): the stored `float8send` bytes in base64, decoded by the
   * worker (chunk-task.ts `unpackKwh`), not on the event loop (ADR 0092 addendum).
   */
  kwh: string;
  /** One letter per reading: m mesure, e estime, x manquant. */
  quality: string;
}

/**
 * The chunk's sites (at most STATEMENT_ROWS, 20, per statement: each one holds the PGlite thread a few milliseconds, ADR 0083) with
 * their PCE's newest dataset in the organisation and that dataset's packed year, read from
 * `consumption_dataset_years` (kept on write by the readings' trigger, migration 0027): one small row per site, no
 * aggregation of readings.
 */
export async function chunkSites(db: Executor, organisationId: string, ids: string[]): Promise<ChunkSiteRow[]> {
  const rows = await rowsOf<
    Omit<ChunkSiteRow, 'year'> & {
      first: string | null;
      days: number | null;
      kwh: string | null;
      quality: string | null;
    }
  >(
    db,
    sql`select s.id, s.pce, s.point_type as "pointType", s.point_code as "pointCode", s.option, s.cja, s.ntr,
          d.id as "datasetId", y.first_day::text as first, y.days, encode(y.kwh, 'base64') as kwh, y.quality
        from sites s
        left join lateral (
          select d.id from consumption_datasets d where d.organisation_id = s.organisation_id and d.pce = s.pce
          order by d.created_at desc, d.id desc limit 1
        ) d on true
        left join consumption_dataset_years y on y.dataset_id = d.id
        where s.organisation_id = ${organisationId} and s.id = any(${textArray(ids)})`,
  );
  return rows.map(({ first, days, kwh, quality, ...row }) => ({
    ...row,
    year: first !== null && days !== null && kwh !== null && quality !== null ? { first, days, kwh, quality } : null,
  }));
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
 * One insert of outcomes, a column per array parameter (`unnest`): eight parameters whatever the rows, and no query
 * builder per row — drizzle's insert builder cost more of the event loop than the statement (ADR 0092 addendum).
 */
function insertOutcomes(runId: string, rows: SiteOutcomeRow[]) {
  const column = <K extends keyof SiteOutcomeRow>(key: K) => sql.param(rows.map((row) => row[key]));
  return sql`insert into portfolio_run_sites
      (run_id, site_id, cja_actuelle, cja_optimisee, current_cost_euros, optimised_cost_euros, savings_euros, message)
    select ${runId}, * from unnest(${column('siteId')}::text[], ${column('cjaActuelle')}::float8[],
      ${column('cjaOptimisee')}::float8[], ${column('currentCostEuros')}::float8[],
      ${column('optimisedCostEuros')}::float8[], ${column('savingsEuros')}::float8[], ${column('message')}::text[])
    on conflict do nothing`;
}

/**
 * A chunk's outcomes stored and the run's counters moved in one transaction-free pair of statements: the insert
 * first, so a crash between them leaves rows the counters do not count yet (the run is then failed, never « done »
 * with missing rows). Each statement goes through the run's background lane (ADR 0092).
 */
export async function recordChunk(
  db: Executor,
  lane: BackgroundLane,
  runId: string,
  rows: SiteOutcomeRow[],
  at: Date,
  /** Sites of the chunk deleted since the run started: counted as done, with no row. */
  missing = 0,
): Promise<PortfolioRunRow> {
  // STATEMENT_ROWS (20) rows per insert, each after the requests waiting for the database: no statement holds the
  // PGlite thread long enough to keep a light route waiting (ADR 0083, 0092).
  for (let start = 0; start < rows.length; start += STATEMENT_ROWS) {
    const slice = rows.slice(start, start + STATEMENT_ROWS);
    await lane.run(() => db.execute(insertOutcomes(runId, slice)));
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
  const [updated] = await lane.run(() =>
    db
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
      .returning(),
  );
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
