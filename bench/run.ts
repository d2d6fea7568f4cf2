/**
 * Benchmark of the CJA optimiser (issue 5, item 6). Run with `npm run bench`.
 *
 * 1. 1 000 random sites (one year of daily consumption each): our exact optimiser and the HiGHS MILP of the same
 *    problem (packages/tariffs/src/optimiser/milp.ts) are both run in this process's run; we print the largest
 *    cost gap (must be 0.00 €) and the speed ratio. HiGHS solves run in 2 worker threads (one WASM instance each)
 *    to keep the run short; every solve is timed on its own, so the ratio compares solve times, not wall time.
 * 2. A 10 000-site × 365-day portfolio through the full `optimiserCja` entry point, timed on one thread and on a
 *    pool of worker threads (bench/portfolio.ts; one per core), side by side in the same run, and with
 *    BENCH_BASELINE=<git ref> also with the optimiser of that commit (bench/baseline.ts), interleaved. The
 *    results of every variant are compared site by site (they must be identical).
 * The figures are printed and written to docs/performance.md with the machine they come from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  buildCapacityMilp,
  capacityCostModelAt,
  HIGHS_EXACT_OPTIONS,
  modulationFromSeries,
  optimiserCja,
  planCost,
  prepareSeries,
  solveCapacityPlan,
} from '@pilote/tariffs';
import { extractBaseline } from './baseline.ts';
import { machine } from './machine.ts';
import { type BatchResult, optimiseBatch, PortfolioPool, packBatch } from './portfolio.ts';
import { DATE, inputOf, prng, randomSite, type Site } from './sites.ts';

const LP_SITES = Number(process.env.BENCH_LP_SITES ?? 1000);
const PORTFOLIO_SITES = Number(process.env.BENCH_PORTFOLIO_SITES ?? 10_000);

interface HighsReply {
  readonly id: number;
  readonly status: string;
  readonly objective: number;
  readonly ms: number;
}

async function solveAllWithHighs(lps: readonly string[], workers: number): Promise<HighsReply[]> {
  const replies: HighsReply[] = new Array(lps.length);
  const pool = Array.from({ length: workers }, () => new Worker(new URL('./highs-worker.mjs', import.meta.url)));
  let next = 0;
  await Promise.all(
    pool.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = () => {
            if (next >= lps.length) {
              resolve();
              return;
            }
            const id = next;
            next += 1;
            worker.postMessage({ id, lp: lps[id], options: HIGHS_EXACT_OPTIONS });
          };
          worker.on('message', (reply: HighsReply) => {
            replies[reply.id] = reply;
            feed();
          });
          worker.on('error', reject);
          feed();
        }),
    ),
  );
  await Promise.all(pool.map((w) => w.terminate()));
  return replies;
}

/** CPU milliseconds of this process (all its threads) since `start`. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

function fmt(value: number, decimals = 2): string {
  return value.toLocaleString('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

async function main() {
  const m = machine();
  const same = (n: number) => (n === 0 ? 'identiques' : `**${n} sites différents**`);
  console.log(`Machine : ${m.nproc} cœur(s), ${m.cpuModel}, Node ${m.node}, ${m.date}`);

  // ---- 1. 1 000 sites: exact optimiser vs HiGHS -----------------------------------------------------------
  const rnd = prng(20_261_122);
  const sites = Array.from({ length: LP_SITES }, () => randomSite(rnd));
  const modelOf = (site: Site) =>
    capacityCostModelAt({
      tarif: 'T4',
      tso: site.tso,
      ntr: site.ntr,
      date: DATE,
      modulation: modulationFromSeries(site.jours),
    }).model;

  const prepared = sites.map((s) => ({ site: s, model: modelOf(s), series: prepareSeries(s.jours) }));
  // Warm-up (JIT), then timed run.
  for (const p of prepared.slice(0, 50)) {
    solveCapacityPlan(p.model, p.series, { monthly: p.site.monthly });
  }
  const oursCost: number[] = [];
  let oursMs = 0;
  let candidates = 0;
  for (const p of prepared) {
    const t0 = performance.now();
    const series = prepareSeries(p.site.jours);
    const solved = solveCapacityPlan(p.model, series, { monthly: p.site.monthly });
    oursMs += performance.now() - t0;
    candidates += solved.candidates;
    oursCost.push(planCost(p.model, series, solved.plan));
  }

  const buildStart = performance.now();
  const milps = prepared.map((p) => buildCapacityMilp(p.model, p.series, { monthly: p.site.monthly }));
  const buildMs = performance.now() - buildStart;
  const wall0 = performance.now();
  const replies = await solveAllWithHighs(
    milps.map((x) => x.lp),
    2,
  );
  const highsWallMs = performance.now() - wall0;
  let maxGap = 0;
  let notOptimal = 0;
  let highsMs = 0;
  let binaries = 0;
  replies.forEach((r, i) => {
    highsMs += r.ms;
    binaries += milps[i]?.binaries ?? 0;
    if (r.status !== 'Optimal') {
      notOptimal += 1;
      return;
    }
    const gap = Math.abs((oursCost[i] as number) - (r.objective + (milps[i]?.constant ?? 0)));
    maxGap = Math.max(maxGap, gap);
  });
  const ratio = highsMs / oursMs;
  const monthlySites = sites.filter((s) => s.monthly).length;

  console.log(`\n1) ${LP_SITES} sites aléatoires (365 jours ; ${monthlySites} en mode capacités mensuelles)`);
  console.log(
    `   Écart de coût max optimiseur exact vs HiGHS (MILP) : ${fmt(maxGap)} €  (non optimaux : ${notOptimal})`,
  );
  console.log(
    `   Optimiseur exact : ${fmt(oursMs, 0)} ms au total, ${fmt((oursMs * 1000) / LP_SITES, 0)} µs/site (${fmt(candidates / LP_SITES, 0)} candidats/site)`,
  );
  console.log(
    `   HiGHS            : ${fmt(highsMs, 0)} ms de résolution au total, ${fmt(highsMs / LP_SITES, 1)} ms/site (${fmt(binaries / LP_SITES, 0)} binaires/site ; écriture des modèles ${fmt(buildMs, 0)} ms ; mur ${fmt(highsWallMs / 1000, 1)} s sur 2 workers)`,
  );
  console.log(`   Rapport de vitesse (temps HiGHS / temps optimiseur exact) : × ${fmt(ratio, 0)}`);

  // ---- 2. Portfolio: 10 000 sites × 365 days through optimiserCja ------------------------------------------
  const rnd2 = prng(7);
  const genStart = performance.now();
  const portfolio = Array.from({ length: PORTFOLIO_SITES }, () => randomSite(rnd2));
  const genMs = performance.now() - genStart;
  const baselineRef = process.env.BENCH_BASELINE;
  const baseline = baselineRef ? extractBaseline(baselineRef) : null;
  const baselineLib: typeof import('@pilote/tariffs') | null = baseline
    ? await import(pathToFileURL(path.join(baseline.root, 'packages/tariffs/src/index.ts')).href)
    : null;
  /** One thread, in this process: [wall ms, CJA per site, saving per site]. */
  const sequential = (optimise: typeof optimiserCja) => {
    const cja = new Float64Array(portfolio.length);
    const economie = new Float64Array(portfolio.length);
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    portfolio.forEach((site, i) => {
      const r = optimise(inputOf(site));
      cja[i] = r.cjaOptimisee;
      economie[i] = r.economieAnnuelle;
    });
    return { ms: performance.now() - start, cpuMs: cpuMsSince(cpu0), cja, economie };
  };
  const workers = Number(process.env.BENCH_WORKERS ?? Math.max(2, Number(m.nproc)));
  const batchSize = 125;
  const pool = new PortfolioPool(workers);
  const batchCount = Math.ceil(portfolio.length / batchSize);
  const makeBatch = (b: number) => packBatch(b, DATE, portfolio.slice(b * batchSize, (b + 1) * batchSize));
  /** Worker pool, already started and warmed (as in a server): packing + transfer + solve + results. */
  const parallel = async () => {
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    const results: BatchResult[] = await pool.run(batchCount, makeBatch);
    const ms = performance.now() - start;
    const cpuMs = cpuMsSince(cpu0);
    const cja = new Float64Array(portfolio.length);
    const economie = new Float64Array(portfolio.length);
    results.forEach((r, b) => {
      cja.set(r.cja, b * batchSize);
      economie.set(r.economie, b * batchSize);
    });
    return { ms, cpuMs, cja, economie };
  };
  // Warm-up: JIT of every variant, workers started.
  await pool.run(Math.min(batchCount, workers * 2), makeBatch);
  for (const site of portfolio.slice(0, 300)) {
    optimiserCja(inputOf(site));
    baselineLib?.optimiserCja(inputOf(site));
  }
  optimiseBatch(optimiserCja, packBatch(0, DATE, portfolio.slice(0, 50)));
  const rounds = Number(process.env.BENCH_PORTFOLIO_ROUNDS ?? 2);
  const times = { baseline: [] as number[], sequential: [] as number[], parallel: [] as number[] };
  /** CPU time of the process (every thread: main and workers), per run. */
  const cpu = { baseline: [] as number[], sequential: [] as number[], parallel: [] as number[] };
  // Every variant's results against the first run of the current code on one thread.
  const reference = sequential(optimiserCja);
  const mismatches = { baseline: 0, sequential: 0, parallel: 0 };
  const check = (variant: keyof typeof mismatches, r: { cja: Float64Array; economie: Float64Array }) => {
    for (let i = 0; i < r.cja.length; i += 1) {
      if (r.cja[i] !== reference.cja[i] || r.economie[i] !== reference.economie[i]) {
        mismatches[variant] += 1;
      }
    }
  };
  // Interleaved rounds (alternating order), so that the three see the same machine load.
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['baseline', 'sequential', 'parallel'] : ['parallel', 'sequential', 'baseline'];
    for (const variant of order) {
      if (variant === 'baseline' && baselineLib) {
        const r = sequential(baselineLib.optimiserCja as typeof optimiserCja);
        times.baseline.push(r.ms);
        cpu.baseline.push(r.cpuMs);
        check('baseline', r);
      } else if (variant === 'sequential') {
        const r = sequential(optimiserCja);
        times.sequential.push(r.ms);
        cpu.sequential.push(r.cpuMs);
        check('sequential', r);
      } else if (variant === 'parallel') {
        const r = await parallel();
        times.parallel.push(r.ms);
        cpu.parallel.push(r.cpuMs);
        check('parallel', r);
      }
    }
  }
  await pool.close();
  let totalSaving = 0;
  for (const v of reference.economie) {
    totalSaving += v;
  }
  const best = (xs: number[]) => Math.min(...xs);
  const all = (xs: number[]) => xs.map((x) => fmt(x / 1000, 2)).join(' ; ');
  const seqMs = best(times.sequential);
  const parMs = best(times.parallel);
  const baseMs = baselineLib ? best(times.baseline) : null;
  console.log(
    `\n2) Portefeuille ${fmt(PORTFOLIO_SITES, 0)} sites × 365 jours (optimiserCja complet), ${rounds} manches entrelacées`,
  );
  if (baseMs !== null) {
    console.log(
      `   Avant (${baseline?.label}), 1 thread : ${fmt(baseMs / 1000, 2)} s (${all(times.baseline)}) ; CPU ${all(cpu.baseline)} s`,
    );
  }
  console.log(`   1 thread : ${fmt(seqMs / 1000, 2)} s (${all(times.sequential)}) ; CPU ${all(cpu.sequential)} s`);
  console.log(
    `   ${workers} workers : ${fmt(parMs / 1000, 2)} s (${all(times.parallel)}) ; CPU ${all(cpu.parallel)} s`,
  );
  console.log(
    `   Écarts site par site vs 1 thread : workers ${mismatches.parallel}, autres manches 1 thread ${mismatches.sequential}${baselineLib ? `, avant ${mismatches.baseline}` : ''}`,
  );
  const portfolioMs = parMs;

  const underLoad = Number(m.load.replace(',', '.')) > Number(m.nproc);
  const doc = `# Performance de l'optimiseur de CJA

Chiffres produits par \`npm run bench\` (\`bench/run.ts\`) — fichier réécrit à chaque exécution, sauf les sections
entre marqueurs des autres benchmarks. Toutes les mesures de l'issue 10 §6 en une commande, face à \`BENCH_BASELINE\`
(par défaut \`5aef9f1\`) : \`npm run bench:all\` (sur une machine au repos).

## Machine

| | |
| --- | --- |
| Cœurs (\`nproc\`) | ${m.nproc} |
| Processeur (/proc/cpuinfo) | ${m.cpuModel} |
| Node | ${m.node} |
| Date | ${m.date} |

## 1. Optimiseur exact vs solveur HiGHS (MILP), ${LP_SITES} sites aléatoires

Sites : année type synthétique (5 à 60 GWh/an, ~2 % au-delà de 500 MWh/j) × bruit journalier, vagues de froid et pics,
paramètres 2025-07-01 (NaTran/Teréga, NTR 0–5), ${monthlySites} sites en mode capacités mensuelles. Même problème des deux
côtés : l'optimiseur exact (\`solveCapacityPlan\`) et la formulation MILP indépendante (\`buildCapacityMilp\`) résolue
par HiGHS (\`mip_rel_gap = 0\`). Les deux sont mesurés dans la même exécution.

| Mesure | Valeur |
| --- | --- |
| Écart de coût maximal (optimiseur − HiGHS) | **${fmt(maxGap)} €** |
| Résolutions HiGHS non optimales | ${notOptimal} |
| Optimiseur exact, temps total | ${fmt(oursMs, 0)} ms (${fmt((oursMs * 1000) / LP_SITES, 0)} µs/site, ${fmt(candidates / LP_SITES, 0)} candidats/site) |
| HiGHS, temps de résolution total | ${fmt(highsMs, 0)} ms (${fmt(highsMs / LP_SITES, 1)} ms/site, ${fmt(binaries / LP_SITES, 0)} variables binaires/site) |
| Rapport de vitesse (HiGHS / optimiseur) | **× ${fmt(ratio, 0)}** |

Les résolutions HiGHS tournent dans 2 workers (une instance WASM chacun) pour raccourcir l'exécution ; le rapport compare
la somme des temps de résolution (hors écriture des modèles LP : ${fmt(buildMs, 0)} ms), pas le temps mur
(${fmt(highsWallMs / 1000, 1)} s).

## 2. Portefeuille ${fmt(PORTFOLIO_SITES, 0)} sites × 365 jours

\`optimiserCja\` complet par site (validation, paramètres datés, modulation, optimisation exacte, coûts avant/après).
Mesures dans la même exécution, ${rounds} manches entrelacées (ordre alterné), meilleur temps retenu (tous les temps
entre parenthèses) ; charge moyenne de la machine au départ : ${m.load}${underLoad ? ' — **mesuré sous charge** (machine partagée : plus de processus prêts que de cœurs ; comparer les variantes entre elles et le temps CPU, pas les temps murs absolus)' : ''}. Génération des séries : ${fmt(genMs / 1000, 1)} s, non comptée.

| Variante | Temps mur (s) | CPU, tous threads (s) | ms/site (mur) | Rapport (mur) |
| --- | --- | --- | --- | --- |
${baseMs !== null ? `| Avant (\`${baseline?.label}\`), 1 thread | ${fmt(baseMs / 1000, 2)} (${all(times.baseline)}) | ${fmt(best(cpu.baseline) / 1000, 2)} | ${fmt(baseMs / PORTFOLIO_SITES, 3)} | × 1 |\n` : ''}| Après, 1 thread | ${fmt(seqMs / 1000, 2)} (${all(times.sequential)}) | ${fmt(best(cpu.sequential) / 1000, 2)} | ${fmt(seqMs / PORTFOLIO_SITES, 3)} | ${baseMs !== null ? `× ${fmt(baseMs / seqMs, 2)}` : ''} |
| Après, ${workers} workers (\`bench/portfolio.ts\`) | **${fmt(portfolioMs / 1000, 2)}** (${all(times.parallel)}) | ${fmt(best(cpu.parallel) / 1000, 2)} | ${fmt(portfolioMs / PORTFOLIO_SITES, 3)} | ${baseMs !== null ? `× ${fmt(baseMs / portfolioMs, 2)}` : `× ${fmt(seqMs / portfolioMs, 2)} vs 1 thread`} |

Le temps CPU (\`process.cpuUsage()\`, tous les threads du processus, meilleure manche) dépend moins de la charge que
le temps mur : sur une machine chargée, le temps mur mesure surtout la part de cœur obtenue. Sur ${m.nproc} cœurs
libres, le temps mur des workers tend vers CPU / ${m.nproc}.

Résultats (CJA optimisée et économie de chaque site) comparés à la 1ʳᵉ exécution « après, 1 thread » : workers
${same(mismatches.parallel)}${baselineLib ? `, « avant » ${same(mismatches.baseline)}` : ''} ; économie cumulée ${fmt(totalSaving)} €/an. Les workers sont démarrés
et chauffés avant la mesure (comme un pool dans un serveur) ; le temps compte l'empaquetage des séries en tableaux
typés transférés, la résolution et le retour des résultats. Causes trouvées au profilage et changements :
[ADR 0022](decisions/0022-request-path-caching-and-parallel-portfolio.md),
[ADR 0028](decisions/0028-optimiser-scratch-memory-instruction-counts-and-test-timeouts.md),
[ADR 0039](decisions/0039-optimiser-series-calendar-and-bracketed-roots.md) ; nombre d'instructions
par site, indépendant de la charge : section « instructions » ci-dessous (\`npm run bench:instructions\`).
`;
  // Keep the sections written by the other benchmarks (`npm run bench:web`, `bench:api`, `bench:instructions`,
  // `bench:audit`, …) between their markers.
  const docUrl = new URL('../docs/performance.md', import.meta.url);
  let previous = '';
  try {
    previous = readFileSync(docUrl, 'utf8');
  } catch {
    // first run
  }
  // Every section between `bench:<name>` markers is kept (web, api, api-postgres, instructions, audit, …): a list
  // of names dropped the audit section when it was added by another benchmark.
  const kept = [...previous.matchAll(/<!-- bench:([\w-]+) start -->[\s\S]*?<!-- bench:\1 end -->\n?/g)].map(
    (match) => match[0],
  );
  writeFileSync(docUrl, [doc, ...kept].join('\n'));
  console.log('\ndocs/performance.md mis à jour.');
}

await main();
