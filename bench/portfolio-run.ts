/**
 * « Optimiser tout le portefeuille » end to end (issue #24 §5, ADR 0077): the real app of this worktree on an
 * in-memory PGlite (as the default server), one organisation with SITES sites (default 10 000; PITD GD1057, T4, a CJA
 * per site) and DAYS days of readings each (default 365, seeded by generate_series). Measures:
 * - the run: POST /api/dashboard/portfolio-optimisations/ until the run is `done` (chunks of 200 read from the
 *   database, optimised in the worker pool, stored), with its progress steps;
 * - a light route's latency (GET /api/health through app.inject, one every INTERVAL_MS) for the same duration with
 *   no run (idle), then while the run goes: p50 / p99 and their ratio (the goal: busy p99 ≤ 2 × idle p99).
 * (bench/portfolio.ts is the solver alone over worker threads, issue 10 §6.)
 *
 *   npx tsx bench/portfolio-run.ts                          # SITES=10000 DAYS=365, this worktree's server
 *   RUNS=3 npx tsx bench/portfolio-run.ts                   # three runs on the same data, probes pooled
 *   BENCH_BASELINE=<commit> npx tsx bench/portfolio-run.ts  # the same on that commit's server sources
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { extractBaseline } from './baseline.ts';

// BENCH_BASELINE=<commit>: the server sources of that commit (bench/baseline.ts), to measure "before" side by side.
const baseline = process.env.BENCH_BASELINE ? extractBaseline(process.env.BENCH_BASELINE) : null;
const root = baseline?.root ?? path.join(import.meta.dirname, '..');
const server = (file: string) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;
console.log(
  `server sources: ${baseline ? `baseline ${baseline.label}` : 'this worktree'}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const { buildApp } = await import(server('app.ts'));
const { loadConfig } = await import(server('config/env.ts'));
const { openDatabase, rowsOf } = await import(server('db/client.ts'));
const { runMigrations } = await import(server('db/migrate.ts'));
const { insertVerifiedUser } = await import(server('modules/admin/repository.ts'));
const { createPasswordHasher } = await import(server('modules/auth/password.ts'));

const SITES = Number(process.env.SITES ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 10);
const PASSWORD = 'Correct-Horse-9';
const ORIGIN = 'http://127.0.0.1';

// PGlite in its worker thread, as the server runs it (ADR 0042): the light route crosses it too (GET /api/health pings it).
const handle = await openDatabase({ pgliteThread: true });
await runMigrations(handle);
const db = handle.db;
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pe-bench-portfolio-')),
  AUTH_RATE_LIMIT_MAX: '10000',
  LOG_LEVEL: 'warn',
  // WORKER_TASK_NICE=0: the pool's threads at the server's priority (before ADR 0091); ignored by older sources.
  ...(process.env.WORKER_TASK_NICE ? { WORKER_TASK_NICE: process.env.WORKER_TASK_NICE } : {}),
});
// The app's errors on stderr (a run that fails logs why: « portfolio run failed »).
const app = await buildApp({
  config,
  database: handle,
  secret: randomBytes(32).toString('hex'),
  logger: { level: 'error' },
});
await app.ready();

const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
const user = await insertVerifiedUser(db, { email: 'bench@exemple.fr', name: 'Bench', role: 'user', passwordHash });
const [membership] = (await rowsOf(
  db,
  sql`select organisation_id from organisation_members where user_id = ${user.id} limit 1`,
)) as { organisation_id: string }[];
const org = membership?.organisation_id as string;

let t0 = performance.now();
await db.execute(sql`insert into sites (id, organisation_id, created_by, name, pce, point_type, point_code, option, cja, tags)
  select 'site-' || i, ${org}, ${user.id}, 'Site ' || i, lpad(i::text, 14, '0'), 'PITD', 'GD1057', 'T4', 80 + (i % 60), '{}'
  from generate_series(1, ${SITES}) i`);
await db.execute(sql`insert into consumption_datasets (id, user_id, organisation_id, pce, source_format, unit)
  select 'ds-' || i, ${user.id}, ${org}, lpad(i::text, 14, '0'), 'simple', 'kWh' from generate_series(1, ${SITES}) i`);
await db.execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
  select 'ds-' || i, date '2025-10-01' + d, round(60000 + 40000 * cos(2 * pi() * (d + 92) / 365) + (i % 97) * 100), 'mesure'
  from generate_series(1, ${SITES}) i, generate_series(0, ${DAYS - 1}) d`);
console.log(`seeded ${SITES} sites × ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const csrf = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
const csrfCookie = csrf.cookies.find((c: { name: string }) => c.name === 'pe_csrf');
const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { 'x-csrftoken': csrfToken, cookie: `pe_csrf=${csrfCookie?.value}`, origin: ORIGIN },
  payload: { email: 'bench@exemple.fr', password: PASSWORD },
});
const cookie = [
  `pe_csrf=${csrfCookie?.value}`,
  ...signIn.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`),
].join('; ');
const headers = { cookie, 'x-csrftoken': csrfToken, origin: ORIGIN };

/** GET /api/health latencies, one request every INTERVAL_MS until `until()` says stop. */
async function probe(until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const start = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    out.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  return out;
}
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** POST start; a 503 of the load shield (under-pressure, right after the seed on a busy machine) is retried. */
async function start() {
  for (let attempt = 0; ; attempt += 1) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/dashboard/portfolio-optimisations/',
      headers,
      payload: {},
    });
    if (r.statusCode !== 503 || attempt >= 60) {
      return r;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// The worker threads warmed (the first task loads the optimiser), as a server that has run before.
const warm = await start();
if (warm.statusCode !== 202) {
  throw new Error(`start: ${warm.statusCode} ${warm.body}`);
}
await app.portfolio.settled();
const warmRun = JSON.parse(warm.body) as { id: string };
await db.execute(sql`delete from portfolio_runs where id = ${warmRun.id}`);

// Idle latencies, then the run with the same probe; RUNS runs (default 1), each after its own idle period, their
// probes pooled (one run of 3 000 sites gives about a hundred busy probes: its p99 is nearly its maximum).
const RUNS = Number(process.env.RUNS ?? 1);
const idle: number[] = [];
const busy: number[] = [];
for (let r = 0; r < RUNS; r += 1) {
  let runMs = 0;
  const idleEnd = performance.now() + 5000;
  idle.push(...(await probe(() => performance.now() > idleEnd)));
  t0 = performance.now();
  const started = await start();
  const run = JSON.parse(started.body) as { id: string };
  let finished = false;
  const steps: string[] = [];
  const settled = app.portfolio.settled().then(() => {
    runMs = performance.now() - t0;
    finished = true;
  });
  const poll = (async () => {
    while (!finished) {
      const r = await app.inject({ method: 'GET', url: `/api/dashboard/portfolio-optimisations/${run.id}`, headers });
      const body = JSON.parse(r.body) as { done: number; total: number };
      steps.push(`${((performance.now() - t0) / 1000).toFixed(1)} s: ${body.done}/${body.total}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const runProbes = await probe(() => finished);
  busy.push(...runProbes);
  await settled;
  await poll;
  const final = JSON.parse(
    (await app.inject({ method: 'GET', url: `/api/dashboard/portfolio-optimisations/${run.id}`, headers })).body,
  ) as Record<string, unknown>;
  console.log(
    `run: ${(runMs / 1000).toFixed(2)} s, status ${final.status}${final.message ? ` (${final.message})` : ''}, ${final.done}/${final.total}, optimised ${final.sitesOptimised}, skipped ${final.sitesSkipped}, savings ${final.savingsEuros} €/an; health p99 during it ${pct(runProbes, 99).toFixed(2)} ms`,
  );
  console.log(`progress: ${steps.join(' | ')}`);
  if (r + 1 < RUNS) {
    await db.execute(sql`delete from portfolio_runs where id = ${run.id}`);
  }
}
console.log(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `GET /api/health idle: p50 ${pct(idle, 50).toFixed(2)} ms, p99 ${pct(idle, 99).toFixed(2)} ms (${idle.length}); during the run${RUNS > 1 ? `s (${RUNS})` : ''}: p50 ${pct(busy, 50).toFixed(2)} ms, p99 ${pct(busy, 99).toFixed(2)} ms (${busy.length}); p99 ratio ${(pct(busy, 99) / pct(idle, 99)).toFixed(2)}`,
);
await app.close();
await handle.close();
