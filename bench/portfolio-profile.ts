/**
 * Profiling driver of the portfolio (issue 10 §6): `optimiserCja` on BENCH_PROFILE_SITES (default 2 000) sites of
 * the portfolio benchmark, one thread, after a warm-up. Made to be run under a profiler, not timed:
 *   node --import tsx --cpu-prof --cpu-prof-dir=bench/results bench/portfolio-profile.ts
 *   valgrind --tool=callgrind node --import tsx bench/portfolio-profile.ts   (instruction counts, load-independent)
 * BENCH_PROFILE_PHASE=generate stops after generating the sites (the baseline to subtract from a count);
 * BENCH_PROFILE_PHASE=solve runs only the solver core (prepareSeries + solveCapacityPlan) on prepared models.
 * Prints a checksum of the results so that two variants can be compared.
 */
import {
  capacityCostModelAt,
  modulationFromSeries,
  optimiserCja,
  prepareSeries,
  solveCapacityPlan,
} from '@pilote/tariffs';
import { DATE, inputOf, prng, randomSite } from './sites.ts';

const SITES = Number(process.env.BENCH_PROFILE_SITES ?? 2000);
const phase = process.env.BENCH_PROFILE_PHASE ?? 'full';
const PASSES = Number(process.env.BENCH_PROFILE_PASSES ?? 2);
const rnd = prng(7);
const sites = Array.from({ length: SITES }, () => randomSite(rnd));
let checksum = 0;
const t0 = performance.now();
if (phase === 'generate') {
  // Site generation only: subtract from the other phases' instruction counts.
} else if (phase === 'solve') {
  const models = sites.map(
    (s) =>
      capacityCostModelAt({
        tarif: 'T4',
        tso: s.tso,
        ntr: s.ntr,
        date: DATE,
        modulation: modulationFromSeries(s.jours),
      }).model,
  );
  for (let r = 0; r < PASSES; r += 1) {
    sites.forEach((s, i) => {
      const solved = solveCapacityPlan(models[i] as (typeof models)[number], prepareSeries(s.jours), {
        monthly: s.monthly,
      });
      checksum += solved.plan.cja + solved.cost;
    });
  }
} else {
  for (let r = 0; r < PASSES; r += 1) {
    for (const s of sites) {
      const res = optimiserCja(inputOf(s));
      checksum += res.cjaOptimisee + res.economieAnnuelle;
    }
  }
}
console.log(`${phase} ${SITES} sites × ${PASSES}: ${(performance.now() - t0).toFixed(0)} ms, checksum ${checksum}`);
