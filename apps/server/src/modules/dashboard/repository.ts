import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';

/**
 * The dashboard's aggregates (issue #24 §4, ADR 0074, 0084): one statement, each part one pass over the organisation's
 * rows through its (organisation_id, …) indexes, none per site. Sums are rounded to the cent by PostgreSQL (numeric).
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
  const org = organisationId;
  const [row] = await rowsOf<{
    sites: number;
    missing: number;
    stale: number;
    cost: number;
    with_result: number;
    savings: number;
    optimised: number;
    done: number;
    anomalies: number;
    recoverable: number;
    active: number;
    expiring: number;
  }>(
    db,
    // One round trip (ADR 0084): the four parts are independent one-row aggregates, cross-joined.
    sql`with
        -- Each site's last data day: the organisation's datasets grouped by PCE once, hash-joined to its sites
        -- (\`last_day\` is kept on write, migration 0025, ADR 0079); no reading is read, nothing is probed per site.
        site_figures as (
          select count(*)::int as sites,
            count(*) filter (where x.last_day is null)::int as missing,
            count(*) filter (where x.last_day < ${days.staleBefore}::date)::int as stale
          from sites s
          left join (
            select d.pce, max(d.last_day) as last_day from consumption_datasets d
            where d.organisation_id = ${org} group by d.pce
          ) x on x.pce = s.pce
          where s.organisation_id = ${org}
        ),
        -- Every result of a site (ADR 0084): optimisations (cost before, saving), simulations (the year's cost kept in
        -- \`annual_network_euros\`, migration 0025; no saving) and the optimised rows of completed portfolio runs
        -- (current cost, saving), a run's rows dated by its end. Skipped sites of a run are no result.
        results as (
          select o.site_id, o.created_at as at, o.id, o.cout_avant as cost, o.economie_annuelle as saving
            from optimisations o where o.organisation_id = ${org} and o.site_id is not null
          union all
          select m.site_id, m.created_at, m.id, m.annual_network_euros, null::float8
            from simulations m where m.organisation_id = ${org} and m.site_id is not null
          union all
          select rs.site_id, r.finished_at, r.id, rs.current_cost_euros, rs.savings_euros
            from portfolio_runs r join portfolio_run_sites rs on rs.run_id = r.id
            where r.organisation_id = ${org} and r.status = 'done' and rs.savings_euros is not null
        ),
        -- Per site, in one sort (ids byte-wise, \`collate "C"\`, ADR 0079): the latest result's cost, and the latest
        -- saving (of an optimisation or a run's row; a later simulation does not hide it). Newest first, then by id.
        per_site as (
          select r.site_id collate "C" as site_id,
            (array_agg(r.cost order by r.at desc, r.id desc))[1] as cost,
            (array_agg(r.saving order by r.at desc, r.id desc) filter (where r.saving is not null))[1] as saving
          from results r group by r.site_id collate "C"
        ),
        result_figures as (
          select ${cents(sql`sum(p.cost)`)} as cost, count(*)::int as with_result,
            ${cents(sql`sum(p.saving) filter (where p.saving > 0)`)} as savings,
            count(*) filter (where p.saving > 0)::int as optimised
          from per_site p join sites on sites.id = p.site_id and sites.organisation_id = ${org}
        ),
        -- Done audits: their \`anomalie\` findings counted by a JSON path (no row per finding) and the over-billed €.
        audit_figures as (
          select count(*)::int as done,
            coalesce(sum(jsonb_array_length(jsonb_path_query_array(a.report,
              'strict $.findings[*] ? (@.severity == "anomalie")', '{}', true))), 0)::int as anomalies,
            ${cents(sql`sum((a.report ->> 'overBilledEuros')::numeric)`)} as recoverable
          from audits a where a.organisation_id = ${org} and a.status = 'done'
        ),
        mandate_figures as (
          select count(*)::int as active,
            count(*) filter (where m.expiry_date >= ${days.today}::date and m.expiry_date <= ${days.mandatesUntil}::date)::int as expiring
          from mandates m where m.organisation_id = ${org} and m.status = 'active'
        )
        select * from site_figures, result_figures, audit_figures, mandate_figures`,
  );
  return {
    sites: Number(row?.sites ?? 0),
    dataMissing: Number(row?.missing ?? 0),
    dataStale: Number(row?.stale ?? 0),
    networkCostEuros: Number(row?.cost ?? 0),
    sitesWithResult: Number(row?.with_result ?? 0),
    savingsEuros: Number(row?.savings ?? 0),
    sitesOptimised: Number(row?.optimised ?? 0),
    auditsDone: Number(row?.done ?? 0),
    anomalies: Number(row?.anomalies ?? 0),
    recoverableEuros: Number(row?.recoverable ?? 0),
    mandatesActive: Number(row?.active ?? 0),
    mandatesExpiringSoon: Number(row?.expiring ?? 0),
  };
}
