/**
 * CPU per simulation of the shipped PGlite server, per thread, two commits side by side (issue 21 §2, ADR 0073):
 * `BENCH_BASELINE=<ref> [BENCH_AFTER=<ref>] npx tsx bench/simulate-threads.ts`.
 *
 * Both bundles are started as bench/api.ts starts them (bench/shipped-server.ts: `npm start`'s configuration, PGlite
 * on disk in its worker thread). After a warm-up, BENCH_THREADS_ROUNDS (default 4) rounds of BENCH_THREADS_REQUESTS
 * (default 600) bearer simulations (20 connections, a fixed number of requests, not a duration), alternated between
 * the two servers (order reversed every other round); around each round the CPU time (user + system) of every thread
 * of the server's process is read from /proc/<pid>/task/<tid>/stat. Printed per round and as medians: ms per request
 * of the main thread, of the busiest other thread (the PGlite thread), of the rest, and in all. CPU time hardly moves
 * with the neighbours' load where latency does: on a shared machine, the figure to compare.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { buildCommit, type ShippedTarget, shippedRequest, startShipped } from './shipped-server.ts';

const REQUESTS = Number(process.env.BENCH_THREADS_REQUESTS ?? 600);
const ROUNDS = Number(process.env.BENCH_THREADS_ROUNDS ?? 4);
const ROUTE = (process.env.BENCH_THREADS_ROUTE ?? 'simulateBearer') as 'simulateBearer' | 'simulate';
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU ms so far of each thread of the process (tid → ms). */
function threadsOf(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

interface Figures {
  main: number;
  pglite: number;
  rest: number;
  total: number;
  p99: number;
  bad: number;
}

async function round(target: ShippedTarget): Promise<Figures> {
  const pid = target.child.pid as number;
  const before = threadsOf(pid);
  const result = await autocannon({ ...shippedRequest(target, ROUTE), connections: 20, amount: REQUESTS });
  const after = threadsOf(pid);
  const n = Math.max(1, result.requests.total);
  const used = [...after].map(([tid, ms]) => [tid, (ms - (before.get(tid) ?? 0)) / n] as const);
  const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
  const others = used.filter(([tid]) => tid !== pid).map(([, ms]) => ms);
  const pglite = Math.max(0, ...others);
  const total = used.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    main,
    pglite,
    rest: total - main - pglite,
    total,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const show = (f: Omit<Figures, 'bad' | 'p99'>) =>
  `main ${f.main.toFixed(2)} + PGlite ${f.pglite.toFixed(2)} + autres ${f.rest.toFixed(2)} = ${f.total.toFixed(2)} ms/req`;

const refs = [process.env.BENCH_BASELINE ?? 'HEAD~1', process.env.BENCH_AFTER ?? 'HEAD'];
const builds = refs.map((ref) => buildCommit(ref));
const targets: { label: string; target: ShippedTarget; rounds: Figures[] }[] = [];
try {
  for (const build of builds) {
    targets.push({
      label: build.label,
      target: await startShipped(build.label, build.root, { kind: 'pglite' }),
      rounds: [],
    });
  }
  for (const { target } of targets) {
    await autocannon({ ...shippedRequest(target, ROUTE), connections: 20, amount: 500 });
  }
  console.log(`${ROUTE}, PGlite, ${REQUESTS} requêtes par tour, 20 connexions, ${ROUNDS} tours alternés`);
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const entry of r % 2 === 0 ? targets : [...targets].reverse()) {
      const figures = await round(entry.target);
      entry.rounds.push(figures);
      console.log(`  ${entry.label} : ${show(figures)} ; p99 ${figures.p99} ms ; non-2xx ${figures.bad}`);
    }
  }
  for (const { label, rounds } of targets) {
    const pick = (key: keyof Figures) => median(rounds.map((f) => f[key]));
    console.log(
      `médianes ${label} : ${show({ main: pick('main'), pglite: pick('pglite'), rest: pick('rest'), total: pick('total') })}`,
    );
  }
} finally {
  for (const { target } of targets) {
    await target.cleanUp();
  }
}
