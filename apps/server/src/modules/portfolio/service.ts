import { randomUUID } from 'node:crypto';
import {
  type PageQuery,
  PORTFOLIO_CHUNK_SIZE,
  type PortfolioResultsPage,
  type PortfolioRun,
  type PortfolioRunsPage,
  portfolioMessages,
} from '@pilote/contracts';
import { normaliseTso } from '@pilote/tariffs';
import { type BackgroundLane, createBackgroundLane } from '../../db/background-lane.ts';
import type { Executor } from '../../db/client.ts';
import { portfolioRuns } from '../../db/schema.ts';
import { type Actor, requireUser } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask, WORKERS_BUSY_MESSAGE } from '../../workers/pool.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import { normaliseCommuneName } from '../reference-data/communes.ts';
import type { ReferenceData } from '../reference-data/source.ts';
import type { TariffOverlaySource } from '../tariff-data/overlay-source.ts';
import type { ChunkOutcome, ChunkSite } from './chunk-task.ts';
import {
  type ChunkSiteRow,
  cancelRequested,
  chunkSites,
  countResults,
  failInterruptedRuns,
  findRun,
  finishRun,
  listRuns,
  rankedResults,
  recordChunk,
  requestCancel,
  type SiteOutcomeRow,
  STATEMENT_ROWS,
  sitesWithData,
  toRun,
} from './repository.ts';
import { portfolioTasks } from './tasks.ts';

export interface PortfolioServiceDeps {
  db: Executor;
  referenceData: ReferenceData;
  tariffOverlay: TariffOverlaySource;
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  /**
   * The lane of the runs' statements (ADR 0092): one at a time, each after the requests waiting for the database.
   * Default: a lane of its own that only keeps them one at a time.
   */
  lane?: BackgroundLane;
  now?: () => Date;
  /** Sites per chunk (one worker task, one progress step): PORTFOLIO_CHUNK_SIZE unless a test says otherwise. */
  chunkSize?: number;
  log?: { error: (object: unknown, message: string) => void };
  /** Awaited after each chunk is stored, before the cancel check (tests act between two chunks). */
  betweenChunks?: (runId: string, done: number) => Promise<void>;
}

/** What the app may set (AppDependencies.portfolio). */
export type PortfolioOptions = Pick<PortfolioServiceDeps, 'chunkSize' | 'betweenChunks'>;

/** What the site's point resolves to, or why it cannot be optimised. */
type Resolved =
  | { ok: true; tso: string; ntr: number; raccordement: ChunkSite['raccordement'] }
  | { ok: false; message: string };

const notFound = () => new AppError('NOT_FOUND', portfolioMessages.notFound);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
}

/**
 * « Optimiser tout le portefeuille » (issue #24 §4–§5, ADR 0077, 0083). A run reads the organisation's sites with
 * consumption data in chunks with their packed years, optimises each chunk in one worker task (never on the event
 * loop), stores the chunk's outcomes and moves the progress; cancel is read before a solved chunk is stored. The next
 * chunk is read and the previous one stored while the worker solves the current one.
 */
export function createPortfolioService(deps: PortfolioServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const chunkSize = deps.chunkSize ?? PORTFOLIO_CHUNK_SIZE;
  const lane = deps.lane ?? createBackgroundLane(undefined);
  const loops = new Map<string, Promise<void>>();
  let closing = false;
  /** Runs created before this are another (stopped) process's; recoverInterrupted fails only those. */
  const startedAt = now();

  /**
   * The chunk's points resolved; `cache` is the run's (a code is looked up once per run: GD1057, Paris, has 936
   * communes, and its rows were copied for each chunk).
   */
  async function resolvePoints(rows: ChunkSiteRow[], cache: Map<string, Resolved>): Promise<Map<string, Resolved>> {
    const out = new Map<string, Resolved>();
    const pitd = rows.some((r) => r.pointType === 'PITD') ? await deps.referenceData.pitd() : null;
    for (const row of rows) {
      const option = row.option ?? 'T4';
      if (!row.pointType || !row.pointCode) {
        out.set(row.id, { ok: false, message: portfolioMessages.skippedNoPoint });
        continue;
      }
      if (row.pointType === 'PITD' && option !== 'T4' && option !== 'TP') {
        out.set(row.id, { ok: false, message: portfolioMessages.skippedOption(option) });
        continue;
      }
      const key = `${row.pointType}:${row.pointCode}`;
      let resolved = cache.get(key);
      if (!resolved) {
        if (row.pointType === 'PITD' && pitd) {
          const entry = (await pitd.rowsOf(row.pointCode))[0];
          const tso = entry ? normaliseTso(entry.tso) : null;
          resolved = !entry
            ? { ok: false, message: portfolioMessages.skippedUnknownPoint(row.pointCode) }
            : normaliseCommuneName(entry.dso) !== 'grdf'
              ? { ok: false, message: portfolioMessages.skippedNotGrdf(entry.dso) }
              : tso
                ? { ok: true, tso, ntr: entry.ntr, raccordement: 'distribution' }
                : { ok: false, message: portfolioMessages.skippedUnknownPoint(row.pointCode) };
        } else {
          const table = await deps.referenceData.transportPoints(row.pointType === 'LI' ? 'li' : 'pic');
          const entry = (await table.rowsOf(row.pointCode))[0];
          const tso = entry ? normaliseTso(entry.tso) : null;
          resolved =
            entry && tso
              ? { ok: true, tso, ntr: entry.ntr, raccordement: 'transport' }
              : { ok: false, message: portfolioMessages.skippedUnknownPoint(row.pointCode) };
        }
        cache.set(key, resolved);
      }
      // The site's own NTR (its sheet) wins over the table's.
      out.set(row.id, resolved.ok && row.ntr !== null ? { ...resolved, ntr: row.ntr } : resolved);
    }
    return out;
  }

  /**
   * A chunk read and packed: the sites to solve and those skipped already (with their reason). Read STATEMENT_ROWS
   * (20) sites per statement from the packed years (ADR 0083), each statement through the lane (ADR 0092).
   */
  async function prepareChunk(
    runId: string,
    organisationId: string,
    ids: string[],
    points: Map<string, Resolved>,
  ): Promise<{ sites: ChunkSite[]; skipped: SiteOutcomeRow[] }> {
    const rows: ChunkSiteRow[] = [];
    for (let start = 0; start < ids.length; start += STATEMENT_ROWS) {
      const slice = ids.slice(start, start + STATEMENT_ROWS);
      rows.push(...(await lane.run(() => chunkSites(db, organisationId, slice))));
    }
    const resolved = await resolvePoints(rows, points);
    const sites: ChunkSite[] = [];
    const skipped: SiteOutcomeRow[] = [];
    const skip = (siteId: string, message: string) =>
      skipped.push({
        runId,
        siteId,
        cjaActuelle: null,
        cjaOptimisee: null,
        currentCostEuros: null,
        optimisedCostEuros: null,
        savingsEuros: null,
        message,
      });
    for (const row of rows) {
      const point = resolved.get(row.id);
      if (!point?.ok) {
        skip(row.id, point && !point.ok ? point.message : portfolioMessages.skippedNoPoint);
        continue;
      }
      const year = row.year;
      if (!year || year.days < 365) {
        skip(row.id, portfolioMessages.skippedShort(year?.days ?? 0));
        continue;
      }
      const option = (row.option ?? 'T4') as ChunkSite['tarif'];
      sites.push({
        siteId: row.id,
        tso: point.tso,
        ntr: point.ntr,
        raccordement: point.raccordement,
        tarif: option,
        // The site sheet keeps the CJA in MWh/j, as the optimiser takes it (contracts: siteMessages.cja).
        cjaActuelle: row.cja,
        first: year.first,
        kwh: year.kwh,
        quality: year.quality,
      });
    }
    return { sites, skipped };
  }

  /** The solved chunk's rows: the skipped sites first, then the worker's outcomes. */
  function outcomeRows(runId: string, skipped: SiteOutcomeRow[], outcomes: ChunkOutcome[]): SiteOutcomeRow[] {
    return [
      ...skipped,
      ...outcomes.map(
        (o): SiteOutcomeRow =>
          o.message === null
            ? {
                runId,
                siteId: o.siteId,
                cjaActuelle: o.cjaActuelle,
                cjaOptimisee: o.cjaOptimisee,
                currentCostEuros: o.coutAvant,
                optimisedCostEuros: o.coutApres,
                savingsEuros: o.economie,
                message: null,
              }
            : {
                runId,
                siteId: o.siteId,
                cjaActuelle: null,
                cjaOptimisee: null,
                currentCostEuros: null,
                optimisedCostEuros: null,
                savingsEuros: null,
                message: o.message,
              },
      ),
    ];
  }

  /**
   * Three stages overlap (ADR 0083): while the worker solves chunk c, chunk c + 1 is read and chunk c − 1's rows are
   * stored. Cancel (and the close) is read once a chunk is solved, before its rows are stored: a run cancelled keeps
   * exactly the chunks stored before (a chunk solved meanwhile is dropped).
   */
  async function loop(runId: string, organisationId: string, owner: string, ids: string[], dateEffet: string) {
    const { overlay } = await deps.tariffOverlay.current();
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += chunkSize) {
      chunks.push(ids.slice(i, i + chunkSize));
    }
    type Prepared = Awaited<ReturnType<typeof prepareChunk>>;
    const points = new Map<string, Resolved>();
    let next: Promise<Prepared> | null =
      chunks.length > 0 ? prepareChunk(runId, organisationId, chunks[0] as string[], points) : null;
    /** The previous chunk's rows being stored (then the betweenChunks hook). */
    let storing: Promise<void> | null = null;
    // Let the reads and the store in flight settle before the run is closed, so nothing touches it afterwards.
    const settle = async () => {
      await Promise.all([next?.catch(() => undefined), storing?.catch(() => undefined)]);
    };
    for (let c = 0; c < chunks.length; c += 1) {
      const prepared = await (next as Promise<Prepared>);
      if (closing) {
        await settle();
        await finishRun(db, runId, 'failed', now(), portfolioMessages.interrupted);
        return;
      }
      const solved =
        prepared.sites.length > 0
          ? runWorkerTask(portfolioTasks.optimiseChunk, { dateEffet, overlay, sites: prepared.sites }, { owner })
          : Promise.resolve({ ok: true as const, value: [] as ChunkOutcome[] });
      // The worker has its copy: the chunk's years are not kept while it solves (collected young, ADR 0092).
      prepared.sites = [];
      next = c + 1 < chunks.length ? prepareChunk(runId, organisationId, chunks[c + 1] as string[], points) : null;
      // Awaited at the next turn; a handler now so that a read failing while the worker solves is not an unhandled
      // rejection (the loop's catch still sees it when it awaits `next`).
      next?.catch(() => undefined);
      const result = await solved;
      // The previous chunk stored first: progress moves in order, and its failure fails the run here.
      await storing;
      if (!result.ok) {
        await settle();
        await finishRun(
          db,
          runId,
          'failed',
          now(),
          result.error.kind === 'busy' ? portfolioMessages.workersBusy : portfolioMessages.failed,
        );
        return;
      }
      if (closing) {
        await settle();
        await finishRun(db, runId, 'failed', now(), portfolioMessages.interrupted);
        return;
      }
      if (await lane.run(() => cancelRequested(db, runId))) {
        await settle();
        await finishRun(db, runId, 'cancelled', now());
        return;
      }
      const rows = outcomeRows(runId, prepared.skipped, result.value);
      // Sites deleted since the run started are simply absent (their chunk row was not read).
      const missing = (chunks[c] as string[]).length - rows.length;
      storing = (async () => {
        const recorded = await recordChunk(db, lane, runId, rows, now(), missing);
        await deps.betweenChunks?.(runId, recorded.done);
      })();
      storing.catch(() => undefined);
    }
    await storing;
    await finishRun(db, runId, 'done', now());
  }

  function launch(runId: string, organisationId: string, owner: string, ids: string[], dateEffet: string) {
    const promise = loop(runId, organisationId, owner, ids, dateEffet)
      .catch(async (error: unknown) => {
        deps.log?.error({ err: error, runId }, 'portfolio run failed');
        await finishRun(db, runId, 'failed', now(), portfolioMessages.failed).catch(() => undefined);
      })
      .finally(() => {
        loops.delete(runId);
      });
    loops.set(runId, promise);
  }

  async function authorised(actor: Actor | null, id: string, action: 'read' | 'create') {
    const user = requireUser(actor);
    const row = await findRun(db, id);
    await deps.access.authorise(
      user,
      row ? { organisationId: row.organisationId, userId: row.createdBy } : undefined,
      action,
      notFound,
    );
    return row as NonNullable<typeof row>;
  }

  return {
    /** Starts a run in the active organisation (member and above); 409 while one runs. */
    async start(actor: Actor | null): Promise<PortfolioRun> {
      const user = requireUser(actor);
      const scope = await deps.access.scope(user, 'create');
      const ids = await sitesWithData(db, scope.organisationId);
      if (ids.length === 0) {
        throw new AppError('VALIDATION_FAILED', portfolioMessages.noSites);
      }
      const at = now();
      const id = randomUUID();
      const dateEffet = `${at.toISOString().slice(0, 7)}-01`;
      let row: typeof portfolioRuns.$inferSelect | undefined;
      try {
        [row] = await db
          .insert(portfolioRuns)
          .values({
            id,
            organisationId: scope.organisationId,
            createdBy: user.user.id,
            status: 'running',
            total: ids.length,
            dateEffet,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', portfolioMessages.alreadyRunning);
        }
        throw error;
      }
      launch(id, scope.organisationId, user.user.id, ids, dateEffet);
      return toRun(row as NonNullable<typeof row>);
    },

    async list(actor: Actor | null, query: PageQuery): Promise<PortfolioRunsPage> {
      const user = requireUser(actor);
      const scope = await deps.access.scope(user, 'read');
      const { rows, total } = await listRuns(db, scope.organisationId, query.page, query.pageSize);
      return { items: rows.map(toRun), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: Actor | null, id: string): Promise<PortfolioRun> {
      return toRun(await authorised(actor, id, 'read'));
    },

    /** Asks the run to stop (member and above); it stops before its next chunk. */
    async cancel(actor: Actor | null, id: string): Promise<PortfolioRun> {
      const row = await authorised(actor, id, 'create');
      if (row.status === 'running') {
        await requestCancel(db, id, now());
      }
      return toRun((await findRun(db, id)) ?? row);
    },

    async results(actor: Actor | null, id: string, query: PageQuery): Promise<PortfolioResultsPage> {
      await authorised(actor, id, 'read');
      const [items, total] = await Promise.all([
        rankedResults(db, id, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        countResults(db, id),
      ]);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async export(
      actor: Actor | null,
      id: string,
      format: 'xlsx' | 'pdf',
    ): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const row = await authorised(actor, id, 'read');
      const run = toRun(row);
      const rows = await rankedResults(db, id, { limit: 100_000, offset: 0 });
      const written = await runWorkerTask(
        portfolioTasks.writeExport,
        {
          format,
          title: 'Optimisation du portefeuille',
          subtitle: `Grilles du ${run.dateEffet.split('-').reverse().join('/')} — ${run.sitesOptimised} site${run.sitesOptimised > 1 ? 's' : ''} optimisé${run.sitesOptimised > 1 ? 's' : ''} sur ${run.total}, classés par économie`,
          totals: {
            currentCostEuros: run.currentCostEuros,
            optimisedCostEuros: run.optimisedCostEuros,
            savingsEuros: run.savingsEuros,
          },
          rows,
        },
        { owner: requireUser(actor).user.id },
      );
      if (!written.ok) {
        throw new AppError('SERVICE_UNAVAILABLE', WORKERS_BUSY_MESSAGE);
      }
      const day = run.createdAt.slice(0, 10);
      return {
        bytes: written.value,
        fileName: `portefeuille-${day}.${format}`,
        contentType:
          format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    },

    /**
     * At start: runs a stopped process left « running » are failed with a French sentence (ADR 0077). The app does not
     * await it (a database down at start must not keep /api/health from answering 503), so a run started meanwhile by
     * this process is spared: only runs created before the service are failed.
     */
    recoverInterrupted: () => failInterruptedRuns(db, portfolioMessages.interrupted, now(), startedAt),

    /** Resolves when every run of this process has stopped (tests, close). */
    settled: async () => {
      await Promise.all([...loops.values()]);
    },

    /** Stops the runs after their current chunk (the app's close): they end failed, « interrompue ». */
    close: async () => {
      closing = true;
      await Promise.all([...loops.values()]);
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
