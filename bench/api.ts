/**
 * API benchmark on the configuration users run (issue 10 §6, issue 21 §2). Run with `npm run bench:api`.
 *
 * Each server is the bundle `npm start` runs, in its own process, with NODE_ENV=production and every other variable
 * at its default (request logging at LOG_LEVEL=info, PGlite on disk in its worker thread) — bench/shipped-server.ts.
 * For each database of BENCH_DATABASES (default `pglite,postgres`; PostgreSQL through a database created on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, and dropped after), it signs a user in
 * and runs autocannon (20 connections, BENCH_API_SECONDS = 10 s per run) against:
 *   - GET /api/health                 (no session)
 *   - GET /api/account/me             with the session cookie (a browser), and with the bearer token (an API client)
 *   - POST /api/simulator/simulate/   with the cookie (+ Origin) and with the bearer token (+ CSRF cookie/token)
 *   - mixed: the light routes (health 10 connections, me by cookie 5, me by bearer 5) while simulate is loaded (20
 *     connections), against the same light routes alone; p99 under load / p99 alone is checked against the goal.
 * Each measured run also reads the server process's CPU time (/proc/<pid>/stat), so the table gives CPU ms per
 * request: on a shared machine, req/s moves with the neighbours, CPU per request and the ratios hardly.
 * `BENCH_AFTER` (default HEAD) and `BENCH_BASELINE` are commits, built from git into bench/.baseline/ (never the shared
 * apps/server/dist nor uncommitted edits); with BENCH_BASELINE both servers are started together but loaded in turn,
 * never at once: every route is measured in alternating slices, so before/after come from one run on one machine and
 * each side has the machine to itself while measured (the idle one costs ≈ 17 ms of CPU a second; ADR 0057). Figures are printed and written to
 * docs/performance.md between the `bench:api` markers (`bench:api-postgres` for PostgreSQL).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { machine } from './machine.ts';
import {
  buildCommit,
  cpuMsOf,
  type DatabaseKind,
  type ShippedRoute,
  type ShippedTarget,
  shippedRequest,
  startShipped,
} from './shipped-server.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Each SECONDS run is cut into this many slices, alternated between the targets. */
const SLICES = Number(process.env.BENCH_API_SLICES ?? 5);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Goals of issue 21 §2. */
const READ_GOAL = 0.5;
const SIMULATE_P99_GOAL_MS = 100;
const P99_UNDER_LOAD_GOAL = 2;
const ALL_ROUTES: readonly ShippedRoute[] = ['health', 'me', 'meBearer', 'simulate', 'simulateBearer'];
/** BENCH_API_ROUTES=simulate,simulateBearer: only these routes alone (the mixed run always runs). */
const ROUTES: readonly ShippedRoute[] = process.env.BENCH_API_ROUTES
  ? ALL_ROUTES.filter((route) => process.env.BENCH_API_ROUTES?.split(',').includes(route))
  : ALL_ROUTES;
/** BENCH_API_SECTION=<name>: writes between `<name>` / `<name>-postgres` markers instead of `bench:api` ones. */
const SECTION = process.env.BENCH_API_SECTION ?? 'bench:api';

export interface RunFigures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly requests: number;
  /** CPU ms of the server process per request (NaN when not measured alone). */
  readonly cpuMs: number;
}

function figures(result: autocannon.Result, cpuMs = Number.NaN): RunFigures {
  return {
    cpuMs,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

function run(target: ShippedTarget, route: ShippedRoute, connections: number, seconds = SECONDS) {
  return autocannon({ ...shippedRequest(target, route), connections, duration: seconds }).then((r) => figures(r));
}

/** A run of one route alone on its server, with the server's CPU time per request. */
async function measuredRun(target: ShippedTarget, route: ShippedRoute, seconds: number): Promise<RunFigures> {
  const before = cpuMsOf(target);
  const result = await autocannon({ ...shippedRequest(target, route), connections: CONNECTIONS, duration: seconds });
  return figures(result, (cpuMsOf(target) - before) / Math.max(1, result.requests.total));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * One route on every target, in SLICES alternating slices (A B B A …, SECONDS in all per target), so that a change
 * of machine load hits all targets alike: req/s = all requests / all time; p50 and p99 = medians of the slices.
 */
async function alternate(targets: readonly ShippedTarget[], route: ShippedRoute): Promise<RunFigures[]> {
  const slices: RunFigures[][] = targets.map(() => []);
  for (let s = 0; s < SLICES; s += 1) {
    const order = s % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i);
    for (const i of order) {
      (slices[i] as RunFigures[]).push(await measuredRun(targets[i] as ShippedTarget, route, SECONDS / SLICES));
    }
  }
  return slices.map((runs) => {
    const requests = runs.reduce((sum, r) => sum + r.requests, 0);
    return {
      cpuMs: runs.reduce((sum, r) => sum + r.cpuMs * r.requests, 0) / Math.max(1, requests),
      rps: requests / SECONDS,
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      requests,
    };
  });
}

interface Light {
  health: RunFigures;
  me: RunFigures;
  meBearer: RunFigures;
}

/** The light routes: health (10 connections), the read by cookie (5) and by bearer (5). */
async function light(target: ShippedTarget): Promise<Light> {
  const [health, me, meBearer] = await Promise.all([
    run(target, 'health', 10),
    run(target, 'me', 5),
    run(target, 'meBearer', 5),
  ]);
  return { health, me, meBearer };
}

/** The light routes while simulate runs (20 connections). */
async function mixed(target: ShippedTarget): Promise<Light & { simulate: RunFigures }> {
  const [lightRoutes, simulate] = await Promise.all([light(target), run(target, 'simulate', CONNECTIONS)]);
  return { ...lightRoutes, simulate };
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: d, maximumFractionDigits: d }).replace(/\u202f/g, ' ');

function line(label: string, f: RunFigures): string {
  const bad = f.errors + f.non2xx;
  return `| ${label} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.cpuMs, 2)} | ${bad > 0 ? `**${fmt(bad)}**` : '0'} |`;
}

const verdict = (held: boolean) => (held ? '(tenu)' : '(**non tenu**)');

/** p99 under simulate / p99 alone, and whether it meets the goal. */
function p99Verdict(alone: RunFigures, loaded: RunFigures): string {
  const ratio = loaded.p99 / Math.max(1, alone.p99);
  return `× ${fmt(ratio, 1)} ${verdict(ratio <= P99_UNDER_LOAD_GOAL)}`;
}

const LABELS: Record<ShippedRoute, string> = {
  health: '`GET /api/health`',
  me: '`GET /api/account/me` (cookie de session)',
  meBearer: '`GET /api/account/me` (jeton bearer)',
  simulate: '`POST /api/simulator/simulate/` (cookie)',
  simulateBearer: '`POST /api/simulator/simulate/` (bearer)',
};

type Results = Partial<Record<ShippedRoute, RunFigures>> & { alone: Light; loaded: Light & { simulate: RunFigures } };

function section(target: ShippedTarget, r: Results): string {
  const read = (route: 'me' | 'meBearer') => {
    const [health, f] = [r.health, r[route]];
    return health && f
      ? `× ${fmt(f.rps / health.rps, 2)} ${verdict(f.rps / health.rps >= READ_GOAL)} (CPU : × ${fmt(health.cpuMs / f.cpuMs, 2)})`
      : 'non mesuré';
  };
  const simulateP99 = (route: 'simulate' | 'simulateBearer') => {
    const f = r[route];
    return f ? `${fmt(f.p99)} ms ${verdict(f.p99 <= SIMULATE_P99_GOAL_MS)}` : 'non mesuré';
  };
  const mixedLine = (label: string, alone: RunFigures, loaded: RunFigures) =>
    `| ${label} | ${fmt(alone.rps)} | ${fmt(alone.p99)} | ${fmt(loaded.rps)} | ${fmt(loaded.p99)} | ${p99Verdict(alone, loaded)} |`;
  return `### ${target.label}

| Route (${CONNECTIONS} connexions, ${SECONDS} s) | req/s | p50 (ms) | p99 (ms) | CPU serveur (ms/req) | erreurs / non-2xx |
| --- | --- | --- | --- | --- | --- |
${ROUTES.map((route) => line(LABELS[route], r[route] as RunFigures)).join('\n')}

Objectifs de l’issue 21 §2 — lecture / health (req/s) ≥ ${fmt(READ_GOAL, 1)} : cookie ${read('me')}, bearer ${read('meBearer')} ;
simulate p99 ≤ ${SIMULATE_P99_GOAL_MS} ms : cookie ${simulateP99('simulate')}, bearer ${simulateP99('simulateBearer')}.

Mixte (routes légères : health 10 connexions, lecture par cookie 5, par bearer 5 ; pendant que simulate tourne avec ${CONNECTIONS}
connexions) :

| Route | seule : req/s | seule : p99 (ms) | pendant simulate : req/s | pendant simulate : p99 (ms) | p99 pendant / seule (objectif ≤ ${P99_UNDER_LOAD_GOAL}) |
| --- | --- | --- | --- | --- | --- |
${mixedLine('`GET /api/health`', r.alone.health, r.loaded.health)}
${mixedLine('`GET /api/account/me` (cookie)', r.alone.me, r.loaded.me)}
${mixedLine('`GET /api/account/me` (bearer)', r.alone.meBearer, r.loaded.meBearer)}
| \`POST /api/simulator/simulate/\` (charge) | | | ${fmt(r.loaded.simulate.rps)} | ${fmt(r.loaded.simulate.p99)} | |
`;
}

async function benchDatabase(
  kind: DatabaseKind,
  builds: readonly { root: string; label: string }[],
  baselineRef: string | undefined,
) {
  const m = machine();
  const targets: ShippedTarget[] = [];
  try {
    for (const build of builds) {
      const database = kind === 'pglite' ? ({ kind } as const) : ({ kind, adminUrl: ADMIN_URL } as const);
      targets.push(await startShipped(build.label, build.root, database));
    }
    // Warm-up (JIT, caches, connections).
    for (const t of targets) {
      for (const route of ROUTES) {
        await run(t, route, 5, 2);
      }
    }
    const results = targets.map(() => ({}) as Results);
    // Interleaved: each route on every target, in alternating slices, before the next route.
    for (const route of ROUTES) {
      const byTarget = await alternate(targets, route);
      targets.forEach((t, i) => {
        const f = byTarget[i] as RunFigures;
        (results[i] as Results)[route] = f;
        console.log(
          `${kind} ${t.label} ${route}: ${fmt(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${fmt(f.cpuMs, 2)} ms/req, erreurs ${f.errors + f.non2xx}`,
        );
      });
    }
    // Light routes alone on every target, then under load in the reverse order (A B, then B A).
    for (const [i, t] of targets.entries()) {
      (results[i] as Results).alone = await light(t);
    }
    for (const [i, t] of [...targets.entries()].reverse()) {
      const r = results[i] as Results;
      r.loaded = await mixed(t);
      console.log(
        `${kind} ${t.label} mixte : health p99 ${r.alone.health.p99} → ${r.loaded.health.p99} ms, me p99 ${r.alone.me.p99} → ${r.loaded.me.p99} ms, me bearer p99 ${r.alone.meBearer.p99} → ${r.loaded.meBearer.p99} ms (simulate ${fmt(r.loaded.simulate.rps)} req/s, p99 ${r.loaded.simulate.p99} ms)`,
      );
    }

    let ratios = '';
    if (targets.length === 2) {
      const [before, after] = results as [Results, Results];
      const each = (f: (r: Results, route: ShippedRoute) => string) =>
        ROUTES.map((route) => `${LABELS[route]} ${f(before, route)}`).join(', ');
      const of = (r: Results, route: ShippedRoute) => r[route] as RunFigures;
      ratios = `
Après / avant (même exécution, courses entrelacées) — req/s : ${ROUTES.map((route) => `${LABELS[route]} × ${fmt(of(after, route).rps / of(before, route).rps, 2)}`).join(', ')}.
CPU du processus serveur par requête, avant → après (ms) : ${each((r, route) => `${fmt(of(r, route).cpuMs, 2)} → ${fmt(of(after, route).cpuMs, 2)}`)}.
`;
    }
    const marker = kind === 'postgres' ? `${SECTION}-postgres` : SECTION;
    const text = `<!-- ${marker} start -->
## API sur la configuration livrée (issues 10 §6 et 21 §2), ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}

Chiffres produits par \`npm run bench:api\` (\`bench/api.ts\`) — section réécrite à chaque exécution, le ${m.date}.
Machine : ${m.cpuModel}, ${m.nproc} cœurs (partagés : charge moyenne ${m.load} au départ), Node ${m.node}. Serveur tel que
\`npm start\` le lance (bundle \`apps/server/dist/server.mjs\` construit depuis git, son propre processus, \`NODE_ENV=production\`,
le reste par défaut : journal des requêtes au niveau \`info\` vers un fichier, ${kind === 'postgres' ? '`DATABASE_URL` vers une base PostgreSQL locale créée puis supprimée par serveur' : 'PGlite sur disque dans `DATA_DIR`, dans son thread'}) sur 127.0.0.1 ; autocannon
${CONNECTIONS} connexions, ${SECONDS} s par course${targets.length === 2 ? `, découpée en ${SLICES} tranches alternées entre les deux serveurs (req/s = total des requêtes / durée totale ; p50, p99 = médianes des tranches). « avant » = \`${baselineRef}\`, démarré en même temps mais chargé à son tour, jamais en même temps que « après »` : ''}.
« CPU serveur » = temps CPU (utilisateur + système, tous threads) du processus serveur par requête, lu dans
\`/proc/<pid>/stat\` autour de chaque tranche : PGlite tourne dans ce processus, les processus de PostgreSQL non.
${ratios}
${targets.map((t, i) => section(t, results[i] as Results)).join('\n')}<!-- ${marker} end -->
`;
    const docUrl = new URL('../docs/performance.md', import.meta.url);
    const previous = readFileSync(docUrl, 'utf8');
    const markers = new RegExp(`<!-- ${marker} start -->[\\s\\S]*<!-- ${marker} end -->\\n?`);
    writeFileSync(
      docUrl,
      markers.test(previous) ? previous.replace(markers, text) : `${previous.trimEnd()}\n\n${text}`,
    );
    console.log(`docs/performance.md mis à jour (section ${marker}).`);
  } finally {
    for (const t of targets) {
      await t.cleanUp();
    }
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const m = machine();
  console.log(`Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}, charge ${m.load}`);
  const baselineRef = process.env.BENCH_BASELINE;
  const afterRef = process.env.BENCH_AFTER ?? 'HEAD';
  const builds: { root: string; label: string }[] = [];
  if (baselineRef) {
    const baseline = buildCommit(baselineRef);
    builds.push({ root: baseline.root, label: `avant (${baseline.label})` });
  }
  const after = buildCommit(afterRef);
  builds.push({ root: after.root, label: `après (${after.label})` });
  for (const kind of DATABASES) {
    if (kind === 'postgres' && !(await reachable(ADMIN_URL))) {
      console.log(`PostgreSQL injoignable (${ADMIN_URL}) : section bench:api-postgres non refaite.`);
      continue;
    }
    await benchDatabase(kind, builds, baselineRef);
  }
}

await main();
