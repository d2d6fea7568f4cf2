/**
 * The floor of « simulate ≥ 0.7 × the authenticated read » (issue 10 §6, ADR 0043): `npx tsx bench/simulate-floor.ts`.
 *
 * In one run, on one machine:
 *   1. the real server (bench/api-server.ts; PGlite, or PostgreSQL with BENCH_DATABASE_URL): req/s and the server
 *      process's CPU per request of `GET /api/health`, `GET /api/account/me` and `POST /api/simulator/simulate/`
 *      (autocannon, 20 connections, BENCH_FLOOR_SECONDS per round, BENCH_FLOOR_ROUNDS rounds alternated, medians;
 *      req/s as autocannon's per-second average, like bench/api.ts: a run of a fixed number of requests ends on
 *      autocannon's next one-second tick, which would cap the figure);
 *   2. in this process, the CPU of the part no implementation can skip: the domain's `simulate()` of the T4
 *      reference case (the same T4 option, CAR and CJA as the route's body) and one `JSON.stringify` of its result
 *      (BENCH_FLOOR_CALLS calls per round after a warm-up, median of the rounds).
 * Then the budget: simulate reaches 0.7 × the read's req/s only if the server's event loop, which serves both, spends
 * at most 1 000 / (0.7 × read req/s) ms per simulation. With PostgreSQL the server process has one busy thread, so
 * its CPU per request is the event loop's; with PGlite part of it is PGlite's own thread (ADR 0042), so the budget
 * is only indicative there. A lower bound of what a simulation must cost is printed
 * beside it: the read's own cost (session check, one statement, one answer), plus the floor of step 2, plus one
 * more statement (the result must be written and a quota unit taken; one statement at best, costed as the read minus
 * health). Figures only: the verdict is written in ADR 0043 and docs/performance.md by whoever runs it.
 */
import { pathToFileURL } from 'node:url';
import { referenceCaseInput, simulate } from '@pilote/tariffs';
import autocannon from 'autocannon';
import { cpuOf, type Route, request, start, stop, type Target } from './api-target.ts';
import { machine } from './machine.ts';

const CONNECTIONS = 20;
const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 4);
const CALLS = Number(process.env.BENCH_FLOOR_CALLS ?? 5000);
/** The goal of issue 10 §6: simulate ≥ this × the authenticated read (req/s). */
const GOAL = 0.7;

interface RouteRound {
  readonly rps: number;
  readonly cpuMs: number;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function round(target: Target, route: Route, seconds: number): Promise<RouteRound> {
  const cpuBefore = await cpuOf(target);
  const result = await autocannon({ ...request(target, route), connections: CONNECTIONS, duration: seconds });
  const cpuAfter = await cpuOf(target);
  const bad = result.errors + result.timeouts + result.non2xx;
  if (bad > 0) {
    throw new Error(`${route}: ${bad} erreurs ou réponses non-2xx`);
  }
  const requests = result.requests.total;
  return { rps: result.requests.average, cpuMs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, requests) };
}

/** CPU ms per call of the domain computation and the serialisation of its result, in this process. */
function computeFloor(): { simulateMs: number; stringifyMs: number } {
  const input = referenceCaseInput('T4');
  const date = '2026-02-01';
  let sink = 0;
  for (let i = 0; i < 2000; i += 1) {
    sink += JSON.stringify(simulate(input, date)).length;
  }
  const simulateRounds: number[] = [];
  const stringifyRounds: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const results = [];
    let before = process.cpuUsage();
    for (let i = 0; i < CALLS; i += 1) {
      results.push(simulate(input, date));
    }
    let spent = process.cpuUsage(before);
    simulateRounds.push((spent.user + spent.system) / 1000 / CALLS);
    before = process.cpuUsage();
    for (const result of results) {
      sink += JSON.stringify(result).length;
    }
    spent = process.cpuUsage(before);
    stringifyRounds.push((spent.user + spent.system) / 1000 / CALLS);
  }
  if (sink === 0) {
    throw new Error('unreachable');
  }
  return { simulateMs: median(simulateRounds), stringifyMs: median(stringifyRounds) };
}

const fmt = (value: number, digits = 3) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const m = machine();
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}, charge ${m.load}, ${database}`);
  const target = await start('serveur');
  const routes: Route[] = ['health', 'me', 'simulate'];
  const rounds = new Map<Route, RouteRound[]>(routes.map((route) => [route, []]));
  const floors: { simulateMs: number; stringifyMs: number }[] = [];
  try {
    for (const route of routes) {
      await round(target, route, 1);
    }
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const route of r % 2 === 0 ? routes : [...routes].reverse()) {
        rounds.get(route)?.push(await round(target, route, SECONDS));
      }
    }
  } finally {
    await stop(target);
  }
  // The in-process floor runs once the server has stopped, so that it does not share the cores with it.
  floors.push(computeFloor());
  const figure = (route: Route) => {
    const list = rounds.get(route) ?? [];
    return { rps: median(list.map((x) => x.rps)), cpuMs: median(list.map((x) => x.cpuMs)) };
  };
  const health = figure('health');
  const me = figure('me');
  const sim = figure('simulate');
  const floor = floors[0] as { simulateMs: number; stringifyMs: number };
  const budget = 1000 / (GOAL * me.rps);
  const lowerBound = me.cpuMs + floor.simulateMs + floor.stringifyMs + Math.max(0, me.cpuMs - health.cpuMs);
  console.log(`
| Mesure (${database}, médiane de ${ROUNDS} tours) | req/s | CPU du serveur (ms/requête) |
| --- | --- | --- |
| \`GET /api/health\` | ${fmt(health.rps, 0)} | ${fmt(health.cpuMs)} |
| \`GET /api/account/me\` (lecture authentifiée) | ${fmt(me.rps, 0)} | ${fmt(me.cpuMs)} |
| \`POST /api/simulator/simulate/\` | ${fmt(sim.rps, 0)} | ${fmt(sim.cpuMs)} |

| Plancher (ms de CPU par simulation) | |
| --- | --- |
| \`simulate()\` du domaine, cas de référence T4 | ${fmt(floor.simulateMs)} |
| \`JSON.stringify\` de son résultat | ${fmt(floor.stringifyMs)} |
| Borne basse d'une simulation : lecture + calcul + sérialisation + une requête SQL de plus | **${fmt(lowerBound)}** |
| Budget pour simulate ≥ ${fmt(GOAL, 1)} × lecture : 1 000 / (${fmt(GOAL, 1)} × ${fmt(me.rps, 0)}) | **${fmt(budget)}** |

Rapports mesurés : lecture / health × ${fmt(me.rps / health.rps, 2)} ; simulate / lecture × ${fmt(sim.rps / me.rps, 2)}.
Borne basse / budget : × ${fmt(lowerBound / budget, 2)} (> 1 : objectif hors d'atteinte même pour une simulation idéale${
    database === 'PGlite' ? ' ; indicatif avec PGlite, dont le thread compte dans le CPU du processus' : ''
  }).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
