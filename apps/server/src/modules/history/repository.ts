import { and, count, desc, eq, getTableColumns, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optimisations, portfolioRuns, simulations } from '../../db/schema.ts';

/**
 * Who stored results belong to: an organisation (ADR 0066; `user_id` is who made it). THE place that says it is
 * {@link ownedBy} — every list below filters through it; a row read by id is authorised by the service.
 */
export interface Owner {
  organisationId: string;
}

/** The owner filter of every history list. */
function ownedBy(table: typeof simulations | typeof optimisations, owner: Owner): SQL {
  return eq(table.organisationId, owner.organisationId);
}

/** One row of the simulations' history list, read inside the stored json without the ~17 kB result. */
export interface SimulationHistoryRow {
  id: string;
  createdAt: Date;
  pointDeReseau: string;
  code: string | null;
  commune: string | null;
  dso: string | null;
  tso: string | null;
  tarif: string | null;
  dateEffet: string;
  /** Sum of the lines' yearly amounts, as PostgreSQL's numeric text (exact sum of the stored doubles). */
  totalAnnuel: string | null;
  usedSampleData: boolean;
}

export async function listSimulations(
  db: Database,
  owner: Owner,
  page: { limit: number; offset: number },
): Promise<{ rows: SimulationHistoryRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: simulations.id,
        createdAt: simulations.createdAt,
        pointDeReseau: simulations.pointDeReseau,
        code: sql<string | null>`${simulations.input}->'form'->>'code'`,
        commune: sql<string | null>`${simulations.input}->'form'->>'commune'`,
        dso: sql<string | null>`${simulations.input}->'form'->>'dso'`,
        tso: sql<string | null>`${simulations.input}->'form'->>'tso'`,
        tarif: sql<string | null>`${simulations.input}->'form'->>'tarif'`,
        dateEffet: simulations.dateEffet,
        totalAnnuel: sql<
          string | null
        >`(select sum((line->>'annualAmount')::numeric)::text from json_array_elements(${simulations.result}->'lignes') as line)`,
        usedSampleData: simulations.usedSampleData,
      })
      .from(simulations)
      .where(ownedBy(simulations, owner))
      .orderBy(desc(simulations.createdAt), desc(simulations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(simulations).where(ownedBy(simulations, owner)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export type StoredSimulationRow = typeof simulations.$inferSelect;

/** A simulation by id, whatever its organisation: the service authorises it (ADR 0066). */
export async function findSimulationById(db: Database, id: string): Promise<StoredSimulationRow | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).limit(1);
  return row;
}

/** Deletes the owner's simulation (its PDFs go with it, `on delete cascade`); false when there was none. */
export async function deleteOwnSimulation(db: Database, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(simulations)
    .where(and(eq(simulations.id, id), ownedBy(simulations, owner)))
    .returning({ id: simulations.id });
  return rows.length > 0;
}

export type StoredOptimisationRow = typeof optimisations.$inferSelect;
/** A stored optimisation without its request and answer (ADR 0064): what the list shows. */
export type OptimisationSummaryRow = Omit<StoredOptimisationRow, 'input' | 'result'> & { detailKept: boolean };

const { input: _input, result: _result, ...optimisationSummaryColumns } = getTableColumns(optimisations);

/** The list reads the summary columns only: the stored answers (tens of kB each) stay in the table. */
export async function listOptimisations(
  db: Database,
  owner: Owner,
  page: { limit: number; offset: number },
): Promise<{ rows: OptimisationSummaryRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({ ...optimisationSummaryColumns, detailKept: sql<boolean>`${optimisations.result} is not null` })
      .from(optimisations)
      .where(ownedBy(optimisations, owner))
      .orderBy(desc(optimisations.createdAt), desc(optimisations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(optimisations).where(ownedBy(optimisations, owner)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** An optimisation by id, whatever its organisation: the service authorises it (ADR 0066). */
export async function findOptimisationById(db: Database, id: string): Promise<StoredOptimisationRow | undefined> {
  const [row] = await db.select().from(optimisations).where(eq(optimisations.id, id)).limit(1);
  return row;
}

export async function deleteOwnOptimisation(db: Database, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(optimisations)
    .where(and(eq(optimisations.id, id), ownedBy(optimisations, owner)))
    .returning({ id: optimisations.id });
  return rows.length > 0;
}

/**
 * The retention rule (ADR 0064, 0084): deletes every stored simulation and optimisation made before `before`, whoever
 * owns it, and every portfolio run that ended before it (its sites' rows with it, `on delete cascade`; a run still
 * running is never deleted). Returns how many of each went.
 */
export async function deleteResultsBefore(
  db: Database,
  before: Date,
): Promise<{ simulations: number; optimisations: number; portfolioRuns: number }> {
  const gone = await db.delete(simulations).where(lt(simulations.createdAt, before)).returning({ id: simulations.id });
  const goneOptimisations = await db
    .delete(optimisations)
    .where(lt(optimisations.createdAt, before))
    .returning({ id: optimisations.id });
  const goneRuns = await db
    .delete(portfolioRuns)
    .where(and(ne(portfolioRuns.status, 'running'), lt(portfolioRuns.finishedAt, before)))
    .returning({ id: portfolioRuns.id });
  return { simulations: gone.length, optimisations: goneOptimisations.length, portfolioRuns: goneRuns.length };
}

/**
 * « Recalculer » keeps the site (ADR 0064, 0079): the new result is saved to the recalculated one's site when that
 * site is still in the result's organisation (a site is never moved; a deleted one is null already).
 */
export async function keepSite(
  db: Database,
  table: typeof simulations | typeof optimisations,
  id: string,
  siteId: string | null,
  organisationId: string,
): Promise<void> {
  if (siteId === null) {
    return;
  }
  await db
    .update(table)
    .set({ siteId })
    .where(
      and(
        eq(table.id, id),
        eq(table.organisationId, organisationId),
        sql`exists (select 1 from sites where sites.id = ${siteId} and sites.organisation_id = ${organisationId})`,
      ),
    );
}
