/**
 * « Optimiser tout le portefeuille » on the configuration users run (issue #24 §5, DEVELOPERS: benches on `npm start`'s
 * defaults): the bundle in its own process (bench/shipped-server.ts: NODE_ENV=production, request logging at
 * LOG_LEVEL=info, PGlite on disk in its worker thread), its folder prepared with SITES sites (default 10 000) of DAYS
 * days of readings each (default 365). Over HTTP with keep-alive, one `GET /api/health` every INTERVAL_MS (10 ms)
 * for 5 s idle, then during a run started by `POST /api/dashboard/portfolio-optimisations/` (polled every 500 ms until
 * it ends), RUNS times (default 3), probes pooled: p50 / p99 idle and during the runs, and their ratio (the goal:
 * busy p99 ≤ 2 × idle p99). bench/portfolio-run.ts measures the same in process (app.inject, logging off).
 *
 *   npx tsx bench/portfolio-run-http.ts                           # HEAD (committed), built into bench/.baseline/
 *   BENCH_BASELINE=<commit> npx tsx bench/portfolio-run-http.ts   # that commit too, one after the other
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildCommit, retryingShedding, type ShippedTarget, startShipped } from './shipped-server.ts';

const SITES = Number(process.env.SITES ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const RUNS = Number(process.env.RUNS ?? 3);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 10);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probe(target: ShippedTarget, until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const start = performance.now();
    const answer = await fetch(`${target.url}/api/health`);
    await answer.arrayBuffer();
    out.push(performance.now() - start);
    await sleep(INTERVAL_MS);
  }
  return out;
}

async function measure(target: ShippedTarget): Promise<void> {
  const headers = {
    'content-type': 'application/json',
    cookie: target.cookie,
    'x-csrftoken': target.csrfToken,
    origin: target.url,
  };
  const idle: number[] = [];
  const busy: number[] = [];
  for (let r = 0; r < RUNS; r += 1) {
    const idleEnd = performance.now() + 5000;
    idle.push(...(await probe(target, () => performance.now() > idleEnd)));
    const t0 = performance.now();
    // Right after the seed the server may shed load (503 + Retry-After): asked again when it says.
    const started = await retryingShedding(() =>
      fetch(`${target.url}/api/dashboard/portfolio-optimisations/`, { method: 'POST', headers, body: '{}' }),
    );
    if (started.status !== 202) {
      throw new Error(`${target.label}: start answered ${started.status} ${await started.text()}`);
    }
    const run = (await started.json()) as { id: string };
    let final: Record<string, unknown> = {};
    let finished = false;
    const poll = (async () => {
      while (!finished) {
        await sleep(500);
        const answer = await fetch(`${target.url}/api/dashboard/portfolio-optimisations/${run.id}`, { headers });
        final = (await answer.json()) as Record<string, unknown>;
        finished = final.status !== 'running';
      }
    })();
    const runProbes = await probe(target, () => finished);
    await poll;
    busy.push(...runProbes);
    console.log(
      `${target.label} run ${r + 1}: ${((performance.now() - t0) / 1000).toFixed(2)} s (polled), ${final.status}, ${final.done}/${final.total}, savings ${final.savingsEuros} €/an; health p99 during it ${pct(runProbes, 99).toFixed(2)} ms`,
    );
  }
  console.log(
    `${target.label}: GET /api/health over HTTP idle p50 ${pct(idle, 50).toFixed(2)} ms, p99 ${pct(idle, 99).toFixed(2)} ms (${idle.length}); during the runs p50 ${pct(busy, 50).toFixed(2)} ms, p99 ${pct(busy, 99).toFixed(2)} ms (${busy.length}); p99 ratio ${(pct(busy, 99) / pct(idle, 99)).toFixed(2)}; load ${load()}`,
  );
}

const refs = [process.env.BENCH_AFTER ?? 'HEAD', ...(process.env.BENCH_BASELINE ? [process.env.BENCH_BASELINE] : [])];
for (const ref of refs) {
  const build = buildCommit(ref);
  const seeded = performance.now();
  const target = await startShipped(
    build.label,
    build.root,
    { kind: 'pglite' },
    [],
    ['--portfolio', String(SITES), String(DAYS)],
  );
  console.log(
    `${build.label}: ${SITES} sites × ${DAYS} days prepared and the server up in ${((performance.now() - seeded) / 1000).toFixed(1)} s; load ${load()}`,
  );
  try {
    await measure(target);
  } finally {
    await target.cleanUp();
  }
}
