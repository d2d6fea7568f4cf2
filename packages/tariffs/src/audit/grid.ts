/**
 * What the dated grids say a billed line should cost: the parameter of each line kind, its day-weighted value over
 * a (sub-)period (pro-rata across a grid change) and the sources to cite. Pure.
 */
import { addDays, daysBetween, type IsoDate } from '../dates.ts';
import { roundHalfAwayFromZero } from '../money.ts';
import { ATRD7_GRDF, ATRD7_TDN, type AtrdOption } from '../parameters/atrd7-grdf.ts';
import { ATRT8, type Tso } from '../parameters/atrt8.ts';
import { prorate, resolveAt } from '../parameters/lookup.ts';
import { TAXES } from '../parameters/taxes.ts';
import type { LineSource, Parameter } from '../parameters/types.ts';
import type { PointDeReseau } from '../simulator/types.ts';
import type { FindingSeverity, InvoiceLine, InvoiceLineKind, InvoicePeriod, NormalisedInvoice } from './types.ts';

/** Differences up to this amount (€) are rounding, never reported (ADR 0033). */
export const AMOUNT_TOLERANCE_EUROS = 0.02;

/** Days in a period (both ends included). */
export function periodDays(period: InvoicePeriod): number {
  return daysBetween(period.firstDay, addDays(period.lastDay, 1));
}

/** The period a line covers: its own, else the invoice's. */
export function linePeriod(invoice: NormalisedInvoice, line: InvoiceLine): InvoicePeriod {
  return line.period ?? invoice.period;
}

/** Duration factor of a line (1 when not printed: per-MWh lines). */
export function prorataOf(line: InvoiceLine): number {
  return line.prorata ?? 1;
}

export function roundCents(value: number): number {
  return roundHalfAwayFromZero(value, 2);
}

/** A grid value over a period: the day-weighted average of the values in force, with what to cite. */
export interface GridValue {
  readonly parameterId: string;
  readonly value: number;
  readonly sources: readonly LineSource[];
  readonly isEstimate: boolean;
  /** True when the grid changes inside the period (value = day-weighted average). */
  readonly spansChange: boolean;
}

/** Day-weighted value of `param` over `period` (both ends included); throws ParameterLookupError outside the grid. */
export function gridValue(param: Parameter, period: InvoicePeriod): GridValue {
  const p = prorate(param, period.firstDay, addDays(period.lastDay, 1));
  const resolved = p.segments.map((s) => resolveAt(param, s.from));
  const sources = dedupeSources(resolved.flatMap((r) => r.sources));
  return {
    parameterId: param.id,
    value: p.average,
    sources,
    isEstimate: resolved.some((r) => r.isEstimate),
    spansChange: p.segments.length > 1,
  };
}

export function dedupeSources(sources: readonly LineSource[]): readonly LineSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => {
    const key = `${s.url}|${s.title}`;
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** What a line kind is priced on, for a point. */
export interface PricingContext {
  readonly tarif: AtrdOption | null;
  readonly tso: Tso | null;
  readonly pointDeReseau: PointDeReseau;
}

/**
 * The dated parameter a line kind is billed at, or null when the kind is not regulated (supply, CEE, other), is
 * checked elsewhere (CTA), or the context lacks what is needed (no option, no TSO). For `tcr` the parameter is the
 * TCR of the TSO, to multiply by the NTR.
 */
export function gridParameterFor(kind: InvoiceLineKind, ctx: PricingContext): Parameter | null {
  const { tarif, tso } = ctx;
  switch (kind) {
    case 'abonnement':
      return tarif ? ATRD7_GRDF[tarif].abonnement : null;
    case 'termeProportionnel':
      return tarif && tarif !== 'TP' ? ATRD7_GRDF[tarif].proportionnel : null;
    case 'capaciteT4Jusqua500':
      return ATRD7_GRDF.T4.capaciteJusqua500;
    case 'capaciteT4AuDela500':
      return ATRD7_GRDF.T4.capaciteAuDela500;
    case 'capaciteTp':
      return ATRD7_GRDF.TP.capacite;
    case 'distanceTp':
      return ATRD7_GRDF.TP.distance;
    case 'debitNormalise':
      return ATRD7_TDN.terme;
    case 'tcs':
      return ATRT8.tcs;
    case 'tcr':
      return tso ? ATRT8.tcr[tso] : null;
    case 'tcl':
      if (!tso) {
        return null;
      }
      return ctx.pointDeReseau === 'PITD' ? ATRT8.tclPitd[tso] : (ATRT8.tclConsommateurTransport[tso] ?? null);
    case 'termeFixePoste':
      return tso ? ATRT8.termeFixePoste[tso] : null;
    case 'compensationStockage':
      return ATRT8.tts;
    case 'accise':
      return TAXES.accise;
    default:
      return null;
  }
}

/** ATRD fixed terms: the base of the CTA of a distribution-connected point. */
export const ATRD_FIXED_KINDS: readonly InvoiceLineKind[] = [
  'abonnement',
  'capaciteT4Jusqua500',
  'capaciteT4AuDela500',
  'capaciteTp',
  'distanceTp',
  'debitNormalise',
];

/** ATRT fixed terms: the base of the CTA of a transport-connected point (storage excluded, ADR 0024). */
export const ATRT_FIXED_KINDS: readonly InvoiceLineKind[] = ['tcs', 'tcr', 'tcl', 'termeFixePoste'];

/** `anomalie` when both sides are firm, `alerte` when the expected side rests on an estimate or a sample table. */
export function severityFor(isEstimate: boolean, usesSample = false): FindingSeverity {
  return isEstimate || usesSample ? 'alerte' : 'anomalie';
}

/** Inclusive-period containment. */
export function within(inner: InvoicePeriod, outer: InvoicePeriod): boolean {
  return inner.firstDay >= outer.firstDay && inner.lastDay <= outer.lastDay;
}

/** Days shared by two periods (both ends included), 0 when disjoint. */
export function overlapDays(a: InvoicePeriod, b: InvoicePeriod): number {
  const first: IsoDate = a.firstDay > b.firstDay ? a.firstDay : b.firstDay;
  const last: IsoDate = a.lastDay < b.lastDay ? a.lastDay : b.lastDay;
  return last < first ? 0 : daysBetween(first, addDays(last, 1));
}

/**
 * The units a line kind is priced in on the grid (after the reader's conversions: €/kWh → €/MWh, €/mois → €/an…).
 * A price is compared with the grid only when its printed unit is this one (ADR 0062): a line whose unit is not
 * printed, or is another, is « non vérifiable », never an anomaly. `quantity`: accepted units of the quantity when
 * one is printed (null: any, e.g. the months or years of a subscription).
 */
const GRID_UNITS: Partial<Record<InvoiceLineKind, { price: string; quantity: readonly string[] | null }>> = {
  abonnement: { price: '€/an', quantity: null },
  termeProportionnel: { price: '€/mwh', quantity: ['mwh'] },
  capaciteT4Jusqua500: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  capaciteT4AuDela500: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  capaciteTp: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  distanceTp: { price: '€/m/an', quantity: ['m'] },
  debitNormalise: { price: '€/nm3/h/an', quantity: ['nm3/h'] },
  tcs: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  tcr: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  tcl: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  termeFixePoste: { price: '€/an', quantity: null },
  compensationStockage: { price: '€/mwh/j/an', quantity: ['mwh/j'] },
  accise: { price: '€/mwh', quantity: ['mwh'] },
  ctaDistribution: { price: '%', quantity: ['€'] },
  ctaTransport: { price: '%', quantity: ['€'] },
};

/** Unit as compared: no spaces, lower case, `³` as `3`, `eur` as `€`. */
export function unitKey(unit: string): string {
  return unit
    .normalize('NFKC')
    .replace(/\s/g, '')
    .toLowerCase()
    .replace(/^eur(?=\/|$)/, '€')
    .replace(/³/g, '3');
}

/** The grid unit of a line kind's price, null for kinds not compared with a grid. */
export function gridPriceUnit(kind: InvoiceLineKind): string | null {
  return GRID_UNITS[kind]?.price ?? null;
}

/**
 * Why a line's price cannot be compared with the grid (its unit unknown or not the grid's), null when it can.
 * Only for kinds priced on a grid; other kinds (supply, CEE, other) are never compared.
 */
export function unverifiableReason(line: InvoiceLine): string | null {
  const units = GRID_UNITS[line.kind];
  if (!units || line.unitPrice === null) {
    return null;
  }
  const shown = units.price.replace('mwh', 'MWh').replace('nm3', 'Nm³');
  if (line.unitPriceUnit === null || line.unitPriceUnit.trim() === '') {
    return `unité du prix non imprimée (attendue : ${shown})`;
  }
  if (unitKey(line.unitPriceUnit) !== units.price) {
    return `prix en « ${line.unitPriceUnit} », unité non convertible en ${shown}`;
  }
  if (line.quantityUnit !== null && units.quantity && !units.quantity.includes(unitKey(line.quantityUnit))) {
    return `quantité en « ${line.quantityUnit} », unité non convertible en ${units.quantity.join(' ou ').replace('mwh', 'MWh')}`;
  }
  return null;
}

/** True when the line's price and quantity are in the grid's units (see `unverifiableReason`). */
export function isVerifiable(line: InvoiceLine): boolean {
  return unverifiableReason(line) === null;
}
