/**
 * The capacity-cost model of a T4/TP point over one year of daily consumption, evaluated directly from its
 * definition (the reference the exact solver and the tests are checked against). Pure; amounts unrounded.
 * The model and its formulas are documented in docs/optimiser.md.
 */
import { t4CapacityCharge } from '../simulator/capacity-costs.ts';
import { calendarOf, type SeriesCalendar } from './calendar.ts';
import type {
  CapacityCostBreakdown,
  CapacityCostModel,
  CapacityPlan,
  DistributionPenaltyRule,
  JourConsommation,
  TransportConsumerTerms,
} from './types.ts';

/** One billing month of the series: the valid (non-missing) daily values, in day order. */
export interface BillingMonth {
  /** `YYYY-MM`. */
  readonly key: string;
  /** Calendar month, 0 = January. */
  readonly month: number;
  readonly values: readonly number[];
}

/** A series grouped by billing month, missing days left out (they cannot create an overrun). */
export interface PreparedSeries {
  readonly months: readonly BillingMonth[];
  /** Largest valid daily value (0 when none). */
  readonly max: number;
  /** Smallest integer capacity with no overrun: ceil(max). */
  readonly upper: number;
  readonly validDays: number;
}

/** Groups a series by billing month. Days flagged `manquant` (or with a null value) are skipped. */
export function prepareSeries(jours: readonly JourConsommation[]): PreparedSeries {
  const calendar = calendarOf(jours);
  return calendar ? prepareOnCalendar(jours, calendar) : prepareAnySeries(jours);
}

/**
 * {@link prepareSeries} of a series whose calendar is known (dates valid and strictly increasing): each day's
 * billing month is read from it, and the months come in day order, which is their key order.
 */
export function prepareOnCalendar(jours: readonly JourConsommation[], calendar: SeriesCalendar): PreparedSeries {
  const { slotOfDay, keys, months: monthOfSlot } = calendar;
  const months: BillingMonth[] = [];
  let values: number[] = [];
  let slot = -1;
  let max = 0;
  let validDays = 0;
  for (let i = 0; i < jours.length; i += 1) {
    const jour = jours[i] as JourConsommation;
    const mwh = jour.mwh;
    if (jour.qualite === 'manquant' || mwh === null) {
      continue;
    }
    const s = slotOfDay[i] as number;
    if (s !== slot) {
      slot = s;
      values = [];
      months.push({ key: keys[s] as string, month: monthOfSlot[s] as number, values });
    }
    values.push(mwh);
    validDays += 1;
    if (mwh > max) {
      max = mwh;
    }
  }
  return { months, max, upper: Math.ceil(max), validDays };
}

/** {@link prepareSeries} of any series (unsorted, or with dates the calendar does not take). */
function prepareAnySeries(jours: readonly JourConsommation[]): PreparedSeries {
  const byKey = new Map<string, { month: number; values: number[] }>();
  let last: { key: string; group: { month: number; values: number[] } } | null = null;
  let max = 0;
  let validDays = 0;
  for (const jour of jours) {
    if (jour.qualite === 'manquant' || jour.mwh === null) {
      continue;
    }
    // Days come mostly in order: reuse the previous day's group while the month is the same.
    let group: { month: number; values: number[] } | undefined =
      last !== null && jour.date.startsWith(last.key) ? last.group : undefined;
    if (!group) {
      const key = jour.date.slice(0, 7);
      group = byKey.get(key);
      if (!group) {
        group = { month: Number(jour.date.slice(5, 7)) - 1, values: [] };
        byKey.set(key, group);
      }
      last = { key, group };
    }
    group.values.push(jour.mwh);
    validDays += 1;
    if (jour.mwh > max) {
      max = jour.mwh;
    }
  }
  const months = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, g]) => ({ key, month: g.month, values: g.values }));
  return { months, max, upper: Math.ceil(max), validDays };
}

/**
 * ATRD capacity term (€/an) for a capacity K, marginal bands: the amount of the simulator's
 * {@link t4CapacityCharge}, with the same arithmetic but without building its band list (the solver calls this
 * for every candidate; a test checks both agree to the bit).
 */
export function atrdCapacityAmount(model: CapacityCostModel, capacity: number): number {
  if (!Number.isFinite(capacity) || capacity < 0) {
    // Same error as the simulator.
    return t4CapacityCharge(capacity, model.atrd.threshold, model.atrd.rateUpTo, model.atrd.rateAbove).amount;
  }
  const { threshold, rateUpTo, rateAbove } = model.atrd;
  const first = Math.min(capacity, threshold) * rateUpTo;
  const above = Math.max(0, capacity - threshold);
  return above > 0 ? first + above * rateAbove : first;
}

/** Index of the month's largest value (first one on ties): the day d* of the rule. */
export function maxIndex(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i += 1) {
    if ((values[i] as number) > (values[best] as number)) {
      best = i;
    }
  }
  return best;
}

/** Monthly overrun D of the distribution rule for capacity K (see {@link DistributionPenaltyRule}). */
export function monthlyOverrun(rule: DistributionPenaltyRule, values: readonly number[], capacity: number): number {
  if (values.length === 0) {
    return 0;
  }
  const top = maxIndex(values);
  const threshold = (1 + rule.othersThreshold) * capacity;
  let others = 0;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] as number;
    if (i !== top && v > threshold) {
      others += v - capacity;
    }
  }
  return Math.max(0, (values[top] as number) - capacity) + rule.othersShare * others;
}

/** Penalty (€) of one billing month under the distribution rule, from the overrun D. */
export function tieredPenalty(rule: DistributionPenaltyRule, month: number, overrun: number, capacity: number): number {
  const monthlyTerm = rule.referenceAnnualRate * (rule.monthlyFractions[month] as number);
  let penalty = 0;
  let previous = 0;
  for (const tier of rule.tiers) {
    penalty += (tier.multiple - previous) * monthlyTerm * Math.max(0, overrun - tier.from * capacity);
    previous = tier.multiple;
  }
  return penalty;
}

/**
 * ATRT8 daily overrun penalty (€) of a transport-connected point over one billing month of calendar month `month`:
 * Σ_d penaltyPerMwh[month] × (Q_d − (1 + tolerance) × capacity)⁺.
 */
export function transportConsumerPenalty(
  terms: TransportConsumerTerms,
  month: number,
  values: readonly number[],
  capacity: number,
): number {
  const limit = (1 + terms.tolerance) * capacity;
  let excess = 0;
  for (const v of values) {
    if (v > limit) {
      excess += v - limit;
    }
  }
  return (terms.penaltyPerMwh[month] as number) * excess;
}

/** Capacity subscribed in calendar month `month` under a plan. */
export function monthCapacity(plan: CapacityPlan, month: number): number {
  return plan.cja + (plan.mensuelles ? (plan.mensuelles[month] as number) : 0);
}

/**
 * Yearly capacity-related cost of a plan, straight from the definitions (docs/optimiser.md §2):
 * ATRD annual term A(C) + Σ_m f_m × (A(C + c_m) − A(C)), CTA on those, transport terms T × (C + Σ_m g_m c_m),
 * storage (constant), and the overrun penalties of every billing month at its capacity C + c_m.
 */
export function evaluatePlan(
  model: CapacityCostModel,
  series: PreparedSeries,
  plan: CapacityPlan,
): CapacityCostBreakdown {
  const cja = plan.cja;
  const atrdAnnual = atrdCapacityAmount(model, cja);
  let atrdMonthly = 0;
  let transportMonthly = 0;
  if (plan.mensuelles) {
    for (let m = 0; m < 12; m += 1) {
      const extra = plan.mensuelles[m] as number;
      if (extra > 0) {
        atrdMonthly +=
          (model.atrdMonthlyFractions[m] as number) * (atrdCapacityAmount(model, cja + extra) - atrdAnnual);
        transportMonthly += (model.transportMonthlyFractions[m] as number) * model.transportUnitPrice * extra;
      }
    }
  }
  const cta = model.ctaRate * (atrdAnnual + atrdMonthly);
  const transportAnnual = model.transportUnitPrice * cja;

  let penalitesDistribution = 0;
  let penalitesTransport = 0;
  let joursEnDepassement = 0;
  const penalitesParMois: Record<string, number> = {};
  const consumer = model.transportConsumer;
  for (const bm of series.months) {
    const capacity = monthCapacity(plan, bm.month);
    if (consumer) {
      const transportPenalty = transportConsumerPenalty(consumer, bm.month, bm.values, capacity);
      for (const v of bm.values) {
        if (v > capacity) {
          joursEnDepassement += 1;
        }
      }
      penalitesTransport += transportPenalty;
      penalitesParMois[bm.key] = transportPenalty;
      continue;
    }
    let monthPenalty = 0;
    if (model.distributionPenalty) {
      const overrun = monthlyOverrun(model.distributionPenalty, bm.values, capacity);
      monthPenalty += tieredPenalty(model.distributionPenalty, bm.month, overrun, capacity);
    }
    let excess = 0;
    for (const v of bm.values) {
      if (v > capacity) {
        excess += v - capacity;
        joursEnDepassement += 1;
      }
    }
    const transportPenalty = model.transportPenaltyPerMwh * excess;
    penalitesDistribution += monthPenalty;
    penalitesTransport += transportPenalty;
    penalitesParMois[bm.key] = monthPenalty + transportPenalty;
  }

  const distribution_fixe = atrdAnnual + atrdMonthly + cta;
  let transport_fixe = transportAnnual + transportMonthly;
  let ctaCapacite = cta;
  let termeFixePoste = 0;
  if (consumer) {
    // A transport-connected point: the per-poste term, and the CTA on the fixed transport terms (ADR 0024).
    termeFixePoste = consumer.posteAnnual;
    const ctaTransport = consumer.ctaRate * (transport_fixe + termeFixePoste);
    ctaCapacite += ctaTransport;
    transport_fixe = transport_fixe + termeFixePoste + ctaTransport;
  }
  const transport_stockage = model.storageAnnual;
  const transport_penalites = penalitesDistribution + penalitesTransport;
  return {
    distribution_fixe,
    transport_fixe,
    transport_stockage,
    transport_penalites,
    total_annuel: distribution_fixe + transport_fixe + transport_stockage + transport_penalites,
    details: {
      atrdCapaciteAnnuelle: atrdAnnual,
      atrdCapaciteMensuelle: atrdMonthly,
      ctaCapacite,
      transportCapaciteAnnuelle: transportAnnual,
      transportCapaciteMensuelle: transportMonthly,
      penalitesDistribution,
      penalitesTransport,
      penalitesParMois,
      joursEnDepassement,
      termeFixePoste,
    },
  };
}

/** Total yearly cost of a plan (convenience for tests and brute force). */
export function planCost(model: CapacityCostModel, series: PreparedSeries, plan: CapacityPlan): number {
  return evaluatePlan(model, series, plan).total_annuel;
}
