/**
 * Exact minimisation of the capacity-related cost over INTEGER capacities (what contracts subscribe).
 *
 * The cost F is piecewise linear in the capacity, but neither convex (the ATRD band above 500 MWh/j is
 * cheaper: concave) nor even continuous (the distribution rule counts a day among « the other overruns » only
 * when it exceeds the capacity by more than 5 %: a jump). Whatever its shape, a function that is linear between
 * consecutive breakpoints b_i < b_{i+1} reaches its minimum over the integers of [b_i, b_{i+1}] at the first or
 * the last of them. So the integer optimum is among Z = { ⌊b⌋, ⌊b⌋+1, ⌈b⌉−1, ⌈b⌉ : b breakpoint } ∩ [0, U],
 * U = ⌈max daily consumption⌉ (above U there is no overrun and every term grows).
 *
 * Breakpoints, per billing month: the month's maximum (max term), each other day's value / 1.05 (it enters the
 * « other overruns »), the capacities where the monthly overrun D crosses 5 % and 15 % of the capacity (roots of
 * a linear equation on each interval), each daily value (transport hinge); plus 0, the band threshold, U.
 *
 * Monthly mode (CJA C + monthly subscriptions c_m ≥ 0): with K_m = C + c_m, the cost is
 * F(C) = base(C) + Σ_m [ H_m(C) − cap_m(C) ] with h_m(K) = cap_m(K) + penalties of month m at K and
 * H_m(C) = min_{K ≥ C} h_m(K). H_m is computed exactly as a suffix minimum of h_m over Z (every breakpoint of
 * every month is in Z, so the minimum over all integers K ≥ C is reached on Z ∪ {C}). Between two consecutive
 * points of Z every h_m is linear and every suffix minimum constant, so F is there a sum of min(linear,
 * constant) plus a linear term: concave; its integer minimum is again at a point of Z.
 *
 * Evaluating F on Z is done with one sort per month and a sweep (pointers only move forward), so the whole is
 * O(n log n + |Z| × months) — no grid, no heuristic. See docs/optimiser.md for the proof details.
 */
import { atrdCapacityAmount, maxIndex, type PreparedSeries } from './cost.ts';
import type { CapacityCostModel, CapacityPlan, DistributionPenaltyRule } from './types.ts';

interface MonthIndex {
  readonly month: number;
  readonly top: number;
  /** Values of the other days, ascending, and suffix sums (suffix[i] = Σ others[i..]). */
  readonly others: Float64Array;
  readonly othersSuffix: Float64Array;
  /** All values ascending, and suffix sums. */
  readonly all: Float64Array;
  readonly allSuffix: Float64Array;
  readonly values: readonly number[];
}

function suffixSums(sorted: Float64Array): Float64Array {
  const out = new Float64Array(sorted.length + 1);
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    out[i] = (out[i + 1] as number) + (sorted[i] as number);
  }
  return out;
}

function indexMonth(month: number, values: readonly number[]): MonthIndex {
  const topIdx = values.length > 0 ? maxIndex(values) : -1;
  const othersList: number[] = [];
  for (let i = 0; i < values.length; i += 1) {
    if (i !== topIdx) {
      othersList.push(values[i] as number);
    }
  }
  const others = Float64Array.from(othersList).sort();
  const all = Float64Array.from(values).sort();
  return {
    month,
    top: topIdx >= 0 ? (values[topIdx] as number) : 0,
    others,
    othersSuffix: suffixSums(others),
    all,
    allSuffix: suffixSums(all),
    values,
  };
}

/** Breakpoints of one billing month's penalties, within [0, upper]. */
function monthBreakpoints(
  idx: MonthIndex,
  rule: DistributionPenaltyRule | null,
  transportRate: number,
  upper: number,
  out: number[],
): void {
  if (idx.values.length === 0) {
    return;
  }
  if (transportRate > 0) {
    for (const v of idx.all) {
      out.push(v);
    }
  }
  if (!rule) {
    return;
  }
  const factor = 1 + rule.othersThreshold;
  const points = [0, upper, idx.top];
  for (const v of idx.others) {
    points.push(v / factor);
  }
  for (const p of points) {
    out.push(p);
  }
  // Crossings of D(K) with from × K on each interval where D is linear: D(K) = a − b K.
  const sorted = points.filter((p) => p >= 0 && p <= upper).sort((x, y) => x - y);
  for (let i = 0; i + 1 < sorted.length; i += 1) {
    const lo = sorted[i] as number;
    const hi = sorted[i + 1] as number;
    if (!(hi > lo)) {
      continue;
    }
    const mid = (lo + hi) / 2;
    let a = 0;
    let b = 0;
    if (mid < idx.top) {
      a += idx.top;
      b += 1;
    }
    const threshold = factor * mid;
    for (const v of idx.others) {
      if (v > threshold) {
        a += rule.othersShare * v;
        b += rule.othersShare;
      }
    }
    for (const tier of rule.tiers) {
      const denom = b + tier.from;
      if (denom > 0) {
        const root = a / denom;
        if (root > lo && root < hi) {
          out.push(root);
        }
      }
    }
  }
}

/** Integer candidates around every breakpoint, sorted and unique, within [0, upper]. */
function integerCandidates(breakpoints: readonly number[], upper: number): Float64Array {
  const set = new Set<number>([0, upper]);
  for (const b of breakpoints) {
    if (!Number.isFinite(b)) {
      continue;
    }
    const f = Math.floor(b);
    const c = Math.ceil(b);
    for (const x of [f, f + 1, c - 1, c]) {
      if (x >= 0 && x <= upper) {
        set.add(x);
      }
    }
  }
  return Float64Array.from(set).sort();
}

/** Penalties of one billing month at every (ascending) capacity of `ks`, added into `acc`. */
function addMonthPenalties(
  idx: MonthIndex,
  rule: DistributionPenaltyRule | null,
  transportRate: number,
  ks: Float64Array,
  acc: Float64Array,
): void {
  if (idx.values.length === 0) {
    return;
  }
  const nOthers = idx.others.length;
  const nAll = idx.all.length;
  let po = 0;
  let pa = 0;
  const monthlyTerm = rule ? rule.referenceAnnualRate * (rule.monthlyFractions[idx.month] as number) : 0;
  for (let i = 0; i < ks.length; i += 1) {
    const k = ks[i] as number;
    let penalty = 0;
    if (rule) {
      // Same comparison as monthlyOverrun: a day counts when v > (1 + threshold) × K.
      const threshold = (1 + rule.othersThreshold) * k;
      while (po < nOthers && (idx.others[po] as number) <= threshold) {
        po += 1;
      }
      const others = (idx.othersSuffix[po] as number) - (nOthers - po) * k;
      const overrun = Math.max(0, idx.top - k) + rule.othersShare * others;
      let previous = 0;
      for (const tier of rule.tiers) {
        penalty += (tier.multiple - previous) * monthlyTerm * Math.max(0, overrun - tier.from * k);
        previous = tier.multiple;
      }
    }
    if (transportRate > 0) {
      while (pa < nAll && (idx.all[pa] as number) <= k) {
        pa += 1;
      }
      penalty += transportRate * ((idx.allSuffix[pa] as number) - (nAll - pa) * k);
    }
    acc[i] = (acc[i] as number) + penalty;
  }
}

export interface SolveOptions {
  /** Optimise the 12 monthly subscriptions too. */
  readonly monthly: boolean;
}

export interface SolveResult {
  readonly plan: CapacityPlan;
  /** Cost of the plan as computed by the solver's sweep (the caller re-evaluates it with evaluatePlan). */
  readonly cost: number;
  /** Number of integer candidates evaluated. */
  readonly candidates: number;
}

const REL_EPS = 1e-12;

function better(value: number, best: number): boolean {
  if (best === Number.POSITIVE_INFINITY) {
    return value < best;
  }
  return value < best - REL_EPS * Math.max(1, Math.abs(best));
}

/**
 * Exact integer minimiser of the capacity-related cost (see the module comment). Returns the cheapest plan; on
 * ties, the smallest CJA (and, in monthly mode, the smallest monthly subscriptions).
 */
export function solveCapacityPlan(
  model: CapacityCostModel,
  series: PreparedSeries,
  options: SolveOptions,
): SolveResult {
  const upper = series.upper;
  const rule = model.distributionPenalty;
  const rate = model.transportPenaltyPerMwh;
  const indexed = series.months.map((bm) => indexMonth(bm.month, bm.values));

  const breakpoints: number[] = [];
  if (Number.isFinite(model.atrd.threshold) && model.atrd.threshold < upper) {
    breakpoints.push(model.atrd.threshold);
  }
  for (const idx of indexed) {
    monthBreakpoints(idx, rule, rate, upper, breakpoints);
  }
  const ks = integerCandidates(breakpoints, upper);
  const n = ks.length;

  // Per calendar month: penalties at each candidate.
  const penaltiesByMonth: (Float64Array | null)[] = Array.from({ length: 12 }, () => null);
  for (const idx of indexed) {
    let acc = penaltiesByMonth[idx.month];
    if (!acc) {
      acc = new Float64Array(n);
      penaltiesByMonth[idx.month] = acc;
    }
    addMonthPenalties(idx, rule, rate, ks, acc);
  }

  const atrd = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    atrd[i] = atrdCapacityAmount(model, ks[i] as number);
  }
  const ctaFactor = 1 + model.ctaRate;
  const t = model.transportUnitPrice;

  let bestIndex = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestMonthly: number[] | null = null;

  if (!options.monthly) {
    for (let i = 0; i < n; i += 1) {
      let f = ctaFactor * (atrd[i] as number) + t * (ks[i] as number);
      for (let m = 0; m < 12; m += 1) {
        const acc = penaltiesByMonth[m];
        if (acc) {
          f += acc[i] as number;
        }
      }
      if (better(f, bestCost)) {
        bestCost = f;
        bestIndex = i;
      }
    }
    return {
      plan: { cja: ks[bestIndex] as number, mensuelles: null },
      cost: bestCost + model.storageAnnual,
      candidates: n,
    };
  }

  // Monthly mode: h_m(K) = cap_m(K) + penalties_m(K); suffix minima over the candidates.
  const suffixValue: Float64Array[] = [];
  const suffixArg: Int32Array[] = [];
  for (let m = 0; m < 12; m += 1) {
    const fa = model.atrdMonthlyFractions[m] as number;
    const ft = model.transportMonthlyFractions[m] as number;
    const acc = penaltiesByMonth[m];
    const value = new Float64Array(n);
    const arg = new Int32Array(n);
    let best = Number.POSITIVE_INFINITY;
    let bestArg = n - 1;
    for (let i = n - 1; i >= 0; i -= 1) {
      const h = fa * ctaFactor * (atrd[i] as number) + ft * t * (ks[i] as number) + (acc ? (acc[i] as number) : 0);
      // `!better(best, h)`: h ≤ best up to rounding → prefer the smaller capacity.
      if (!better(best, h)) {
        best = h;
        bestArg = i;
      }
      value[i] = best;
      arg[i] = bestArg;
    }
    suffixValue.push(value);
    suffixArg.push(arg);
  }
  for (let i = 0; i < n; i += 1) {
    const k = ks[i] as number;
    let f = ctaFactor * (atrd[i] as number) + t * k;
    for (let m = 0; m < 12; m += 1) {
      const fa = model.atrdMonthlyFractions[m] as number;
      const ft = model.transportMonthlyFractions[m] as number;
      f += (suffixValue[m]?.[i] as number) - fa * ctaFactor * (atrd[i] as number) - ft * t * k;
    }
    if (better(f, bestCost)) {
      bestCost = f;
      bestIndex = i;
    }
  }
  const cja = ks[bestIndex] as number;
  bestMonthly = [];
  for (let m = 0; m < 12; m += 1) {
    const arg = suffixArg[m]?.[bestIndex] as number;
    bestMonthly.push((ks[arg] as number) - cja);
  }
  return { plan: { cja, mensuelles: bestMonthly }, cost: bestCost + model.storageAnnual, candidates: n };
}
