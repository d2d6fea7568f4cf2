/**
 * CPU time per request of the routes of issue 10 §6: `npx tsx bench/api-cpu.ts`.
 *
 * On a shared machine, req/s moves with the neighbours' load; the CPU time the server process spends per request
 * hardly does. For each route: a warm-up, then BENCH_CPU_REQUESTS requests (20 connections, autocannon `amount`)
 * between two readings of the server's process.cpuUsage() (user + system; PGlite runs in that process, a PostgreSQL
 * server's backends do not), repeated BENCH_CPU_ROUNDS times, median kept. With BENCH_BASELINE=<git ref> the
 * baseline's server is measured in the same run, rounds interleaved. With BENCH_CPU_PROFILE=<dir>, one more round
 * per route is profiled (inspector, requests only) and summed by module and function (bench/cpuprofile-summary.ts).
 * BENCH_DATABASE_URL: PostgreSQL instead of PGlite.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuOf, ROUTES, type Route, request, start, stop, type Target } from './api-target.ts';
import { extractBaseline } from './baseline.ts';
import { printSummary, summarise } from './cpuprofile-summary.ts';
import { machine } from './machine.ts';

const CONNECTIONS = 20;

/** Requests per measured round: fewer for simulate (heavier) so a round stays short on a loaded machine. */
export function requestsFor(route: Route): number {
  const base = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
  return route === 'simulate' ? Math.max(100, Math.round(base / 4)) : base;
}

export interface CpuFigures {
  /** CPU ms of the server process per request. */
  readonly msPerRequest: number;
  readonly requests: number;
  readonly bad: number;
}

/** One round: `amount` requests of `route`, and the server's CPU time they cost. */
export async function cpuRound(target: Target, route: Route, amount = requestsFor(route)): Promise<CpuFigures> {
  const before = await cpuOf(target);
  const result = await autocannon({ ...request(target, route), connections: CONNECTIONS, amount });
  const after = await cpuOf(target);
  const requests = result.requests.total;
  return {
    msPerRequest: (after - before) / 1000 / Math.max(1, requests),
    requests,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function ask(target: Target, message: unknown, reply: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && reply in m) {
        target.child.off('message', onMessage);
        resolve();
      }
    };
    target.child.on('message', onMessage);
    target.child.send(message as string);
  });
}

async function main() {
  const m = machine();
  const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const only = process.env.BENCH_CPU_ROUTES?.split(',') as Route[] | undefined;
  const routes = only ?? ROUTES;
  console.log(
    `Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}, charge ${m.load}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const targets: Target[] = [];
  if (process.env.BENCH_BASELINE) {
    const baseline = extractBaseline(process.env.BENCH_BASELINE);
    targets.push(await start(`avant (${baseline.label})`, { root: baseline.root }));
  }
  targets.push(await start('après'));
  try {
    for (const t of targets) {
      for (const route of routes) {
        await cpuRound(t, route, Math.round(requestsFor(route) / 4));
      }
    }
    const results = targets.map(() => new Map<Route, number[]>());
    for (let r = 0; r < rounds; r += 1) {
      for (const route of routes) {
        const order = r % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i);
        for (const i of order) {
          const figures = await cpuRound(targets[i] as Target, route);
          if (figures.bad > 0) {
            console.warn(`${(targets[i] as Target).label} ${route}: ${figures.bad} erreurs / non-2xx`);
          }
          const list = (results[i] as Map<Route, number[]>).get(route) ?? [];
          list.push(figures.msPerRequest);
          (results[i] as Map<Route, number[]>).set(route, list);
        }
      }
    }
    console.log('\nCPU du processus serveur par requête (ms, médiane des tours) :');
    console.log(`| Route | ${targets.map((t) => t.label).join(' | ')} |`);
    console.log(`| --- | ${targets.map(() => '---').join(' | ')} |`);
    for (const route of routes) {
      const cells = results.map((byRoute) => median(byRoute.get(route) ?? [Number.NaN]).toFixed(3));
      console.log(`| ${route} | ${cells.join(' | ')} |`);
    }
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      for (const t of targets) {
        for (const route of routes) {
          const file = path.resolve(profileDir, `${t.label.replace(/\W+/g, '-')}-${route}.cpuprofile`);
          await ask(t, 'profile', 'profiling');
          const figures = await cpuRound(t, route);
          await ask(t, { profileStop: file }, 'profiled');
          console.log(`\n${t.label} ${route} — ${file}`);
          printSummary(summarise(JSON.parse(readFileSync(file, 'utf8'))), 30, figures.requests);
        }
      }
    }
  } finally {
    for (const t of targets) {
      await stop(t);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
