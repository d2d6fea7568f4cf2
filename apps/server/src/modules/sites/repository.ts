import { randomUUID } from 'node:crypto';
import { pageOffset, type SiteBody, type SiteListQuery } from '@pilote/contracts';
import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { audits, consumptionDatasets, optimisations, simulations, sites } from '../../db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;

/** Every query of a site reads through this: the organisation is the owner (ADR 0068). */
const inOrganisation = (organisationId: string): SQL => eq(sites.organisationId, organisationId);

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A consumption dataset of the organisation for the site's PCE whose last measured or estimated day
 * (`consumption_datasets.last_day`, kept on write by a trigger on the readings, migration 0025, ADR 0079) matches
 * `dayCondition`. Written as (NOT) EXISTS so that PostgreSQL joins the organisation's datasets once (hash (anti)
 * join) instead of probing per site; no reading is read.
 */
const datasetWhere = (dayCondition: SQL): SQL =>
  sql`exists (select 1 from ${consumptionDatasets} d where d.organisation_id = ${sites.organisationId} and d.pce = ${sites.pce} and ${dayCondition})`;

/**
 * Sites whose data is missing (no measured or estimated day) / stale (the last one older than `staleBefore`,
 * YYYY-MM-DD) / either: the dashboard's links, with the dashboard's counts' meaning (dashboard/repository.ts).
 */
export function siteDataCondition(filter: NonNullable<SiteListQuery['data']>, staleBefore: string): SQL {
  const any = datasetWhere(sql`d.last_day is not null`);
  const fresh = datasetWhere(sql`d.last_day >= ${staleBefore}::date`);
  if (filter === 'missing') {
    return sql`not ${any}`;
  }
  if (filter === 'stale') {
    return sql`(${any} and not ${fresh})`;
  }
  return sql`not ${fresh}`;
}

function listFilter(organisationId: string, query: SiteListQuery, staleBefore?: string): SQL {
  const filters: SQL[] = [inOrganisation(organisationId)];
  if (query.q) {
    const pattern = likeContains(query.q);
    const digits = query.q.replace(/\s/g, '');
    const byName = sql`${sites.name} ilike ${pattern}`;
    filters.push(/^\d+$/.test(digits) ? (or(byName, sql`${sites.pce} like ${likeContains(digits)}`) as SQL) : byName);
  }
  if (query.tag) {
    filters.push(sql`${sites.tags} @> array[${query.tag}]::text[]`);
  }
  if (query.option) {
    filters.push(eq(sites.option, query.option));
  }
  if (query.data && staleBefore) {
    filters.push(siteDataCondition(query.data, staleBefore));
  }
  return and(...filters) as SQL;
}

/**
 * The order of each sort, ending with the id so that pages never overlap. Each begins like an index of the table
 * (organisation_id, name | pce | created_at …): PostgreSQL walks the index and stops at the page (ADR 0068).
 */
const ORDERS: Record<SiteListQuery['sort'], SQL[]> = {
  name: [asc(sites.name), asc(sites.id)],
  '-name': [desc(sites.name), desc(sites.id)],
  pce: [asc(sites.pce)],
  '-pce': [desc(sites.pce)],
  createdAt: [asc(sites.createdAt), asc(sites.id)],
  '-createdAt': [desc(sites.createdAt), desc(sites.id)],
};

export async function listSites(
  db: Executor,
  organisationId: string,
  query: SiteListQuery,
  staleBefore?: string,
): Promise<{ rows: SiteRow[]; total: number }> {
  const where = listFilter(organisationId, query, staleBefore);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sites)
      .where(where)
      .orderBy(...ORDERS[query.sort])
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(sites).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A site by id, whatever its organisation: the caller's membership is checked next (ADR 0066). */
export async function findSiteById(db: Executor, id: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return row;
}

function columnsOf(body: SiteBody) {
  return {
    name: body.name,
    pce: body.pce,
    address: body.address,
    pointType: body.pointType,
    pointCode: body.pointCode,
    option: body.option,
    profile: body.profile,
    car: body.car,
    cja: body.cja,
    ntr: body.ntr,
    supplier: body.supplier,
    contractEndDate: body.contractEndDate,
    tags: body.tags,
  };
}

/** The new site, or null when the organisation already has a site with this PCE. */
export async function insertSite(
  db: Executor,
  organisationId: string,
  userId: string,
  body: SiteBody,
  at: Date,
): Promise<SiteRow | null> {
  const [row] = await db
    .insert(sites)
    .values({ id: randomUUID(), organisationId, createdBy: userId, createdAt: at, updatedAt: at, ...columnsOf(body) })
    .onConflictDoNothing({ target: [sites.organisationId, sites.pce] })
    .returning();
  return row ?? null;
}

/** Inserts the rows whose PCE is still free; returns how many were inserted. */
export async function insertSites(
  db: Executor,
  organisationId: string,
  userId: string,
  bodies: readonly SiteBody[],
  at: Date,
): Promise<number> {
  let inserted = 0;
  // 500 rows × 17 columns per statement stays far below PostgreSQL's 65 535 parameters.
  for (let start = 0; start < bodies.length; start += 500) {
    const rows = await db
      .insert(sites)
      .values(
        bodies.slice(start, start + 500).map((body) => ({
          id: randomUUID(),
          organisationId,
          createdBy: userId,
          createdAt: at,
          updatedAt: at,
          ...columnsOf(body),
        })),
      )
      .onConflictDoNothing({ target: [sites.organisationId, sites.pce] })
      .returning({ id: sites.id });
    inserted += rows.length;
  }
  return inserted;
}

/** 'taken' when another site of the organisation has the new PCE; undefined when the site is not there. */
export async function updateSite(
  db: Executor,
  organisationId: string,
  id: string,
  body: SiteBody,
  at: Date,
): Promise<SiteRow | 'taken' | undefined> {
  const [clash] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(inOrganisation(organisationId), eq(sites.pce, body.pce), sql`${sites.id} <> ${id}`))
    .limit(1);
  if (clash) {
    return 'taken';
  }
  const [row] = await db
    .update(sites)
    .set({ ...columnsOf(body), updatedAt: at })
    .where(and(eq(sites.id, id), inOrganisation(organisationId)))
    .returning();
  return row;
}

export async function deleteSite(db: Executor, organisationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(sites)
    .where(and(eq(sites.id, id), inOrganisation(organisationId)))
    .returning({ id: sites.id });
  return rows.length > 0;
}

/** Which of `pces` the organisation already has (index organisation_id, pce). */
export async function existingPces(
  db: Executor,
  organisationId: string,
  pces: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < pces.length; start += 1000) {
    const rows = await db
      .select({ pce: sites.pce })
      .from(sites)
      .where(and(inOrganisation(organisationId), inArray(sites.pce, pces.slice(start, start + 1000))));
    for (const row of rows) {
      found.add(row.pce);
    }
  }
  return found;
}

/** Every site of the organisation, by name (the export). */
export async function allSites(db: Executor, organisationId: string): Promise<SiteRow[]> {
  return db.select().from(sites).where(inOrganisation(organisationId)).orderBy(asc(sites.name), asc(sites.id));
}

// ---- a site's activity ------------------------------------------------------------------------------------

const ACTIVITY_LIMIT = 20;

/** The site's simulations, newest first (index site_id, created_at), in the history list's columns. */
export async function siteSimulations(db: Database, siteId: string) {
  return db
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
    .where(eq(simulations.siteId, siteId))
    .orderBy(desc(simulations.createdAt), desc(simulations.id))
    .limit(ACTIVITY_LIMIT);
}

const { input: _input, result: _result, ...optimisationSummaryColumns } = getTableColumns(optimisations);

export async function siteOptimisations(db: Database, siteId: string) {
  return db
    .select({ ...optimisationSummaryColumns, detailKept: sql<boolean>`${optimisations.result} is not null` })
    .from(optimisations)
    .where(eq(optimisations.siteId, siteId))
    .orderBy(desc(optimisations.createdAt), desc(optimisations.id))
    .limit(ACTIVITY_LIMIT);
}

/** Audits saved to the site, and the organisation's audits of an invoice for the site's PCE. */
export async function siteAudits(db: Database, siteId: string, pce: string, organisationId: string) {
  return db
    .select({
      id: audits.id,
      fileName: audits.fileName,
      status: audits.status,
      createdAt: audits.createdAt,
      report: audits.report,
    })
    .from(audits)
    .where(
      or(
        eq(audits.siteId, siteId),
        and(eq(audits.organisationId, organisationId), sql`${audits.invoice}->'point'->>'pce' = ${pce}`),
      ),
    )
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(ACTIVITY_LIMIT);
}

/** The organisation's newest consumption dataset of the PCE (index organisation_id, pce). */
export async function latestDataset(db: Database, organisationId: string, pce: string) {
  const [row] = await db
    .select({ id: consumptionDatasets.id, label: consumptionDatasets.label, createdAt: consumptionDatasets.createdAt })
    .from(consumptionDatasets)
    .where(and(eq(consumptionDatasets.organisationId, organisationId), eq(consumptionDatasets.pce, pce)))
    .orderBy(desc(consumptionDatasets.createdAt))
    .limit(1);
  return row;
}

/** Saves the organisation's audit to the site (« Rattacher à un site »); false when the organisation has no such audit. */
export async function attachAudit(
  db: Executor,
  organisationId: string,
  siteId: string,
  auditId: string,
): Promise<boolean> {
  const rows = await db
    .update(audits)
    .set({ siteId })
    .where(and(eq(audits.id, auditId), eq(audits.organisationId, organisationId)))
    .returning({ id: audits.id });
  return rows.length > 0;
}
