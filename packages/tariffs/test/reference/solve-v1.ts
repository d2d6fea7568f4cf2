/**
 * REFERENCE — the solver as of commit 5aef9f1 (ADR 0022), kept unchanged so that the property test
 * (optimiser-reference.property.test.ts) can check the allocation-free solver of ADR 0028 against it, plan and
 * cost to the bit. Do not optimise this file: it is the definition the fast path must reproduce.
 */
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
import { atrdCapacityAmount, maxIndex, type PreparedSeries } from '../../src/optimiser/cost.ts';
import type { CapacityCostModel, CapacityPlan, DistributionPenaltyRule } from '../../src/optimiser/types.ts';

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
  // One sort: the top day holds the month's largest value, so the other days, sorted, are the sorted month
  // without its last element (same multiset of values).
  const all = new Float64Array(values).sort();
  const others = all.subarray(0, Math.max(0, all.length - 1));
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

/** A growable list of numbers (breakpoints). */
export interface Buffer {
  data: Float64Array;
  length: number;
}

/** Appends `x` to `buffer`. */
function push(buffer: Buffer, x: number): void {
  if (buffer.length === buffer.data.length) {
    const grown = new Float64Array(buffer.data.length * 2);
    grown.set(buffer.data);
    buffer.data = grown;
  }
  buffer.data[buffer.length] = x;
  buffer.length += 1;
}

/**
 * Breakpoints of one billing month's penalties, within [0, upper].
 * `sorted` is scratch space (at least others.length + 3 long).
 */
function monthBreakpoints(
  idx: MonthIndex,
  rule: DistributionPenaltyRule | null,
  transportRate: number,
  upper: number,
  out: Buffer,
  scratch: Float64Array,
): void {
  if (idx.values.length === 0) {
    return;
  }
  if (transportRate > 0) {
    for (let i = 0; i < idx.all.length; i += 1) {
      push(out, idx.all[i] as number);
    }
  }
  if (!rule) {
    return;
  }
  const factor = 1 + rule.othersThreshold;
  const others = idx.others;
  const nOthers = others.length;
  const top = idx.top;
  // Points: 0, upper, the top value and each other value / factor (ascending, as `others` is sorted).
  push(out, 0);
  push(out, upper);
  push(out, top);
  let n = 0;
  const fixed = [0, upper, top].filter((p) => p >= 0 && p <= upper).sort((x, y) => x - y);
  let f = 0;
  for (let i = 0; i < nOthers; i += 1) {
    const p = (others[i] as number) / factor;
    push(out, p);
    if (!(p >= 0 && p <= upper)) {
      continue;
    }
    while (f < fixed.length && (fixed[f] as number) <= p) {
      scratch[n] = fixed[f] as number;
      n += 1;
      f += 1;
    }
    scratch[n] = p;
    n += 1;
  }
  while (f < fixed.length) {
    scratch[n] = fixed[f] as number;
    n += 1;
    f += 1;
  }
  // Crossings of D(K) with from × K on each interval where D is linear: D(K) = a − b K. The days counted in the
  // « other overruns » (v > factor × K) are a suffix of the sorted others, shrinking as K grows; they are summed
  // in ascending order, as in the definition.
  const share = rule.othersShare;
  const tiers = rule.tiers;
  let po = 0;
  for (let i = 0; i + 1 < n; i += 1) {
    const lo = scratch[i] as number;
    const hi = scratch[i + 1] as number;
    if (!(hi > lo)) {
      continue;
    }
    const mid = (lo + hi) / 2;
    let a = 0;
    let b = 0;
    if (mid < top) {
      a += top;
      b += 1;
    }
    const threshold = factor * mid;
    while (po < nOthers && !((others[po] as number) > threshold)) {
      po += 1;
    }
    for (let j = po; j < nOthers; j += 1) {
      a += share * (others[j] as number);
      b += share;
    }
    for (let t = 0; t < tiers.length; t += 1) {
      const denom = b + (tiers[t] as DistributionPenaltyRule['tiers'][number]).from;
      if (denom > 0) {
        const root = a / denom;
        if (root > lo && root < hi) {
          push(out, root);
        }
      }
    }
  }
}

/** Largest `upper` for which the candidates are collected in a bitmap (1 byte per integer) rather than sorted. */
const BITMAP_LIMIT = 1 << 20;

/**
 * Integer candidates around every breakpoint (⌊b⌋, ⌊b⌋ + 1, ⌈b⌉ − 1, ⌈b⌉), sorted and unique, within [0, upper].
 * Exported for the tests of both paths (bitmap up to `bitmapLimit`, sort beyond).
 */
export function integerCandidates(breakpoints: Buffer, upper: number, bitmapLimit = BITMAP_LIMIT): Float64Array {
  const data = breakpoints.data;
  if (upper <= bitmapLimit) {
    // Every candidate is an integer of [0, upper]: mark them, then read them in order (no sort).
    const marks = new Uint8Array(upper + 1);
    marks[0] = 1;
    marks[upper] = 1;
    let count = 0;
    for (let i = 0; i < breakpoints.length; i += 1) {
      const b = data[i] as number;
      if (!Number.isFinite(b)) {
        continue;
      }
      const f = Math.floor(b);
      const c = Math.ceil(b);
      const from = Math.max(0, f === c ? f - 1 : f);
      const to = Math.min(upper, f === c ? f + 1 : c);
      for (let x = from; x <= to; x += 1) {
        marks[x] = 1;
      }
    }
    for (let x = 0; x <= upper; x += 1) {
      count += marks[x] as number;
    }
    const out = new Float64Array(count);
    let n = 0;
    for (let x = 0; x <= upper; x += 1) {
      if (marks[x] === 1) {
        out[n] = x;
        n += 1;
      }
    }
    return out;
  }
  const raw = new Float64Array(breakpoints.length * 3 + 2);
  let n = 0;
  raw[n++] = 0;
  raw[n++] = upper;
  for (let i = 0; i < breakpoints.length; i += 1) {
    const b = data[i] as number;
    if (!Number.isFinite(b)) {
      continue;
    }
    const f = Math.floor(b);
    const c = Math.ceil(b);
    const from = Math.max(0, f === c ? f - 1 : f);
    const to = Math.min(upper, f === c ? f + 1 : c);
    for (let x = from; x <= to; x += 1) {
      raw[n++] = x + 0; // + 0: no −0
    }
  }
  const sorted = raw.subarray(0, n).sort();
  let unique = 0;
  for (let i = 0; i < n; i += 1) {
    if (unique === 0 || (sorted[i] as number) !== (sorted[unique - 1] as number)) {
      sorted[unique] = sorted[i] as number;
      unique += 1;
    }
  }
  return sorted.slice(0, unique);
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
  const others = idx.others;
  const othersSuffix = idx.othersSuffix;
  const all = idx.all;
  const allSuffix = idx.allSuffix;
  const nOthers = others.length;
  const nAll = all.length;
  const top = idx.top;
  let po = 0;
  let pa = 0;
  const monthlyTerm = rule ? rule.referenceAnnualRate * (rule.monthlyFractions[idx.month] as number) : 0;
  const factor = rule ? 1 + rule.othersThreshold : 0;
  const share = rule ? rule.othersShare : 0;
  const tiers = rule ? rule.tiers : [];
  // From the month's largest value up, no day overruns: every term below is exactly 0 (ks is ascending).
  const last = nAll > 0 ? (all[nAll - 1] as number) : 0;
  for (let i = 0; i < ks.length; i += 1) {
    const k = ks[i] as number;
    if (k >= last && k >= top) {
      break;
    }
    let penalty = 0;
    if (rule) {
      // Same comparison as monthlyOverrun: a day counts when v > (1 + threshold) × K.
      const threshold = factor * k;
      while (po < nOthers && (others[po] as number) <= threshold) {
        po += 1;
      }
      const otherOverruns = (othersSuffix[po] as number) - (nOthers - po) * k;
      const overrun = Math.max(0, top - k) + share * otherOverruns;
      let previous = 0;
      for (let t = 0; t < tiers.length; t += 1) {
        const tier = tiers[t] as DistributionPenaltyRule['tiers'][number];
        penalty += (tier.multiple - previous) * monthlyTerm * Math.max(0, overrun - tier.from * k);
        previous = tier.multiple;
      }
    }
    if (transportRate > 0) {
      while (pa < nAll && (all[pa] as number) <= k) {
        pa += 1;
      }
      penalty += transportRate * ((allSuffix[pa] as number) - (nAll - pa) * k);
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

  const breakpoints: Buffer = { data: new Float64Array(1024), length: 0 };
  if (Number.isFinite(model.atrd.threshold) && model.atrd.threshold < upper) {
    push(breakpoints, model.atrd.threshold);
  }
  let longest = 0;
  for (const idx of indexed) {
    longest = Math.max(longest, idx.values.length);
  }
  const scratch = new Float64Array(longest + 3);
  for (const idx of indexed) {
    monthBreakpoints(idx, rule, rate, upper, breakpoints, scratch);
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
    const accs = penaltiesByMonth.filter((acc): acc is Float64Array => acc !== null);
    const months = accs.length;
    for (let i = 0; i < n; i += 1) {
      let f = ctaFactor * (atrd[i] as number) + t * (ks[i] as number);
      for (let m = 0; m < months; m += 1) {
        f += (accs[m] as Float64Array)[i] as number;
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
  const fas = Float64Array.from(model.atrdMonthlyFractions);
  const fts = Float64Array.from(model.transportMonthlyFractions);
  for (let i = 0; i < n; i += 1) {
    const k = ks[i] as number;
    const a = atrd[i] as number;
    let f = ctaFactor * a + t * k;
    for (let m = 0; m < 12; m += 1) {
      f +=
        ((suffixValue[m] as Float64Array)[i] as number) -
        (fas[m] as number) * ctaFactor * a -
        (fts[m] as number) * t * k;
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
