/**
 * Garbage collection of `POST /api/simulator/simulate/` on the shipped server (issue 21 §2, ADR 0057):
 * `npx tsx bench/simulate-gc.ts [flags…]`.
 *
 * The bundle of BENCH_AFTER (default HEAD) is started as bench/api.ts does (bench/shipped-server.ts: `npm start`'s
 * configuration, request logging on), once per set of node flags — none (what `npm start` runs) and each
 * argument, e.g. `--max-semi-space-size=32` — with `--trace-gc` added. Each run: a warm-up, then
 * BENCH_GC_REQUESTS (default 3000) simulations by bearer (20 connections, autocannon `amount`, a fixed number of
 * requests rather than a duration, so that counts compare on a busy machine), BENCH_GC_ROUNDS rounds alternated
 * between the flag sets. Printed per round: CPU ms per request of the server process (all threads), scavenges and
 * mark-compacts per 1 000 requests and their pause ms, of the main thread and of the others (the PGlite thread), and
 * the p50/p99 (noisy on a shared machine). BENCH_GC_SHOW=1 also prints V8's reasons for the last full collections.
 * Started and written for ADR 0057 (issue 21 §2: is simulate's p99 garbage collection?).
 * BENCH_DATABASES: `pglite` (default) or `postgres` (BENCH_DATABASE_URL).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  buildCommit,
  cpuMsOf,
  type DatabaseKind,
  type ShippedTarget,
  shippedRequest,
  startShipped,
} from './shipped-server.ts';

const REQUESTS = Number(process.env.BENCH_GC_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.BENCH_GC_ROUNDS ?? 3);
const KIND = (process.env.BENCH_DATABASES ?? 'pglite') as DatabaseKind;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface GcCount {
  scavenges: number;
  scavengeMs: number;
  maxScavengeMs: number;
  markCompacts: number;
  markCompactMs: number;
}

const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: (Scavenge|Mark-Compact|Mark-sweep)\b.*?, ([\d.]+) \/ [\d.]+ ms/;

/** The GC lines of `--trace-gc` in the server's log from byte `from` on, of the main thread's isolate or the others. */
export function gcOf(log: string, from: number, thread: 'main' | 'others'): GcCount {
  const count: GcCount = { scavenges: 0, scavengeMs: 0, maxScavengeMs: 0, markCompacts: 0, markCompactMs: 0 };
  // The main thread's isolate is the first to collect (before the PGlite thread starts).
  const main = log
    .split('\n')
    .map((line) => GC_LINE.exec(line)?.[1])
    .find(Boolean);
  for (const line of log.slice(from).split('\n')) {
    const match = GC_LINE.exec(line);
    if (!match || (match[1] === main) !== (thread === 'main')) {
      continue;
    }
    const [, , kind, ms] = match as unknown as [string, string, string, string];
    if (kind === 'Scavenge') {
      count.scavenges += 1;
      count.scavengeMs += Number(ms);
      count.maxScavengeMs = Math.max(count.maxScavengeMs, Number(ms));
    } else {
      count.markCompacts += 1;
      count.markCompactMs += Number(ms);
    }
  }
  return count;
}

async function round(target: ShippedTarget, flags: string) {
  const logBefore = readFileSync(target.logFile, 'utf8').length;
  const cpuBefore = cpuMsOf(target);
  const result = await autocannon({ ...shippedRequest(target, 'simulateBearer'), connections: 20, amount: REQUESTS });
  const cpu = (cpuMsOf(target) - cpuBefore) / result.requests.total;
  const log = readFileSync(target.logFile, 'utf8');
  const per1000 = (n: number) => ((n * 1000) / result.requests.total).toFixed(1);
  const gc = (thread: 'main' | 'others') => {
    const c = gcOf(log, logBefore, thread);
    return `${thread} : scavenges ${per1000(c.scavenges)} (${per1000(c.scavengeMs)} ms, max ${c.maxScavengeMs.toFixed(1)}), mark-compact ${per1000(c.markCompacts)} (${per1000(c.markCompactMs)} ms)`;
  };
  if (process.env.BENCH_GC_SHOW) {
    // The reasons V8 gives for its full collections (the last few lines).
    console.log(
      log
        .slice(logBefore)
        .split('\n')
        .filter((line) => /Mark-Compact|Mark-sweep/.test(line))
        .slice(-4)
        .join('\n'),
    );
  }
  console.log(
    `${flags || '(aucun)'}: CPU ${cpu.toFixed(2)} ms/req ; par 1 000 req. — ${gc('main')} ; ${gc('others')} ; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ; non-2xx ${result.non2xx + result.errors}`,
  );
}

const build = buildCommit(process.env.BENCH_AFTER ?? 'HEAD');
// Each argument is one set of flags (`"--a --b"`), beside the set of none.
const flagSets = ['', ...process.argv.slice(2)];
const targets: { flags: string; target: ShippedTarget }[] = [];
try {
  for (const flags of flagSets) {
    const database = KIND === 'pglite' ? ({ kind: KIND } as const) : ({ kind: KIND, adminUrl: ADMIN_URL } as const);
    const nodeFlags = ['--trace-gc', ...flags.split(' ').filter(Boolean)];
    targets.push({ flags, target: await startShipped(`${build.label} ${flags}`, build.root, database, nodeFlags) });
  }
  for (const { target } of targets) {
    await autocannon({ ...shippedRequest(target, 'simulateBearer'), connections: 20, amount: 500 });
  }
  console.log(`${build.label}, ${KIND}, ${REQUESTS} simulations par bearer par tour, 20 connexions`);
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 === 0 ? targets : [...targets].reverse();
    for (const { flags, target } of order) {
      await round(target, flags);
    }
  }
} finally {
  for (const { target } of targets) {
    await target.cleanUp();
  }
}
