/**
 * Quick A/B of `optimiserCja`: this tree against BENCH_BASELINE (default `main`, extracted by bench/baseline.ts),
 * in one process, on the same BENCH_AB_SITES (default 1 000) portfolio sites, 10 interleaved rounds after one
 * warm-up round, alternating the order. Prints the CPU time of each round (`process.cpuUsage()`: steadier than
 * wall time on a shared machine) and the best per site, and checks both give the same results.
 * Run with `npx tsx bench/optimiser-ab.ts`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '@pilote/tariffs';
import { extractBaseline } from './baseline.ts';
import { inputOf, prng, randomSite } from './sites.ts';

const baseline = extractBaseline(process.env.BENCH_BASELINE ?? 'main');
const before: typeof current = await import(
  pathToFileURL(path.join(baseline.root, 'packages/tariffs/src/index.ts')).href
);
const rnd = prng(7);
const sites = Array.from({ length: Number(process.env.BENCH_AB_SITES ?? 1000) }, () => randomSite(rnd));

function round(optimise: typeof current.optimiserCja): { cpuMs: number; checksum: number } {
  const start = process.cpuUsage();
  let checksum = 0;
  for (const site of sites) {
    const r = optimise(inputOf(site));
    checksum += r.cjaOptimisee + r.economieAnnuelle;
  }
  const used = process.cpuUsage(start);
  return { cpuMs: (used.user + used.system) / 1000, checksum };
}

const variants = { before: before.optimiserCja, after: current.optimiserCja };
const times: Record<keyof typeof variants, number[]> = { before: [], after: [] };
const checksums = new Set<number>();
for (let i = 0; i < 11; i += 1) {
  const order: (keyof typeof variants)[] = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
  for (const name of order) {
    const r = round(variants[name]);
    checksums.add(r.checksum);
    if (i > 0) {
      times[name].push(r.cpuMs);
    }
  }
}
for (const name of ['before', 'after'] as const) {
  const best = Math.min(...times[name]);
  console.log(
    `${name === 'before' ? `avant (${baseline.label})` : 'après'} : ${((best * 1000) / sites.length).toFixed(0)} µs CPU/site (manches : ${times[name].map((t) => t.toFixed(0)).join(' ')} ms)`,
  );
}
console.log(checksums.size === 1 ? 'résultats identiques' : `RÉSULTATS DIFFÉRENTS : ${[...checksums].join(' / ')}`);
