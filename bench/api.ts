/**
 * API benchmark (issue 10 §6). Run with `npm run bench:api`.
 *
 * Starts the real app (bench/api-server.ts, a child process: the server has its own event loop and core) on
 * 127.0.0.1:0 with PGlite (PostgreSQL too when BENCH_DATABASE_URL is set), signs a user in, then runs autocannon
 * (20 connections, BENCH_API_SECONDS = 10 s per run) against:
 *   - GET /api/health                (no session)
 *   - GET /api/account/me            (session cookie: session check + one read)
 *   - POST /api/simulator/simulate/  (session + CSRF token, the acceptance case of issue 4 on the sample data)
 *   - mixed: health and /api/account/me measured (10 connections each) while simulate is loaded (20 connections),
 *     against the same two routes alone; the p99 ratio (under load / alone) is checked against P99_UNDER_LOAD_GOAL.
 * Each measured run also reads the server process's CPU time (process.cpuUsage over IPC, bench/api-target.ts), so
 * the table gives CPU ms per request: on a shared machine, req/s moves with the neighbours, CPU per request hardly.
 * With BENCH_BASELINE=<git ref> (e.g. main) the same runs are made, interleaved, against a second server built
 * from that commit's sources (bench/baseline.ts), so that before/after come from one run on one machine.
 * Loopback only; every run is bounded in time. Figures are printed and written to docs/performance.md between
 * the `bench:api` markers (`bench:api-postgres` with PostgreSQL).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cpuOf, type Route, request, start, stop, type Target } from './api-target.ts';
import { extractBaseline } from './baseline.ts';
import { machine } from './machine.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Each SECONDS run is cut into this many slices, alternated between the targets. */
const SLICES = Number(process.env.BENCH_API_SLICES ?? 5);
/** « Light routes keep their p99 while heavy ones run » (ADR 0038): p99 under simulate ≤ this × p99 alone. */
const P99_UNDER_LOAD_GOAL = 2;

export interface RunFigures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly requests: number;
  /** CPU ms of the server process per request (process.cpuUsage around the run; NaN when not measured alone). */
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

function run(target: Target, route: Route, connections = CONNECTIONS, seconds = SECONDS): Promise<RunFigures> {
  return autocannon({ ...request(target, route), connections, duration: seconds }).then((r) => figures(r));
}

/** A run of one route alone on its server, with the server's CPU time per request. */
async function measuredRun(target: Target, route: Route, seconds: number): Promise<RunFigures> {
  const before = await cpuOf(target);
  const result = await autocannon({ ...request(target, route), connections: CONNECTIONS, duration: seconds });
  const after = await cpuOf(target);
  return figures(result, (after - before) / 1000 / Math.max(1, result.requests.total));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * One route on every target, in SLICES alternating slices (A B B A …, SECONDS in all per target), so that a change
 * of machine load hits all targets alike: req/s = all requests / all time; p50 and p99 = medians of the slices.
 */
async function alternate(targets: readonly Target[], route: Route): Promise<RunFigures[]> {
  const slices: RunFigures[][] = targets.map(() => []);
  for (let s = 0; s < SLICES; s += 1) {
    const order = s % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i);
    for (const i of order) {
      (slices[i] as RunFigures[]).push(await measuredRun(targets[i] as Target, route, SECONDS / SLICES));
    }
  }
  return slices.map((runs) => ({
    // CPU per request over all slices (weighted by requests).
    cpuMs:
      runs.reduce((sum, r) => sum + r.cpuMs * r.requests, 0) /
      Math.max(
        1,
        runs.reduce((s, r) => s + r.requests, 0),
      ),
    rps: runs.reduce((sum, r) => sum + r.requests, 0) / SECONDS,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
  }));
}

/** Health and the authenticated read measured (10 connections each) while simulate runs (20 connections). */
async function mixed(target: Target): Promise<{ health: RunFigures; me: RunFigures; simulate: RunFigures }> {
  const [health, me, simulate] = await Promise.all([
    run(target, 'health', 10),
    run(target, 'me', 10),
    run(target, 'simulate', CONNECTIONS),
  ]);
  return { health, me, simulate };
}

/** Light routes alone, with the same 10 + 10 connections as in the mixed run (their reference p99). */
async function lightAlone(target: Target): Promise<{ health: RunFigures; me: RunFigures }> {
  const [health, me] = await Promise.all([run(target, 'health', 10), run(target, 'me', 10)]);
  return { health, me };
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: d, maximumFractionDigits: d }).replace(/\u202f/g, ' ');

function line(label: string, f: RunFigures): string {
  const bad = f.errors + f.non2xx;
  return `| ${label} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.cpuMs, 2)} | ${bad > 0 ? `**${fmt(bad)}**` : '0'} |`;
}

/** p99 under simulate / p99 alone, and whether it meets the goal. */
function p99Verdict(alone: RunFigures, mixed: RunFigures): string {
  const ratio = mixed.p99 / Math.max(1, alone.p99);
  return `× ${fmt(ratio, 1)} ${ratio <= P99_UNDER_LOAD_GOAL ? '(tenu)' : '(**non tenu**)'}`;
}

async function main() {
  const m = machine();
  const baselineRef = process.env.BENCH_BASELINE;
  console.log(`Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}`);
  const targets: Target[] = [];
  if (baselineRef) {
    const baseline = extractBaseline(baselineRef);
    targets.push(await start(`avant (${baseline.label})`, { root: baseline.root }));
  }
  targets.push(await start('après (cette branche)'));
  try {
    // Warm-up (JIT, caches, connections).
    for (const t of targets) {
      for (const route of ['health', 'me', 'simulate'] as const) {
        await run(t, route, 5, 2);
      }
    }
    const results = new Map<string, Record<string, RunFigures>>();
    for (const t of targets) {
      results.set(t.label, {});
    }
    // Interleaved: each route on every target, in alternating slices, before the next route.
    for (const route of ['health', 'me', 'simulate'] as const) {
      const figuresByTarget = await alternate(targets, route);
      targets.forEach((t, i) => {
        const f = figuresByTarget[i] as RunFigures;
        (results.get(t.label) as Record<string, RunFigures>)[route] = f;
        console.log(
          `${t.label} ${route}: ${fmt(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${fmt(f.cpuMs, 2)} ms/req, erreurs ${f.errors + f.non2xx}`,
        );
      });
    }
    // Light routes alone on every target, then under load in the reverse order (A B, then B A).
    for (const t of targets) {
      const alone = await lightAlone(t);
      const r = results.get(t.label) as Record<string, RunFigures>;
      r.healthAlone = alone.health;
      r.meAlone = alone.me;
    }
    for (const t of [...targets].reverse()) {
      const mix = await mixed(t);
      const r = results.get(t.label) as Record<string, RunFigures>;
      r.healthMixed = mix.health;
      r.meMixed = mix.me;
      r.simulateMixed = mix.simulate;
      console.log(
        `${t.label} mixte : health p99 ${r.healthAlone?.p99} → ${mix.health.p99} ms, me p99 ${r.meAlone?.p99} → ${mix.me.p99} ms (simulate ${fmt(mix.simulate.rps)} req/s)`,
      );
    }

    const sections = targets.map((t) => {
      const r = results.get(t.label) as Record<string, RunFigures>;
      const health = r.health as RunFigures;
      const me = r.me as RunFigures;
      const simulate = r.simulate as RunFigures;
      return `### ${t.label}

| Route (${CONNECTIONS} connexions, ${SECONDS} s) | req/s | p50 (ms) | p99 (ms) | CPU serveur (ms/req) | erreurs / non-2xx |
| --- | --- | --- | --- | --- | --- |
${line('`GET /api/health`', health)}
${line('`GET /api/account/me` (session)', me)}
${line('`POST /api/simulator/simulate/`', simulate)}

Rapports (req/s) : lecture authentifiée / health = **× ${fmt(me.rps / health.rps, 2)}** (objectif ≥ 0,5) ; simulate / lecture
authentifiée = **× ${fmt(simulate.rps / me.rps, 2)}** (objectif ≥ 0,7). Les mêmes rapports tirés du CPU par requête
(indépendants de la charge de la machine) : × ${fmt(health.cpuMs / me.cpuMs, 2)} et × ${fmt(me.cpuMs / simulate.cpuMs, 2)}.

Mixte (10 + 10 connexions sur les routes légères pendant que simulate tourne avec ${CONNECTIONS} connexions) :

| Route | seule : req/s | seule : p99 (ms) | pendant simulate : req/s | pendant simulate : p99 (ms) | p99 pendant / seule (objectif ≤ ${P99_UNDER_LOAD_GOAL}) |
| --- | --- | --- | --- | --- | --- |
| \`GET /api/health\` | ${fmt((r.healthAlone as RunFigures).rps)} | ${fmt((r.healthAlone as RunFigures).p99)} | ${fmt((r.healthMixed as RunFigures).rps)} | ${fmt((r.healthMixed as RunFigures).p99)} | ${p99Verdict(r.healthAlone as RunFigures, r.healthMixed as RunFigures)} |
| \`GET /api/account/me\` | ${fmt((r.meAlone as RunFigures).rps)} | ${fmt((r.meAlone as RunFigures).p99)} | ${fmt((r.meMixed as RunFigures).rps)} | ${fmt((r.meMixed as RunFigures).p99)} | ${p99Verdict(r.meAlone as RunFigures, r.meMixed as RunFigures)} |
| \`POST /api/simulator/simulate/\` (charge) | | | ${fmt((r.simulateMixed as RunFigures).rps)} | ${fmt((r.simulateMixed as RunFigures).p99)} | |
`;
    });
    let ratios = '';
    if (targets.length === 2) {
      const [before, after] = targets.map((t) => results.get(t.label) as Record<string, RunFigures>) as [
        Record<string, RunFigures>,
        Record<string, RunFigures>,
      ];
      const ratio = (route: string) => fmt((after[route] as RunFigures).rps / (before[route] as RunFigures).rps, 2);
      const cpu = (route: string) =>
        `${fmt((before[route] as RunFigures).cpuMs, 2)} → ${fmt((after[route] as RunFigures).cpuMs, 2)}`;
      ratios = `\nAprès / avant (req/s, même exécution, courses entrelacées) : health × ${ratio('health')}, lecture authentifiée × ${ratio('me')}, simulate × ${ratio('simulate')}.
CPU du processus serveur par requête, avant → après (ms) : health ${cpu('health')}, lecture authentifiée ${cpu('me')}, simulate ${cpu('simulate')}.\n`;
    }
    const marker = process.env.BENCH_DATABASE_URL ? 'bench:api-postgres' : 'bench:api';
    const section = `<!-- ${marker} start -->
## API (issue 10 §6)${process.env.BENCH_DATABASE_URL ? ', PostgreSQL' : ', PGlite'}

Chiffres produits par \`npm run bench:api\` (\`bench/api.ts\`) — section réécrite à chaque exécution, le ${m.date}.
Machine : ${m.cpuModel}, ${m.nproc} cœurs (partagés : charge moyenne ${m.load} au départ), Node ${m.node}. Serveur réel
(\`buildApp\`, processus fils, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL local, une base créée puis supprimée par serveur' : 'PGlite en mémoire'}) sur 127.0.0.1, autocannon ${CONNECTIONS} connexions, ${SECONDS} s par
course${targets.length === 2 ? `, découpée en ${SLICES} tranches alternées entre « avant » et « après » (req/s = total des requêtes / durée totale ; p50, p99 = médianes des tranches). « avant » = les sources de \`${baselineRef}\` extraites de git, servies en même temps que « après »` : ''}.
${ratios}
Repères de l’issue 10 (autre machine, non comparables en absolu) : health 1 751 req/s ; lecture authentifiée 281 req/s,
p99 120 ms ; simulate 93 req/s, p99 298 ms. Causes trouvées au profilage et changements :
[ADR 0022](decisions/0022-request-path-caching-and-parallel-portfolio.md),
[ADR 0038](decisions/0038-request-path-statements-and-cpu-per-request.md). « CPU serveur » = temps CPU (utilisateur +
système) du processus serveur par requête, lu par \`process.cpuUsage()\` autour de chaque tranche : PGlite tourne dans ce
processus, les processus de PostgreSQL non. Profil par route : \`npx tsx bench/api-cpu.ts\` (BENCH_CPU_PROFILE).

${sections.join('\n')}<!-- ${marker} end -->
`;
    const docUrl = new URL('../docs/performance.md', import.meta.url);
    const previous = readFileSync(docUrl, 'utf8');
    const markers = new RegExp(`<!-- ${marker} start -->[\\s\\S]*<!-- ${marker} end -->\\n?`);
    writeFileSync(
      docUrl,
      markers.test(previous) ? previous.replace(markers, section) : `${previous.trimEnd()}\n\n${section}`,
    );
    console.log('\ndocs/performance.md mis à jour (section bench:api).');
  } finally {
    for (const t of targets) {
      await stop(t);
    }
  }
}

await main();
