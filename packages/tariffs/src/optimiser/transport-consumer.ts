/**
 * Exact optimiser of a point connected to the transport network (LI / PIC, ADR 0052). Its capacity-dependent cost
 * is T' × C (+ Σ_m g_m T' c_m in monthly mode) plus the ATRT8 daily overrun penalty Σ_d π_m (Q_d − (1 + t) K_m)⁺,
 * T' = (TCS + TCR × NTR + TCL) × (1 + CTA rate): no ATRD band, no « 10 % of the other overruns » jump. Each month's
 * cost h_m(K) = g_m T' K + pen_m(K) is linear between the breakpoints Q_d / (1 + t), so the integer optimum of
 * every K_m, and of C, lies in Z = {⌊Q_d / (1 + t)⌋, ⌈Q_d / (1 + t)⌉} ∪ {0, U} (docs/optimiser.md §5 bis).
 * For C ∈ Z: month m costs min_{K ∈ Z, K ≥ C} h_m(K) − g_m T' C (a suffix minimum); F(C) = T' C + Σ_m that.
 * O(|Z| × days). Ties: the smallest C, then the smallest K_m.
 */
import type { PreparedSeries } from './cost.ts';
import type { CapacityCostModel, SolveOptions, SolveResult, TransportConsumerTerms } from './types.ts';

/** The integer candidates Z, ascending and distinct. */
function candidatesOf(series: PreparedSeries, tolerance: number): number[] {
  const upper = series.upper;
  const set = new Set<number>([0, upper]);
  for (const bm of series.months) {
    for (const v of bm.values) {
      if (v > 0) {
        const x = v / (1 + tolerance);
        set.add(Math.min(upper, Math.max(0, Math.floor(x))));
        set.add(Math.min(upper, Math.max(0, Math.ceil(x))));
      }
    }
  }
  return [...set].sort((a, b) => a - b);
}

export function solveTransportConsumerPlan(
  model: CapacityCostModel,
  terms: TransportConsumerTerms,
  series: PreparedSeries,
  options: SolveOptions,
): SolveResult {
  const z = candidatesOf(series, terms.tolerance);
  const n = z.length;
  const price = model.transportUnitPrice * (1 + terms.ctaRate);
  const factor = 1 + terms.tolerance;
  // pen[m][i]: penalty of calendar month m (every billing month of it) at capacity z[i].
  const pen: Float64Array[] = Array.from({ length: 12 }, () => new Float64Array(n));
  for (const bm of series.months) {
    const rate = terms.penaltyPerMwh[bm.month] as number;
    const row = pen[bm.month] as Float64Array;
    for (let i = 0; i < n; i += 1) {
      const limit = factor * (z[i] as number);
      let excess = 0;
      for (const v of bm.values) {
        if (v > limit) {
          excess += v - limit;
        }
      }
      row[i] = (row[i] as number) + rate * excess;
    }
  }
  const constant = model.storageAnnual + terms.posteAnnual * (1 + terms.ctaRate);

  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  if (!options.monthly) {
    for (let i = 0; i < n; i += 1) {
      let f = price * (z[i] as number);
      for (let m = 0; m < 12; m += 1) {
        f += (pen[m] as Float64Array)[i] as number;
      }
      if (f < bestCost) {
        bestCost = f;
        best = i;
      }
    }
    return { plan: { cja: z[best] as number, mensuelles: null }, cost: bestCost + constant, candidates: n };
  }

  // Suffix minima of h_m over z, with the smallest index among ties.
  const suffixMin: Float64Array[] = [];
  const suffixArg: Int32Array[] = [];
  for (let m = 0; m < 12; m += 1) {
    const g = (model.transportMonthlyFractions[m] as number) * price;
    const row = pen[m] as Float64Array;
    const mins = new Float64Array(n);
    const args = new Int32Array(n);
    let min = Number.POSITIVE_INFINITY;
    let arg = n - 1;
    for (let i = n - 1; i >= 0; i -= 1) {
      const h = g * (z[i] as number) + (row[i] as number);
      if (h <= min) {
        min = h;
        arg = i;
      }
      mins[i] = min;
      args[i] = arg;
    }
    suffixMin.push(mins);
    suffixArg.push(args);
  }
  for (let i = 0; i < n; i += 1) {
    const c = z[i] as number;
    let f = price * c;
    for (let m = 0; m < 12; m += 1) {
      f += ((suffixMin[m] as Float64Array)[i] as number) - (model.transportMonthlyFractions[m] as number) * price * c;
    }
    if (f < bestCost) {
      bestCost = f;
      best = i;
    }
  }
  const cja = z[best] as number;
  const mensuelles = Array.from(
    { length: 12 },
    (_, m) => (z[(suffixArg[m] as Int32Array)[best] as number] as number) - cja,
  );
  return { plan: { cja, mensuelles }, cost: bestCost + constant, candidates: n };
}
