/**
 * GET /api/dashboard/'s server time at scale (issue #24 §5, ADR 0074): one organisation with SITES sites (default
 * 10 000), one consumption dataset of DAYS days per site (default 30 — short; the lead runs DAYS=365), one
 * optimisation per site, a completed portfolio run over the sites with data (newer than the optimisations), and a
 * simulation for one site in five (the latest for those), 1 000 done audits, 200 active mandates; another
 * organisation of the same size is not read. Times `dashboardFigures` (the service's SQL, PGlite in the process as the
 * default server) ROUNDS times after a warm-up and prints p50 / p95, and
 * the sites list the dashboard's « data » card opens (page 1 by name, ?data=missing-or-stale) the same way; with
 * PGlite it also prints the dashboard's CPU time in this process (the engine runs in it), which a loaded machine does
 * not inflate as it does the wall time.
 * BENCH_DASHBOARD_DIR keeps the seeded database (a later run reuses it and migrates it first); BENCH_DATABASE_URL
 * runs on PostgreSQL instead (an empty database).
 *
 *   npx tsx bench/dashboard.ts            # SITES=10000 DAYS=30 ROUNDS=20
 *   SITES=10000 DAYS=365 ROUNDS=50 npx tsx bench/dashboard.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { openAndMigrate } from '../apps/server/src/db/open-configured.ts';
import { insertVerifiedUser } from '../apps/server/src/modules/admin/repository.ts';
import { dashboardFigures } from '../apps/server/src/modules/dashboard/repository.ts';
import { addDays, parisDay } from '../apps/server/src/modules/mandates/dates.ts';
import { listSites } from '../apps/server/src/modules/sites/repository.ts';

const SITES = Number(process.env.SITES ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 30);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const kept = process.env.BENCH_DASHBOARD_DIR;
const dir = kept ?? mkdtempSync(path.join(tmpdir(), 'bench-dashboard-'));
// BENCH_DATABASE_URL: a PostgreSQL database instead of PGlite (its plans read with EXPLAIN, ADR 0079).
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});
const handle = await openAndMigrate(config, 'bench', { thread: false });
const db = handle.db;

async function organisationOf(label: string): Promise<{ userId: string; organisationId: string }> {
  const user = await insertVerifiedUser(db, {
    email: `${label}@exemple.fr`,
    name: label,
    role: 'user',
    passwordHash: 'x',
  });
  const [row] = await rowsOf<{ organisation_id: string }>(
    db,
    sql`select organisation_id from organisation_members where user_id = ${user.id} limit 1`,
  );
  return { userId: user.id, organisationId: row?.organisation_id as string };
}

const today = parisDay(new Date());

async function seed(label: string, prefix: number) {
  const { userId, organisationId } = await organisationOf(label);
  const o = organisationId;
  await db.execute(sql`insert into sites (id, organisation_id, created_by, name, pce, tags, created_at, updated_at)
    select ${label} || '-s' || i, ${o}, ${userId}, 'Site ' || lpad(i::text, 5, '0'), ${String(prefix)} || lpad(i::text, 13, '0'), '{}', now(), now()
    from generate_series(1, ${SITES}) i`);
  // 9 sites in 10 have data; one in 5 of those stops 60 days ago (stale).
  await db.execute(sql`insert into consumption_datasets (id, user_id, organisation_id, pce, source_format, unit)
    select ${label} || '-d' || i, ${userId}, ${o}, ${String(prefix)} || lpad(i::text, 13, '0'), 'simple', 'kWh'
    from generate_series(1, ${SITES}) i where i % 10 <> 0`);
  await db.execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
    select ${label} || '-d' || i, (${today}::date - (case when i % 5 = 0 then 60 else 1 end) - d), 1000, 'mesure'
    from generate_series(1, ${SITES}) i, generate_series(0, ${DAYS - 1}) d where i % 10 <> 0`);
  await db.execute(sql`insert into optimisations (id, user_id, organisation_id, code, commune, tso, tarif, date_effet,
      cja_actuelle, cja_optimisee, economie_annuelle, pourcentage_economie, cout_avant, cout_apres, series_estimated,
      has_estimates, site_id, created_at)
    select ${label} || '-o' || i, ${userId}, ${o}, 'GD1057', 'Laval', 'NaTran', 'T4', '2026-07-01', 100, 90,
      (i % 1000) + 0.25, 1, 100000 + i, 99000 + i, false, false, ${label} || '-s' || i, now() - interval '1 day'
    from generate_series(1, ${SITES}) i`);
  await db.execute(sql`insert into simulations (id, user_id, organisation_id, point_de_reseau, input, result, grid_dates,
      date_effet, used_sample_data, site_id, created_at)
    select ${label} || '-m' || i, ${userId}, ${o}, 'GD1057', '{}', json_build_object('annuel', json_build_object('totalFixe', 50000 + i), 'lignes', (select json_agg(k) from generate_series(1, 200) k)), '{}',
      '2026-07-01', false, ${label} || '-s' || i, now()
    from generate_series(1, ${SITES}) i where i % 5 = 0`);
  await db.execute(sql`insert into audits (id, user_id, organisation_id, file_name, declared_mime, format, size_bytes,
      storage_uri, status, report)
    select ${label} || '-a' || i, ${userId}, ${o}, 'f.pdf', 'application/pdf', 'pdf', 1000, 'local://' || ${label} || i, 'done',
      jsonb_build_object('overBilledEuros', 12.34, 'findings', jsonb_build_array(jsonb_build_object('severity', 'anomalie'), jsonb_build_object('severity', 'alerte')))
    from generate_series(1, 1000) i`);
  await db.execute(sql`insert into mandates (id, user_id, organisation_id, kind, energy_type, manager, status,
      authorized_consumption_data, authorized_technical_data, authorized_contractual_data, authorized_load_curve,
      duration_months, expiry_date, consent_text_version)
    select ${label} || '-n' || i, ${userId}, ${o}, 'simple', 'gas', 'GRDF', 'active', true, true, false, false, 12,
      ${today}::date + (i % 90), 'bench'
    from generate_series(1, 200) i`);
  await seedRun(label, organisationId);
  await db.execute(sql`analyze`);
  return organisationId;
}

/**
 * A completed « Optimiser tout le portefeuille » run over the sites with data (9 in 10), ended an hour ago: after the
 * optimisations (a day ago), before the simulations (now). Added to a kept database seeded before it existed.
 */
async function seedRun(label: string, organisationId: string) {
  const run = `${label}-run`;
  await db.execute(sql`insert into portfolio_runs (id, organisation_id, status, total, done, date_effet, sites_optimised,
      created_at, updated_at, finished_at)
    values (${run}, ${organisationId}, 'done', ${SITES - SITES / 10}, ${SITES - SITES / 10}, '2026-07-01', ${SITES - SITES / 10},
      now() - interval '61 minutes', now() - interval '1 hour', now() - interval '1 hour')`);
  await db.execute(sql`insert into portfolio_run_sites (run_id, site_id, cja_actuelle, cja_optimisee, current_cost_euros,
      optimised_cost_euros, savings_euros)
    select ${run}, ${label} || '-s' || i, 100, 90, 100000 + i, 100000 + i - ((i % 500) + 0.5), (i % 500) + 0.5
    from generate_series(1, ${SITES}) i where i % 10 <> 0`);
}

try {
  const seeding = performance.now();
  const reuse = kept
    ? await rowsOf<{ organisation_id: string }>(db, sql`select organisation_id from sites where id = 'bench-a-s1'`)
    : [];
  const organisationId = reuse[0]?.organisation_id ?? (await seed('bench-a', 1));
  if (!reuse[0]) {
    await seed('bench-b', 2);
  } else if ((await rowsOf(db, sql`select 1 from portfolio_runs where id = 'bench-a-run'`)).length === 0) {
    await seedRun('bench-a', organisationId);
    await seedRun(
      'bench-b',
      (await rowsOf<{ o: string }>(db, sql`select organisation_id as o from sites where id = 'bench-b-s1'`))[0]
        ?.o as string,
    );
    await db.execute(sql`analyze`);
  }
  console.log(
    `seed: ${SITES} sites × ${DAYS} days × 2 organisations in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const days = { today, staleBefore: addDays(today, -45), mandatesUntil: addDays(today, 30) };
  const first = await dashboardFigures(db, organisationId, days);
  console.log(JSON.stringify(first));
  // The dashboard, and the sites list its « data » card leads to (page 1 by name, ?data=missing-or-stale), alternated.
  const list = { page: 1, pageSize: 50, sort: 'name', data: 'missing-or-stale' } as const;
  const listed = await listSites(db, organisationId, list, days.staleBefore);
  console.log(`sites list ?data=${list.data}: ${listed.total} sites, page of ${listed.rows.length}`);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const listTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await dashboardFigures(db, organisationId, days);
    times.push(performance.now() - start);
    // PGlite runs in this thread here: the process's CPU time is the statement's, whatever the machine's load.
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    const listStart = performance.now();
    await listSites(db, organisationId, list, days.staleBefore);
    listTimes.push(performance.now() - listStart);
  }
  const summary = (values: number[]) => {
    values.sort((a, b) => a - b);
    const at = (q: number) => values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? Number.NaN;
    return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
  };
  console.log(`dashboardFigures, ${ROUNDS} rounds: ${summary(times)}`);
  console.log(`dashboardFigures CPU time (this process): ${summary(cpuTimes)}`);
  console.log(`listSites ?data=${list.data}, ${ROUNDS} rounds: ${summary(listTimes)}`);
} finally {
  await handle.close();
  if (!kept) {
    rmSync(dir, { recursive: true, force: true });
  }
}
