/**
 * Benchmark of the CJA optimiser (issue 5, item 6). Run with `npm run bench`.
 *
 * 1. 1 000 random sites (one year of daily consumption each): our exact optimiser and the HiGHS MILP of the same
 *    problem (packages/tariffs/src/optimiser/milp.ts) are both run in this process's run; we print the largest
 *    cost gap (must be 0.00 €) and the speed ratio. HiGHS solves run in 2 worker threads (one WASM instance each)
 *    to keep the run short; every solve is timed on its own, so the ratio compares solve times, not wall time.
 * 2. A 10 000-site × 365-day portfolio through the full `optimiserCja` entry point, timed.
 * The figures are printed and written to docs/performance.md with the machine they come from.
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  buildCapacityMilp,
  capacityCostModelAt,
  HIGHS_EXACT_OPTIONS,
  type JourConsommation,
  modulationFromSeries,
  optimiserCja,
  PROFIL_CODES,
  planCost,
  prepareSeries,
  STATIONS_METEO,
  solveCapacityPlan,
  synthetiserSerie,
  type Tso,
} from '@pilote/tariffs';

const DATE = '2025-07-01';
const LP_SITES = Number(process.env.BENCH_LP_SITES ?? 1000);
const PORTFOLIO_SITES = Number(process.env.BENCH_PORTFOLIO_SITES ?? 10_000);

/** Deterministic PRNG (mulberry32) so that every run benchmarks the same sites. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shapes = new Map<string, readonly JourConsommation[]>();

/** Typical year of 1 MWh for a profile × station (memoised: the synthesis is linear in the assiette). */
function typicalShape(profil: (typeof PROFIL_CODES)[number], station: string): readonly JourConsommation[] {
  const key = `${profil}|${station}`;
  let shape = shapes.get(key);
  if (!shape) {
    shape = synthetiserSerie({ assiette: 1, profil, stationMeteo: station, debut: '2025-01-01' }).serie.jours;
    shapes.set(key, shape);
  }
  return shape;
}

interface Site {
  readonly tso: Tso;
  readonly ntr: number;
  readonly jours: JourConsommation[];
  readonly cjaActuelle: number;
  readonly monthly: boolean;
}

/**
 * A random T4 site: typical year (synthesis) × day-to-day noise, a few cold-spell days and random process spikes,
 * so that overruns and penalties matter. 5–60 GWh/yr; ~2 % of sites above 500 MWh/j (second ATRD band).
 */
function randomSite(rnd: () => number): Site {
  const big = rnd() < 0.02;
  const assiette = big ? 150_000 + rnd() * 100_000 : 5_000 + rnd() * 55_000;
  const profil = PROFIL_CODES[Math.floor(rnd() * PROFIL_CODES.length)] ?? 'P016';
  const station = STATIONS_METEO[Math.floor(rnd() * STATIONS_METEO.length)]?.code ?? 'PARIS-MONTSOURIS';
  const base = typicalShape(profil, station);
  const jours = base.map((j, i) => {
    let v = assiette * (j.mwh ?? 0) * (0.75 + 0.5 * rnd());
    if (rnd() < 0.01) {
      v *= 1.3 + rnd(); // spike
    }
    const cold = i < 45 || i > 340 ? 1 + 0.25 * rnd() : 1;
    return { date: j.date, mwh: v * cold, qualite: 'mesure' as const };
  });
  const max = Math.max(...jours.map((j) => j.mwh));
  return {
    tso: rnd() < 0.8 ? 'NaTran' : 'Teréga',
    ntr: Math.floor(rnd() * 6),
    jours,
    cjaActuelle: Math.ceil(max * (0.9 + 0.3 * rnd())),
    monthly: rnd() < 0.25,
  };
}

function machine() {
  const cpuModel =
    readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'))
      ?.split(':')[1]
      ?.trim() ??
    cpus()[0]?.model ??
    'inconnu';
  let nproc = String(cpus().length);
  try {
    nproc = execSync('nproc').toString().trim();
  } catch {
    // keep os.cpus()
  }
  return { cpuModel, nproc, node: process.version, date: new Date().toISOString().slice(0, 10) };
}

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

function fmt(value: number, decimals = 2): string {
  return value.toLocaleString('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

async function main() {
  const m = machine();
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
  const t0 = performance.now();
  let totalSaving = 0;
  for (const site of portfolio) {
    const r = optimiserCja({
      tarif: 'T4',
      tso: site.tso,
      ntr: site.ntr,
      dateEffet: DATE,
      serie: { jours: site.jours, origine: 'mesures' },
      cjaActuelle: site.cjaActuelle,
      ...(site.monthly ? { capacitesMensuelles: new Array(12).fill(0) } : {}),
    });
    totalSaving += r.economieAnnuelle;
  }
  const portfolioMs = performance.now() - t0;
  console.log(`\n2) Portefeuille ${fmt(PORTFOLIO_SITES, 0)} sites × 365 jours (optimiserCja complet)`);
  console.log(
    `   ${fmt(portfolioMs / 1000, 2)} s au total, ${fmt(portfolioMs / PORTFOLIO_SITES, 2)} ms/site ; économie cumulée ${fmt(totalSaving)} €/an (génération des séries : ${fmt(genMs / 1000, 1)} s, non comptée)`,
  );

  const doc = `# Performance de l'optimiseur de CJA

Chiffres produits par \`npm run bench\` (\`bench/run.ts\`) — fichier réécrit à chaque exécution.

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

\`optimiserCja\` complet par site (validation, paramètres datés, modulation, optimisation exacte, coûts avant/après),
un seul cœur : **${fmt(portfolioMs / 1000, 2)} s** au total, ${fmt(portfolioMs / PORTFOLIO_SITES, 2)} ms/site (génération des
séries : ${fmt(genMs / 1000, 1)} s, non comptée).
`;
  // Keep the "Public site" section, written by `npm run bench:web` (bench/web/run.mjs) between its markers.
  const docUrl = new URL('../docs/performance.md', import.meta.url);
  let previous = '';
  try {
    previous = readFileSync(docUrl, 'utf8');
  } catch {
    // first run
  }
  const webSection = /<!-- bench:web start -->[\s\S]*<!-- bench:web end -->\n?/.exec(previous)?.[0];
  writeFileSync(docUrl, webSection ? `${doc}\n${webSection}` : doc);
  console.log('\ndocs/performance.md mis à jour.');
}

await main();
