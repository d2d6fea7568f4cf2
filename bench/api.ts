/**
 * API benchmark (issue 10 §6). Run with `npm run bench:api`.
 *
 * Starts the real app (bench/api-server.ts, a child process: the server has its own event loop and core) on
 * 127.0.0.1:0 with PGlite (PostgreSQL too when BENCH_DATABASE_URL is set), signs a user in, then runs autocannon
 * (20 connections, BENCH_API_SECONDS = 10 s per run) against:
 *   - GET /api/health                (no session)
 *   - GET /api/account/me            (session cookie: session check + one read)
 *   - POST /api/simulator/simulate/  (session + CSRF token, the acceptance case of issue 4 on the sample data)
 *   - mixed: health and /api/account/me measured (10 connections each) while simulate is loaded (20 connections).
 * With BENCH_BASELINE=<git ref> (e.g. main) the same runs are made, interleaved, against a second server built
 * from that commit's sources (bench/baseline.ts), so that before/after come from one run on one machine.
 * Loopback only; every run is bounded in time. Figures are printed and written to docs/performance.md between
 * the `bench:api` markers (`bench:api-postgres` with PostgreSQL).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { extractBaseline } from './baseline.ts';
import { machine } from './machine.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Each SECONDS run is cut into this many slices, alternated between the targets. */
const SLICES = Number(process.env.BENCH_API_SLICES ?? 5);

/** The acceptance case of issue 4 on the packaged sample (apps/server/test/simulator.integration.test.ts). */
const SIMULATE_BODY = JSON.stringify({
  pointDeReseau: 'PITD',
  code: 'ECH-PITD-0001',
  commune: 'Paris',
  tso: 'NaTran',
  dso: 'GRDF',
  profil: 'P016',
  tarif: 'T4',
  car: '15 466,8',
  cjaMwhj: '109',
  dateEffetMonth: '2026-02',
  honeypot: '',
});

interface Target {
  readonly label: string;
  readonly child: ChildProcess;
  readonly url: string;
  readonly cookie: string;
  readonly csrfToken: string;
}

async function start(label: string, root?: string): Promise<Target> {
  const child = fork(new URL('./api-server.ts', import.meta.url), root ? [root] : [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; cookie: string; csrfToken: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; cookie: string; csrfToken: string }));
    child.once('exit', (code) => reject(new Error(`${label}: server exited (${code})`)));
  });
  return { label, child, url: `http://127.0.0.1:${ready.port}`, cookie: ready.cookie, csrfToken: ready.csrfToken };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.send('close');
  await exited;
}

type Route = 'health' | 'me' | 'simulate';

function request(target: Target, route: Route): autocannon.Options {
  const auth = { cookie: target.cookie };
  switch (route) {
    case 'health':
      return { url: `${target.url}/api/health` };
    case 'me':
      return { url: `${target.url}/api/account/me`, headers: auth };
    case 'simulate':
      return {
        url: `${target.url}/api/simulator/simulate/`,
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json',
          'x-csrftoken': target.csrfToken,
          origin: 'http://127.0.0.1',
        },
        body: SIMULATE_BODY,
      };
  }
}

export interface RunFigures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly requests: number;
}

function figures(result: autocannon.Result): RunFigures {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

function run(target: Target, route: Route, connections = CONNECTIONS, seconds = SECONDS): Promise<RunFigures> {
  return autocannon({ ...request(target, route), connections, duration: seconds }).then(figures);
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
      (slices[i] as RunFigures[]).push(await run(targets[i] as Target, route, CONNECTIONS, SECONDS / SLICES));
    }
  }
  return slices.map((runs) => ({
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
  return `| ${label} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${bad > 0 ? `**${fmt(bad)}**` : '0'} |`;
}

async function main() {
  const m = machine();
  const baselineRef = process.env.BENCH_BASELINE;
  console.log(`Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}`);
  const targets: Target[] = [];
  if (baselineRef) {
    const baseline = extractBaseline(baselineRef);
    targets.push(await start(`avant (${baseline.label})`, baseline.root));
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
          `${t.label} ${route}: ${fmt(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, erreurs ${f.errors + f.non2xx}`,
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

| Route (${CONNECTIONS} connexions, ${SECONDS} s) | req/s | p50 (ms) | p99 (ms) | erreurs / non-2xx |
| --- | --- | --- | --- | --- |
${line('`GET /api/health`', health)}
${line('`GET /api/account/me` (session)', me)}
${line('`POST /api/simulator/simulate/`', simulate)}

Rapports : lecture authentifiée / health = **× ${fmt(me.rps / health.rps, 2)}** (objectif ≥ 0,5) ; simulate / lecture
authentifiée = **× ${fmt(simulate.rps / me.rps, 2)}** (objectif ≥ 0,7).

Mixte (10 + 10 connexions sur les routes légères pendant que simulate tourne avec ${CONNECTIONS} connexions) :

| Route | seule : req/s | seule : p99 (ms) | pendant simulate : req/s | pendant simulate : p99 (ms) |
| --- | --- | --- | --- | --- |
| \`GET /api/health\` | ${fmt((r.healthAlone as RunFigures).rps)} | ${fmt((r.healthAlone as RunFigures).p99)} | ${fmt((r.healthMixed as RunFigures).rps)} | ${fmt((r.healthMixed as RunFigures).p99)} |
| \`GET /api/account/me\` | ${fmt((r.meAlone as RunFigures).rps)} | ${fmt((r.meAlone as RunFigures).p99)} | ${fmt((r.meMixed as RunFigures).rps)} | ${fmt((r.meMixed as RunFigures).p99)} |
| \`POST /api/simulator/simulate/\` (charge) | | | ${fmt((r.simulateMixed as RunFigures).rps)} | ${fmt((r.simulateMixed as RunFigures).p99)} |
`;
    });
    let ratios = '';
    if (targets.length === 2) {
      const [before, after] = targets.map((t) => results.get(t.label) as Record<string, RunFigures>) as [
        Record<string, RunFigures>,
        Record<string, RunFigures>,
      ];
      const ratio = (route: string) => fmt((after[route] as RunFigures).rps / (before[route] as RunFigures).rps, 2);
      ratios = `\nAprès / avant (req/s, même exécution, courses entrelacées) : health × ${ratio('health')}, lecture authentifiée × ${ratio('me')}, simulate × ${ratio('simulate')}.\n`;
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
[ADR 0022](decisions/0022-request-path-caching-and-parallel-portfolio.md).

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
