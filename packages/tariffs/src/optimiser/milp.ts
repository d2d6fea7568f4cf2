/**
 * An independent formulation of the same optimisation as a mixed-integer linear programme (CPLEX LP format),
 * for checking the exact solver with an LP/MIP solver (HiGHS, `highs` package) in tests and in the benchmark.
 * Pure: builds text, solves nothing. Formulation documented in docs/optimiser.md §5.
 *
 * - C (and K_m in monthly mode) are integer variables, 0 ≤ · ≤ U.
 * - ATRD bands: A(C) = r1·a1 + r2·a2 with a1 + a2 = C, 0 ≤ a1 ≤ S, a2 ≤ U·β, a1 ≥ S·β, β binary. The second
 *   band is CHEAPER (concave cost), so an LP alone would fill a2 first; the binary forces a1 = S before a2 > 0.
 * - Penalties as slack variables, pushed to their lower bounds by the minimisation:
 *   x ≥ Qmax − K (max term); for every other day i: y_i ≥ Q_i − K − M(1 − z_i) and (1 + s)·K + M·z_i ≥ Q_i with z_i
 *   binary (the day counts among the « other overruns » iff Q_i > (1 + s)·K); p_k ≥ x + share·Σ y_i − from_k·K;
 *   cost Σ_k Δmultiple_k · monthlyTerm · p_k. Transport: u_i ≥ Q_i − K, cost rate·u_i.
 * - A transport-connected point (LI / PIC, ADR 0052): no ATRD band; w_i ≥ Q_i − (1 + t)·K, cost π_m·w_i; the
 *   transport price and the per-poste constant carry the CTA factor.
 * - Monthly mode: K_m ≥ C; monthly ATRD term f_m·(A(K_m) − A(C)) (bands of K_m with their own binary), transport
 *   g_m·T·(K_m − C); the penalties of month m use K_m.
 */
import { maxIndex, type PreparedSeries } from './cost.ts';
import type { CapacityCostModel } from './types.ts';

function num(value: number): string {
  if (Number.isInteger(value)) {
    return String(Math.abs(value));
  }
  return Math.abs(value).toPrecision(17);
}

class LinearExpr {
  private readonly terms = new Map<string, number>();

  add(coef: number, name: string): this {
    if (coef !== 0) {
      this.terms.set(name, (this.terms.get(name) ?? 0) + coef);
    }
    return this;
  }

  toString(): string {
    let out = '';
    for (const [name, coef] of this.terms) {
      if (coef === 0) {
        continue;
      }
      out += `${coef < 0 ? ' - ' : ' + '}${num(coef)} ${name}`;
    }
    return out === '' ? ' 0 C' : out;
  }
}

export interface CapacityMilp {
  /** CPLEX LP-format model. */
  readonly lp: string;
  /** Constant part of the cost (storage), to add to the solver's objective. */
  readonly constant: number;
  readonly binaries: number;
  readonly integers: number;
}

/** Builds the MILP of the capacity-cost minimisation (annual CJA, or CJA + 12 monthly subscriptions). */
export function buildCapacityMilp(
  model: CapacityCostModel,
  series: PreparedSeries,
  options: { readonly monthly: boolean },
): CapacityMilp {
  const upper = series.upper;
  const ctaFactor = 1 + model.ctaRate;
  const consumer = model.transportConsumer;
  // A transport-connected point pays the CTA on its fixed transport terms (ADR 0052); a PITD, on its ATRD part.
  const transportPrice = consumer ? model.transportUnitPrice * (1 + consumer.ctaRate) : model.transportUnitPrice;
  const { threshold, rateUpTo, rateAbove } = model.atrd;
  const banded = Number.isFinite(threshold) && threshold < upper;
  const objective = new LinearExpr();
  const constraints: string[] = [];
  const bounds: string[] = [];
  const generals: string[] = [];
  const binaries: string[] = [];
  let row = 0;
  const addRow = (expr: LinearExpr, sense: '>=' | '<=' | '=', rhs: number) => {
    row += 1;
    constraints.push(` r${row}:${expr.toString()} ${sense} ${rhs < 0 ? '-' : ''}${num(rhs)}`);
  };

  /** Adds the ATRD-band variables of capacity variable `cap` and returns the A(cap) expression terms. */
  const bandTerms = (cap: string, suffix: string): [number, string][] => {
    if (!banded) {
      return [[rateUpTo, cap]];
    }
    const a1 = `a1${suffix}`;
    const a2 = `a2${suffix}`;
    const beta = `beta${suffix}`;
    addRow(new LinearExpr().add(1, a1).add(1, a2).add(-1, cap), '=', 0);
    addRow(new LinearExpr().add(1, a2).add(-upper, beta), '<=', 0);
    addRow(new LinearExpr().add(1, a1).add(-threshold, beta), '>=', 0);
    bounds.push(` 0 <= ${a1} <= ${num(threshold)}`, ` ${a2} >= 0`);
    binaries.push(beta);
    return [
      [rateUpTo, a1],
      [rateAbove, a2],
    ];
  };

  generals.push('C');
  bounds.push(` 0 <= C <= ${upper}`);
  const annualBands = bandTerms('C', '');
  let annualAtrdWeight = ctaFactor;
  let annualTransportWeight = transportPrice;
  const capacityOfMonth: string[] = Array.from({ length: 12 }, () => 'C');
  if (options.monthly) {
    for (let m = 0; m < 12; m += 1) {
      const k = `K${m + 1}`;
      capacityOfMonth[m] = k;
      generals.push(k);
      bounds.push(` 0 <= ${k} <= ${upper}`);
      addRow(new LinearExpr().add(1, k).add(-1, 'C'), '>=', 0);
      const fa = model.atrdMonthlyFractions[m] as number;
      const ft = model.transportMonthlyFractions[m] as number;
      for (const [rate, name] of bandTerms(k, `_${m + 1}`)) {
        objective.add(fa * ctaFactor * rate, name);
      }
      objective.add(ft * transportPrice, k);
      annualAtrdWeight -= fa * ctaFactor;
      annualTransportWeight -= ft * transportPrice;
    }
  }
  for (const [rate, name] of annualBands) {
    objective.add(annualAtrdWeight * rate, name);
  }
  objective.add(annualTransportWeight, 'C');

  const rule = model.distributionPenalty;
  series.months.forEach((bm, g) => {
    const cap = capacityOfMonth[bm.month] as string;
    if (bm.values.length === 0) {
      return;
    }
    if (rule) {
      const monthlyTerm = rule.referenceAnnualRate * (rule.monthlyFractions[bm.month] as number);
      const top = maxIndex(bm.values);
      const x = `x_${g}`;
      bounds.push(` ${x} >= 0`);
      addRow(new LinearExpr().add(1, x).add(1, cap), '>=', bm.values[top] as number);
      const dExpr = (): LinearExpr => {
        const e = new LinearExpr().add(1, x);
        bm.values.forEach((_, i) => {
          if (i !== top) {
            e.add(rule.othersShare, `y_${g}_${i}`);
          }
        });
        return e;
      };
      // Big-M per day: M_i = Q_i is enough since K ≥ 0. Days with Q_i ≤ 0 can never count.
      const counted: number[] = [];
      bm.values.forEach((v, i) => {
        const y = `y_${g}_${i}`;
        if (i === top) {
          return;
        }
        bounds.push(` ${y} >= 0`);
        if (!(v > 0)) {
          return;
        }
        const z = `z_${g}_${i}`;
        binaries.push(z);
        counted.push(i);
        addRow(new LinearExpr().add(1, y).add(1, cap).add(-v, z), '>=', 0);
        addRow(new LinearExpr().add(1 + rule.othersThreshold, cap).add(v, z), '>=', v);
      });
      // Valid ordering cuts: a day counts only if every larger day of the month counts (z_big ≥ z_small).
      counted.sort((i, j) => (bm.values[j] as number) - (bm.values[i] as number));
      for (let r = 0; r + 1 < counted.length; r += 1) {
        addRow(new LinearExpr().add(1, `z_${g}_${counted[r]}`).add(-1, `z_${g}_${counted[r + 1]}`), '>=', 0);
      }
      let previous = 0;
      rule.tiers.forEach((tier, k) => {
        const p = `p_${g}_${k}`;
        bounds.push(` ${p} >= 0`);
        const expr = dExpr().add(-1, p).add(-tier.from, cap);
        addRow(expr, '<=', 0);
        objective.add((tier.multiple - previous) * monthlyTerm, p);
        previous = tier.multiple;
      });
    }
    if (consumer) {
      // ATRT8 daily overrun of a consumer on transport: w_i ≥ Q_i − (1 + t)·K, cost π_m·w_i.
      const rate = consumer.penaltyPerMwh[bm.month] as number;
      bm.values.forEach((v, i) => {
        const w = `w_${g}_${i}`;
        bounds.push(` ${w} >= 0`);
        addRow(new LinearExpr().add(1, w).add(1 + consumer.tolerance, cap), '>=', v);
        objective.add(rate, w);
      });
    }
    if (model.transportPenaltyPerMwh > 0) {
      bm.values.forEach((v, i) => {
        const u = `u_${g}_${i}`;
        bounds.push(` ${u} >= 0`);
        addRow(new LinearExpr().add(1, u).add(1, cap), '>=', v);
        objective.add(model.transportPenaltyPerMwh, u);
      });
    }
  });

  const lp = [
    'Minimize',
    ` obj:${objective.toString()}`,
    'Subject To',
    ...constraints,
    'Bounds',
    ...bounds,
    'General',
    ` ${generals.join(' ')}`,
    ...(binaries.length > 0 ? ['Binary', ...chunk(binaries)] : []),
    'End',
    '',
  ].join('\n');
  const constant = model.storageAnnual + (consumer ? consumer.posteAnnual * (1 + consumer.ctaRate) : 0);
  return { lp, constant, binaries: binaries.length, integers: generals.length };
}

function chunk(names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < names.length; i += 20) {
    out.push(` ${names.slice(i, i + 20).join(' ')}`);
  }
  return out;
}

/**
 * HiGHS options for an exact answer (no relative MIP gap). Presolve is off: on these models it costs more time than
 * it saves (measured on the benchmark sites); it does not change the optimum.
 */
export const HIGHS_EXACT_OPTIONS = {
  presolve: 'off',
  mip_rel_gap: 0,
  mip_abs_gap: 1e-7,
  output_flag: false,
} as const;
