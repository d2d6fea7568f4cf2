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
 *
 * Memory (ADR 0028): a site's arithmetic is a few thousand floating-point operations, less than the cost of
 * creating and collecting the ~70 typed arrays a solve used to allocate (each one an off-heap buffer). Every
 * array of a solve is now a view of scratch memory owned by this module and reused by the next solve (solves are
 * synchronous: one at a time per thread; nothing of it escapes). Each month's ≤ 31 values are sorted in place (by
 * the native sort when free of NaN and −0, else by insertion: the same array either way). The arithmetic — every operand and the order of every sum — is the one of the previous solver,
 * kept in test/reference/solve-v1.ts and compared plan and cost to the bit by a property test.
 */
import { atrdCapacityAmount, maxIndex, type PreparedSeries } from './cost.ts';
import { solveTransportConsumerPlan } from './transport-consumer.ts';
import type { CapacityCostModel, DistributionPenaltyRule, SolveOptions, SolveResult } from './types.ts';

export type { SolveOptions, SolveResult } from './types.ts';

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

function atLeastF64(current: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  return current.length >= size ? current : new Float64Array(Math.max(size, current.length * 2));
}

function atLeastI32(current: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return current.length >= size ? current : new Int32Array(Math.max(size, current.length * 2));
}

/**
 * Scratch memory of this thread's solves (see the module comment). Layout, for billing month j of the series
 * (values counted n_j, starting at offset o_j = n_0 + … + n_{j−1}):
 * - `sorted[o_j … o_j + n_j)`: the month's values ascending; « others » are its first n_j − 1 (the top day holds
 *   the month's largest value, so the other days sorted are the sorted month without its last element);
 * - `othersSuffix[o_j + i]` = Σ others[i..] (n_j entries, the last one 0);
 * - `allSuffix[o_j + j + i]` = Σ sorted[i..] (n_j + 1 entries; only with a transport penalty).
 */
const work = {
  sorted: new Float64Array(512),
  othersSuffix: new Float64Array(512),
  allSuffix: new Float64Array(512),
  offsets: new Int32Array(16),
  months: new Int32Array(16),
  tops: new Float64Array(16),
  breakpoints: { data: new Float64Array(1024), length: 0 } as Buffer,
  /** Merge space of monthBreakpoints (the others + 3 fixed points). */
  merge: new Float64Array(64),
  fixed: new Float64Array(3),
  /** The distribution rule's tiers (`from`, `multiple`), read once per solve: the model's arrays are frozen, and an
   * element of a frozen array is read through V8's generic keyed-load path (~100 instructions each). */
  tierFrom: new Float64Array(4),
  tierMultiple: new Float64Array(4),
  tierCount: 0,
  /** The rule's monthly fractions (12), read once per solve for the same reason. */
  monthlyFractions: new Float64Array(12),
  marks: new Uint8Array(1024),
  candidates: new Float64Array(512),
  penalties: new Float64Array(12 * 512),
  atrd: new Float64Array(512),
  suffixValue: new Float64Array(12 * 512),
  suffixArg: new Int32Array(12 * 512),
  /** Per calendar month: ATRD fraction × (1 + CTA), transport fraction × transport price. */
  fractionsCta: new Float64Array(12),
  fractionsT: new Float64Array(12),
};

/** Month size from which a month free of NaN and −0 is sorted by the native sort rather than by insertion. */
const NATIVE_SORT_FROM = 16;

/** Sorts `a[from … to)` ascending in place (insertion sort: a billing month has at most 31 values). */
function sortRange(a: Float64Array, from: number, to: number): void {
  if (to - from > 64) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i += 1) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= from && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j -= 1;
    }
    a[j + 1] = v;
  }
}

/** Suffix sums of `src[from … from + n)` into `out[at … at + n]` (out[at + i] = Σ src[from + i …], out[at + n] = 0). */
function suffixSumsInto(src: Float64Array, from: number, n: number, out: Float64Array, at: number): void {
  out[at + n] = 0;
  for (let i = n - 1; i >= 0; i -= 1) {
    out[at + i] = (out[at + i + 1] as number) + (src[from + i] as number);
  }
}

/** Sorts and indexes every billing month of the series into `work` (see its layout). Returns the month count. */
function indexMonths(series: PreparedSeries, withAllSuffix: boolean): number {
  const months = series.months;
  const count = months.length;
  work.offsets = atLeastI32(work.offsets, count + 1);
  work.months = atLeastI32(work.months, count);
  work.tops = atLeastF64(work.tops, count);
  let total = 0;
  for (let j = 0; j < count; j += 1) {
    total += (months[j] as PreparedSeries['months'][number]).values.length;
  }
  work.sorted = atLeastF64(work.sorted, total);
  work.othersSuffix = atLeastF64(work.othersSuffix, total);
  if (withAllSuffix) {
    work.allSuffix = atLeastF64(work.allSuffix, total + count);
  }
  const { sorted, othersSuffix, allSuffix, offsets, tops } = work;
  let offset = 0;
  for (let j = 0; j < count; j += 1) {
    const bm = months[j] as PreparedSeries['months'][number];
    const values = bm.values;
    const n = values.length;
    offsets[j] = offset;
    work.months[j] = bm.month;
    tops[j] = n > 0 ? (values[maxIndex(values)] as number) : 0;
    // Without NaN or −0, every correct sort gives the same array to the bit (equal doubles are indistinguishable):
    // the native sort then replaces the insertion sort for a full month (ADR 0039).
    let plain = true;
    for (let i = 0; i < n; i += 1) {
      const v = values[i] as number;
      sorted[offset + i] = v;
      if (Number.isNaN(v) || (v === 0 && 1 / v < 0)) {
        plain = false;
      }
    }
    if (plain && n > NATIVE_SORT_FROM) {
      sorted.subarray(offset, offset + n).sort();
    } else {
      sortRange(sorted, offset, offset + n);
    }
    if (n > 0) {
      suffixSumsInto(sorted, offset, n - 1, othersSuffix, offset);
    }
    if (withAllSuffix) {
      suffixSumsInto(sorted, offset, n, allSuffix, offset + j);
    }
    offset += n;
  }
  offsets[count] = offset;
  return count;
}

/** Inserts `p` into the ascending `fixed[0 … count)` when it lies in [0, upper] (after equal values); new count. */
function insertFixed(fixed: Float64Array, count: number, p: number, upper: number): number {
  if (!(p >= 0 && p <= upper)) {
    return count;
  }
  let k = count;
  while (k > 0 && (fixed[k - 1] as number) > p) {
    fixed[k] = fixed[k - 1] as number;
    k -= 1;
  }
  fixed[k] = p;
  return count + 1;
}

/** Breakpoints of billing month `j`'s penalties, within [0, upper], appended to `out`. */
function monthBreakpoints(
  j: number,
  rule: DistributionPenaltyRule | null,
  transportRate: number,
  upper: number,
  out: Buffer,
): void {
  const { sorted, offsets } = work;
  const start = offsets[j] as number;
  const nAll = (offsets[j + 1] as number) - start;
  if (nAll === 0) {
    return;
  }
  if (transportRate > 0) {
    for (let i = 0; i < nAll; i += 1) {
      push(out, sorted[start + i] as number);
    }
  }
  if (!rule) {
    return;
  }
  const factor = 1 + rule.othersThreshold;
  const nOthers = nAll - 1;
  const top = work.tops[j] as number;
  if (work.merge.length < nAll + 3) {
    work.merge = new Float64Array(nAll + 3);
  }
  const scratch = work.merge;
  // Points: 0, upper, the top value and each other value / factor (ascending, as the others are sorted).
  push(out, 0);
  push(out, upper);
  push(out, top);
  // The fixed points within [0, upper], ascending (a stable 3-element sort).
  const fixed = work.fixed;
  let nFixed = insertFixed(fixed, 0, 0, upper);
  nFixed = insertFixed(fixed, nFixed, upper, upper);
  nFixed = insertFixed(fixed, nFixed, top, upper);
  let n = 0;
  let f = 0;
  for (let i = 0; i < nOthers; i += 1) {
    const p = (sorted[start + i] as number) / factor;
    push(out, p);
    if (!(p >= 0 && p <= upper)) {
      continue;
    }
    while (f < nFixed && (fixed[f] as number) <= p) {
      scratch[n] = fixed[f] as number;
      n += 1;
      f += 1;
    }
    scratch[n] = p;
    n += 1;
  }
  while (f < nFixed) {
    scratch[n] = fixed[f] as number;
    n += 1;
    f += 1;
  }
  // Crossings of D(K) with from × K on each interval where D is linear: D(K) = a − b K. The days counted in the
  // « other overruns » (v > factor × K) are a suffix of the sorted others, shrinking as K grows; they are summed
  // in ascending order, as in the definition.
  const share = rule.othersShare;
  const { tierFrom, othersSuffix } = work;
  const tierCount = work.tierCount;
  // Sums of a month are exact to ~1e-15 of their size; roots that fall in an interval are rare (D(K) − from × K
  // decreases in K: about one per tier and month). So each interval is first bracketed with O(1) estimates of a
  // and b (the month's suffix sums); only when a root may lie in it are a and b summed term by term as in the
  // definition, and the root computed and kept exactly as before. Bracketing needs non-negative finite terms and
  // a month of a sane size; otherwise every interval takes the exact path (ADR 0039).
  const bracket =
    nAll <= 1000 &&
    (sorted[start] as number) >= 0 &&
    share >= 0 &&
    Number.isFinite(share) &&
    Number.isFinite(top) &&
    Number.isFinite(othersSuffix[start] as number);
  let po = 0;
  for (let i = 0; i + 1 < n; i += 1) {
    const lo = scratch[i] as number;
    const hi = scratch[i + 1] as number;
    if (!(hi > lo)) {
      continue;
    }
    const mid = (lo + hi) / 2;
    const above = mid < top;
    const threshold = factor * mid;
    while (po < nOthers && !((sorted[start + po] as number) > threshold)) {
      po += 1;
    }
    if (bracket) {
      // a ∈ aEst × (1 ± 2e-12), b + from ∈ bEst + from ± 2e-12 × (bEst + |from|): far wider than the rounding of
      // either way of summing (≤ 1000 terms × 2⁻⁵³ relative each).
      const aEst = (above ? top : 0) + share * (othersSuffix[start + po] as number);
      const bEst = (above ? 1 : 0) + (nOthers - po) * share;
      const aLow = aEst - 2e-12 * aEst;
      const aHigh = aEst + 2e-12 * aEst;
      let mayHaveRoot = false;
      for (let t = 0; t < tierCount && !mayHaveRoot; t += 1) {
        const from = tierFrom[t] as number;
        const dEst = bEst + from;
        const dError = 2e-12 * (bEst + Math.abs(from));
        if (!(dEst - dError > 0)) {
          mayHaveRoot = true; // the sign of the denominator is not settled: decide exactly
        } else {
          const rootHigh = (aHigh / (dEst - dError)) * (1 + 1e-12);
          const rootLow = (aLow / (dEst + dError)) * (1 - 1e-12);
          mayHaveRoot = rootHigh > lo && rootLow < hi;
        }
      }
      if (!mayHaveRoot) {
        continue;
      }
    }
    let a = 0;
    let b = 0;
    if (above) {
      a += top;
      b += 1;
    }
    for (let k = po; k < nOthers; k += 1) {
      a += share * (sorted[start + k] as number);
      b += share;
    }
    for (let t = 0; t < tierCount; t += 1) {
      const denom = b + (tierFrom[t] as number);
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
 * Integer candidates around every breakpoint (⌊b⌋, ⌊b⌋ + 1, ⌈b⌉ − 1, ⌈b⌉), sorted and unique, within [0, upper],
 * written to `work.candidates`; returns their count.
 */
function collectCandidates(breakpoints: Buffer, upper: number, bitmapLimit: number): number {
  const data = breakpoints.data;
  if (upper <= bitmapLimit) {
    // Every candidate is an integer of [0, upper]: mark them, then read them in order (no sort). The marks are
    // cleared while read, so the bitmap is all zeros for the next solve.
    if (work.marks.length < upper + 1) {
      work.marks = new Uint8Array(Math.max(upper + 1, work.marks.length * 2));
    }
    const marks = work.marks;
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
    work.candidates = atLeastF64(work.candidates, count);
    const out = work.candidates;
    let n = 0;
    for (let x = 0; x <= upper; x += 1) {
      if (marks[x] === 1) {
        marks[x] = 0;
        out[n] = x;
        n += 1;
      }
    }
    return count;
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
  work.candidates = atLeastF64(work.candidates, unique);
  work.candidates.set(sorted.subarray(0, unique));
  return unique;
}

/**
 * Integer candidates around every breakpoint (⌊b⌋, ⌊b⌋ + 1, ⌈b⌉ − 1, ⌈b⌉), sorted and unique, within [0, upper].
 * Exported for the tests of both paths (bitmap up to `bitmapLimit`, sort beyond); returns a copy.
 */
export function integerCandidates(breakpoints: Buffer, upper: number, bitmapLimit = BITMAP_LIMIT): Float64Array {
  const count = collectCandidates(breakpoints, upper, bitmapLimit);
  return work.candidates.slice(0, count);
}

/**
 * Penalties of billing month `j` at the first `n` (ascending) candidates `ks`, added into `acc[at … at + n)`.
 */
function addMonthPenalties(
  j: number,
  rule: DistributionPenaltyRule | null,
  transportRate: number,
  ks: Float64Array,
  n: number,
  acc: Float64Array,
  at: number,
): void {
  const { sorted, othersSuffix, allSuffix, offsets } = work;
  const start = offsets[j] as number;
  const nAll = (offsets[j + 1] as number) - start;
  if (nAll === 0) {
    return;
  }
  const nOthers = nAll - 1;
  const allAt = start + j;
  const top = work.tops[j] as number;
  let po = 0;
  let pa = 0;
  const month = work.months[j] as number;
  const monthlyTerm = rule ? rule.referenceAnnualRate * (work.monthlyFractions[month] as number) : 0;
  const factor = rule ? 1 + rule.othersThreshold : 0;
  const share = rule ? rule.othersShare : 0;
  const { tierFrom, tierMultiple, tierCount } = work;
  // From the month's largest value up, no day overruns: every term below is exactly 0 (ks is ascending).
  const last = sorted[start + nAll - 1] as number;
  if (rule && tierCount === 2 && !(transportRate > 0)) {
    // The usual case (the GRDF rule's two tiers, no transport penalty): the loop below without its branches, the
    // same terms in the same order ((m₁ − 0) × monthlyTerm × …, then (m₂ − m₁) × monthlyTerm × …).
    const c1 = ((tierMultiple[0] as number) - 0) * monthlyTerm;
    const c2 = ((tierMultiple[1] as number) - (tierMultiple[0] as number)) * monthlyTerm;
    const from1 = tierFrom[0] as number;
    const from2 = tierFrom[1] as number;
    // The next other value, the suffix sum and the count at `po` are held in locals and re-read only when `po`
    // moves (about once per day of the month, against ~100 candidates).
    let next = po < nOthers ? (sorted[start + po] as number) : 0;
    let suffix = othersSuffix[start + po] as number;
    let remaining = nOthers - po;
    for (let i = 0; i < n; i += 1) {
      const k = ks[i] as number;
      if (k >= last && k >= top) {
        break;
      }
      const threshold = factor * k;
      if (po < nOthers && next <= threshold) {
        po += 1;
        while (po < nOthers && (sorted[start + po] as number) <= threshold) {
          po += 1;
        }
        next = po < nOthers ? (sorted[start + po] as number) : 0;
        suffix = othersSuffix[start + po] as number;
        remaining = nOthers - po;
      }
      const otherOverruns = suffix - remaining * k;
      const overrun = Math.max(0, top - k) + share * otherOverruns;
      let penalty = 0;
      penalty += c1 * Math.max(0, overrun - from1 * k);
      penalty += c2 * Math.max(0, overrun - from2 * k);
      acc[at + i] = (acc[at + i] as number) + penalty;
    }
    return;
  }
  for (let i = 0; i < n; i += 1) {
    const k = ks[i] as number;
    if (k >= last && k >= top) {
      break;
    }
    let penalty = 0;
    if (rule) {
      // Same comparison as monthlyOverrun: a day counts when v > (1 + threshold) × K.
      const threshold = factor * k;
      while (po < nOthers && (sorted[start + po] as number) <= threshold) {
        po += 1;
      }
      const otherOverruns = (othersSuffix[start + po] as number) - (nOthers - po) * k;
      const overrun = Math.max(0, top - k) + share * otherOverruns;
      let previous = 0;
      for (let t = 0; t < tierCount; t += 1) {
        const multiple = tierMultiple[t] as number;
        penalty += (multiple - previous) * monthlyTerm * Math.max(0, overrun - (tierFrom[t] as number) * k);
        previous = multiple;
      }
    }
    if (transportRate > 0) {
      while (pa < nAll && (sorted[start + pa] as number) <= k) {
        pa += 1;
      }
      penalty += transportRate * ((allSuffix[allAt + pa] as number) - (nAll - pa) * k);
    }
    acc[at + i] = (acc[at + i] as number) + penalty;
  }
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
  if (model.transportConsumer) {
    // LI / PIC: a convex cost with its own exact solver (ADR 0052).
    return solveTransportConsumerPlan(model, model.transportConsumer, series, options);
  }
  const upper = series.upper;
  const rule = model.distributionPenalty;
  const rate = model.transportPenaltyPerMwh;
  const monthCount = indexMonths(series, rate > 0);
  if (rule) {
    const tiers = rule.tiers;
    work.tierFrom = atLeastF64(work.tierFrom, tiers.length);
    work.tierMultiple = atLeastF64(work.tierMultiple, tiers.length);
    for (let t = 0; t < tiers.length; t += 1) {
      const tier = tiers[t] as DistributionPenaltyRule['tiers'][number];
      work.tierFrom[t] = tier.from;
      work.tierMultiple[t] = tier.multiple;
    }
    work.tierCount = tiers.length;
    for (let m = 0; m < 12; m += 1) {
      work.monthlyFractions[m] = rule.monthlyFractions[m] as number;
    }
  } else {
    work.tierCount = 0;
  }

  const breakpoints = work.breakpoints;
  breakpoints.length = 0;
  if (Number.isFinite(model.atrd.threshold) && model.atrd.threshold < upper) {
    push(breakpoints, model.atrd.threshold);
  }
  for (let j = 0; j < monthCount; j += 1) {
    monthBreakpoints(j, rule, rate, upper, breakpoints);
  }
  const n = collectCandidates(breakpoints, upper, BITMAP_LIMIT);
  const ks = work.candidates;

  // Per calendar month: penalties at each candidate, in penalties[m × n … (m + 1) × n).
  work.penalties = atLeastF64(work.penalties, 12 * n);
  const penalties = work.penalties;
  let present = 0; // bit m: calendar month m has days
  for (let j = 0; j < monthCount; j += 1) {
    const m = work.months[j] as number;
    if ((present & (1 << m)) === 0) {
      present |= 1 << m;
      penalties.fill(0, m * n, (m + 1) * n);
    }
    addMonthPenalties(j, rule, rate, ks, n, penalties, m * n);
  }

  work.atrd = atLeastF64(work.atrd, n);
  const atrd = work.atrd;
  for (let i = 0; i < n; i += 1) {
    atrd[i] = atrdCapacityAmount(model, ks[i] as number);
  }
  const ctaFactor = 1 + model.ctaRate;
  const t = model.transportUnitPrice;

  let bestIndex = 0;
  let bestCost = Number.POSITIVE_INFINITY;

  if (!options.monthly) {
    for (let i = 0; i < n; i += 1) {
      let f = ctaFactor * (atrd[i] as number) + t * (ks[i] as number);
      for (let m = 0; m < 12; m += 1) {
        if ((present & (1 << m)) !== 0) {
          f += penalties[m * n + i] as number;
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
  work.suffixValue = atLeastF64(work.suffixValue, 12 * n);
  work.suffixArg = atLeastI32(work.suffixArg, 12 * n);
  const { suffixValue, suffixArg } = work;
  for (let m = 0; m < 12; m += 1) {
    // (f × cta) × x is how `f * cta * x` evaluates: the products are hoisted, not reassociated.
    const faCta = (model.atrdMonthlyFractions[m] as number) * ctaFactor;
    const ftT = (model.transportMonthlyFractions[m] as number) * t;
    work.fractionsCta[m] = faCta;
    work.fractionsT[m] = ftT;
    const has = (present & (1 << m)) !== 0;
    const row = m * n;
    let best = Number.POSITIVE_INFINITY;
    let bestArg = n - 1;
    for (let i = n - 1; i >= 0; i -= 1) {
      const h = faCta * (atrd[i] as number) + ftT * (ks[i] as number) + (has ? (penalties[row + i] as number) : 0);
      // `!better(best, h)`: h ≤ best up to rounding → prefer the smaller capacity.
      if (!better(best, h)) {
        best = h;
        bestArg = i;
      }
      suffixValue[row + i] = best;
      suffixArg[row + i] = bestArg;
    }
  }
  const { fractionsCta, fractionsT } = work;
  for (let i = 0; i < n; i += 1) {
    const k = ks[i] as number;
    const a = atrd[i] as number;
    let f = ctaFactor * a + t * k;
    for (let m = 0; m < 12; m += 1) {
      f += (suffixValue[m * n + i] as number) - (fractionsCta[m] as number) * a - (fractionsT[m] as number) * k;
    }
    if (better(f, bestCost)) {
      bestCost = f;
      bestIndex = i;
    }
  }
  const cja = ks[bestIndex] as number;
  const bestMonthly: number[] = [];
  for (let m = 0; m < 12; m += 1) {
    const arg = suffixArg[m * n + bestIndex] as number;
    bestMonthly.push((ks[arg] as number) - cja);
  }
  return { plan: { cja, mensuelles: bestMonthly }, cost: bestCost + model.storageAnnual, candidates: n };
}
