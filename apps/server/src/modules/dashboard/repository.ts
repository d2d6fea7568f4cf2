import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';

/**
 * The dashboard's aggregates (issue #24 §4, ADR 0074): four statements, each one pass over the organisation's rows
 * through its (organisation_id, …) indexes, none per site. Sums are rounded to the cent by PostgreSQL (numeric).
 */
export interface DashboardFigures {
  sites: number;
  dataMissing: number;
  dataStale: number;
  networkCostEuros: number;
  sitesWithResult: number;
  savingsEuros: number;
  sitesOptimised: number;
  auditsDone: number;
  anomalies: number;
  recoverableEuros: number;
  mandatesActive: number;
  mandatesExpiringSoon: number;
}

const cents = (value: SQL): SQL => sql`coalesce(round((${value})::numeric, 2), 0)::float8`;

export async function dashboardFigures(
  db: Executor,
  organisationId: string,
  days: { today: string; staleBefore: string; mandatesUntil: string },
): Promise<DashboardFigures> {
  // Each site's last data day: the organisation's datasets grouped by PCE once, hash-joined to its sites
  // (`last_day` is kept on write, migration 0025, ADR 0079); no reading is read, nothing is probed per site.
  const [sitesRow] = await rowsOf<{ sites: number; missing: number; stale: number }>(
    db,
    sql`select count(*)::int as sites,
          count(*) filter (where x.last_day is null)::int as missing,
          count(*) filter (where x.last_day < ${days.staleBefore}::date)::int as stale
        from sites s
        left join (
          select d.pce, max(d.last_day) as last_day from consumption_datasets d
          where d.organisation_id = ${organisationId} group by d.pce
        ) x on x.pce = s.pce
        where s.organisation_id = ${organisationId}`,
  );
  // The latest result of each site of the organisation (simulation or optimisation, newest first, then by id); a
  // simulation's yearly cost is its `annual_network_euros` column, written with it (migration 0025, ADR 0079). Ids
  // are sorted byte-wise (`collate "C"`): the same groups, without the locale's comparison (ADR 0079).
  const [resultsRow] = await rowsOf<{ cost: number; with_result: number; savings: number; optimised: number }>(
    db,
    sql`with latest as (
          select distinct on (r.site_id collate "C") r.site_id, r.kind, r.id, r.cost
          from (
            select o.site_id, o.created_at, o.id, 'optimisation' as kind, o.cout_avant as cost
              from optimisations o where o.organisation_id = ${organisationId} and o.site_id is not null
            union all
            select s.site_id, s.created_at, s.id, 'simulation' as kind, s.annual_network_euros as cost
              from simulations s where s.organisation_id = ${organisationId} and s.site_id is not null
          ) r
          join sites on sites.id = r.site_id and sites.organisation_id = ${organisationId}
          order by r.site_id collate "C", r.created_at desc, r.id desc
        ),
        latest_optimisation as (
          select distinct on (o.site_id collate "C") o.economie_annuelle
          from optimisations o
          join sites on sites.id = o.site_id and sites.organisation_id = ${organisationId}
          where o.organisation_id = ${organisationId}
          order by o.site_id collate "C", o.created_at desc, o.id desc
        )
        select
          ${cents(sql`(select sum(l.cost) from latest l)`)} as cost,
          (select count(*) from latest)::int as with_result,
          ${cents(sql`(select sum(economie_annuelle) from latest_optimisation where economie_annuelle > 0)`)} as savings,
          (select count(*) from latest_optimisation where economie_annuelle > 0)::int as optimised`,
  );
  const [auditsRow] = await rowsOf<{ done: number; anomalies: number; recoverable: number }>(
    db,
    sql`select count(*)::int as done,
          coalesce(sum((select count(*) from jsonb_array_elements(case when jsonb_typeof(a.report -> 'findings') = 'array' then a.report -> 'findings' else '[]'::jsonb end) f where f ->> 'severity' = 'anomalie')), 0)::int as anomalies,
          ${cents(sql`sum((a.report ->> 'overBilledEuros')::numeric)`)} as recoverable
        from audits a where a.organisation_id = ${organisationId} and a.status = 'done'`,
  );
  const [mandatesRow] = await rowsOf<{ active: number; expiring: number }>(
    db,
    sql`select count(*)::int as active,
          count(*) filter (where m.expiry_date >= ${days.today}::date and m.expiry_date <= ${days.mandatesUntil}::date)::int as expiring
        from mandates m where m.organisation_id = ${organisationId} and m.status = 'active'`,
  );
  return {
    sites: Number(sitesRow?.sites ?? 0),
    dataMissing: Number(sitesRow?.missing ?? 0),
    dataStale: Number(sitesRow?.stale ?? 0),
    networkCostEuros: Number(resultsRow?.cost ?? 0),
    sitesWithResult: Number(resultsRow?.with_result ?? 0),
    savingsEuros: Number(resultsRow?.savings ?? 0),
    sitesOptimised: Number(resultsRow?.optimised ?? 0),
    auditsDone: Number(auditsRow?.done ?? 0),
    anomalies: Number(auditsRow?.anomalies ?? 0),
    recoverableEuros: Number(auditsRow?.recoverable ?? 0),
    mandatesActive: Number(mandatesRow?.active ?? 0),
    mandatesExpiringSoon: Number(mandatesRow?.expiring ?? 0),
  };
}
