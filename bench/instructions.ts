/**
 * Instruction counts of `optimiserCja` per site (issue 10 §6), this tree against BENCH_BASELINE (default `main`),
 * with callgrind: an instruction count does not depend on the machine's load, unlike a time. Run with
 * `npm run bench:instructions` (needs valgrind).
 *
 * bench/portfolio-profile.ts is bundled with esbuild twice — `@pilote/tariffs` from this tree, and from the
 * baseline's sources extracted by bench/baseline.ts — and each bundle runs under
 * `valgrind --tool=callgrind node --single-threaded` (no background compiler or GC threads: repeatable counts)
 * with 1 and with 3 passes over the same BENCH_INSTR_SITES (default 600) sites. The difference of the two counts,
 * divided by 2 × sites, is the steady-state count per call: start-up, site generation and the first (JIT
 * warm-up) pass cancel out. 600 rather than 300 sites (ADR 0039): with 300, a late re-optimisation by the JIT
 * fell in the measured passes and one build read 1.69 M instead of its 1.24 M. The four runs go in parallel. Written to docs/performance.md between the
 * `bench:instructions` markers.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { extractBaseline } from './baseline.ts';
import { machine } from './machine.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const SITES = Number(process.env.BENCH_INSTR_SITES ?? 600);
const baselineRef = process.env.BENCH_BASELINE ?? 'main';

async function bundle(out: string, tariffsIndex?: string): Promise<string> {
  const outfile = path.join(repo, 'bench', 'results', out);
  await build({
    entryPoints: [path.join(repo, 'bench', 'portfolio-profile.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    ...(tariffsIndex ? { alias: { '@pilote/tariffs': tariffsIndex } } : {}),
  });
  return outfile;
}

/** Instructions executed by one run (callgrind's « Collected » total) and the driver's checksum line. */
async function count(file: string, passes: number): Promise<{ instructions: number; checksum: string }> {
  const { stdout, stderr } = await run(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', 'node', '--single-threaded', file],
    {
      env: { ...process.env, BENCH_PROFILE_SITES: String(SITES), BENCH_PROFILE_PASSES: String(passes) },
      maxBuffer: 1 << 26,
    },
  );
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) {
    throw new Error(`callgrind: no count in\n${stderr.slice(-2000)}`);
  }
  return { instructions: Number(collected[1]), checksum: /checksum (\S+)/.exec(stdout)?.[1] ?? '?' };
}

const fmt = (n: number) =>
  Math.round(n)
    .toLocaleString('fr-FR')
    .replace(/\u202f/g, ' ');

async function main() {
  const m = machine();
  const baseline = extractBaseline(baselineRef);
  const [current, before] = await Promise.all([
    bundle('instr-current.mjs'),
    bundle('instr-baseline.mjs', path.join(baseline.root, 'packages/tariffs/src/index.ts')),
  ]);
  const [c1, c3, b1, b3] = await Promise.all([
    count(current, 1),
    count(current, 3),
    count(before, 1),
    count(before, 3),
  ]);
  const perCall = (one: { instructions: number }, three: { instructions: number }) =>
    (three.instructions - one.instructions) / (2 * SITES);
  const cur = perCall(c1, c3);
  const base = perCall(b1, b3);
  const same = c3.checksum === b3.checksum ? 'identiques' : `**différentes** (${b3.checksum} / ${c3.checksum})`;
  console.log(
    `Avant (${baseline.label}) : ${fmt(base)} instructions par site ; après : ${fmt(cur)} (× ${(base / cur).toFixed(2)})`,
  );
  console.log(`Sommes de contrôle des résultats : ${same}`);

  const section = `<!-- bench:instructions start -->
## Optimiseur : instructions par site (callgrind)

Chiffres produits par \`npm run bench:instructions\` (\`bench/instructions.ts\`) — section réécrite à chaque
exécution, le ${m.date}. Un nombre d'instructions ne dépend pas de la charge de la machine (Node ${m.node},
${m.cpuModel}). \`optimiserCja\` complet sur ${SITES} sites du portefeuille, \`node --single-threaded\` sous
\`valgrind --tool=callgrind\` ; (compte à 3 passes − compte à 1 passe) / (2 × ${SITES}) : démarrage, génération
des sites et 1ʳᵉ passe (JIT) s'annulent.

| Variante | Instructions par site | Rapport |
| --- | --- | --- |
| Avant (\`${baseline.label}\`) | ${fmt(base)} | × 1 |
| Après (cette branche) | **${fmt(cur)}** | × ${(base / cur).toFixed(2).replace('.', ',')} |

Résultats des deux variantes (somme de contrôle des CJA et économies) : ${same}.
<!-- bench:instructions end -->
`;
  const docUrl = new URL('../docs/performance.md', import.meta.url);
  const previous = readFileSync(docUrl, 'utf8');
  const marker = /<!-- bench:instructions start -->[\s\S]*<!-- bench:instructions end -->\n?/;
  writeFileSync(docUrl, marker.test(previous) ? previous.replace(marker, section) : `${previous}\n${section}`);
  console.log('docs/performance.md mis à jour.');
}

await main();
