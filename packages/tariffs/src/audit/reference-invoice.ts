/**
 * Builds the invoice the grids say a point should receive for a period: every regulated line at the dated price,
 * split at each grid change, with its CTA, accise, VAT and totals. Used by the fixture corpus of
 * `@pilote/invoices` (correct invoices, then planted errors) and by the property test « a correct invoice has no
 * anomaly ». Pure.
 */
import { addDays, type IsoDate } from '../dates.ts';
import { roundHalfAwayFromZero } from '../money.ts';
import { ATRD7_GRDF, type AtrdOption } from '../parameters/atrd7-grdf.ts';
import type { Tso } from '../parameters/atrt8.ts';
import { prorate, valueAt } from '../parameters/lookup.ts';
import { TAXES } from '../parameters/taxes.ts';
import type { Parameter } from '../parameters/types.ts';
import {
  ATRD_FIXED_KINDS,
  ATRT_FIXED_KINDS,
  gridParameterFor,
  type PricingContext,
  periodDays,
  roundCents,
} from './grid.ts';
import type {
  InvoiceFormat,
  InvoiceLine,
  InvoiceLineKind,
  InvoicePeriod,
  InvoicePoint,
  InvoiceVatLine,
  NormalisedInvoice,
} from './types.ts';

export interface ReferenceInvoiceSpec {
  readonly format: InvoiceFormat;
  readonly layout: string;
  readonly supplier: string;
  readonly invoiceNumber: string;
  readonly issuedOn: IsoDate;
  readonly point: InvoicePoint;
  readonly tso: Tso;
  readonly ntr: number;
  /** ATRD option of a PITD point; null for a transport-connected point. */
  readonly tarif: AtrdOption | null;
  readonly car: number | null;
  /** Subscribed capacity (MWh/j): ATRD capacity of T4, transport capacity of a transport-connected point. */
  readonly cja: number | null;
  /** Transport capacity of a PITD point (CJN, MWh/j); defaults to the CJA. Without either no ATRT line. */
  readonly transportCapacity?: number;
  /** Storage modulation (MWh/j); without it no storage line. */
  readonly modulation?: number;
  readonly consumptionMwh: number;
  readonly period: InvoicePeriod;
  /** `mois`: a whole calendar month is 1/12 of the yearly terms (as the February 2026 model); `jours`: days/365. */
  readonly prorata: 'jours' | 'mois';
  /** Supply price (€/MWh), not regulated. */
  readonly fourniturePrice?: number;
  /** CEE cost passed on (€/MWh), not regulated. */
  readonly ceePrice?: number;
  /** False for a transporter's invoice (the accise is billed by the supplier). Default true. */
  readonly accise?: boolean;
}

/** French labels of the lines, as printed on the fixtures (the readers recognise them). */
export const LINE_LABELS: Readonly<Record<InvoiceLineKind, string>> = {
  abonnement: 'Abonnement distribution',
  termeProportionnel: 'Terme proportionnel distribution',
  capaciteT4Jusqua500: 'Souscription de capacité journalière T4 (jusqu’à 500 MWh/j)',
  capaciteT4AuDela500: 'Souscription de capacité journalière T4 (au-delà de 500 MWh/j)',
  capaciteTp: 'Souscription de capacité TP',
  distanceTp: 'Terme de distance TP',
  debitNormalise: 'Terme de débit normalisé',
  tcs: 'Terme de capacité de sortie du réseau principal (TCS)',
  tcr: 'Terme de capacité régional (TCR x NTR)',
  tcl: 'Terme de capacité de livraison (TCL)',
  termeFixePoste: 'Terme fixe par poste de livraison',
  compensationStockage: 'Compensation stockage',
  ctaDistribution: 'CTA part distribution',
  ctaTransport: 'CTA part transport',
  accise: 'Accise sur les gaz naturels',
  cee: 'Certificats d’économies d’énergie (CEE)',
  fourniture: 'Fourniture de gaz naturel',
  autre: 'Autre',
};

const UNITS: Partial<Record<InvoiceLineKind, [string, string]>> = {
  abonnement: ['an', '€/an'],
  termeProportionnel: ['MWh', '€/MWh'],
  capaciteT4Jusqua500: ['MWh/j', '€/MWh/j/an'],
  capaciteT4AuDela500: ['MWh/j', '€/MWh/j/an'],
  tcs: ['MWh/j', '€/MWh/j/an'],
  tcr: ['MWh/j', '€/MWh/j/an'],
  tcl: ['MWh/j', '€/MWh/j/an'],
  termeFixePoste: ['poste', '€/an'],
  compensationStockage: ['MWh/j', '€/MWh/j/an'],
  accise: ['MWh', '€/MWh'],
  cee: ['MWh', '€/MWh'],
  fourniture: ['MWh', '€/MWh'],
};

/** Last day of the month of `date`. */
function monthEnd(date: IsoDate): IsoDate {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** Whole calendar months in a period, or null when it is not made of whole months. */
function wholeMonths(period: InvoicePeriod): number | null {
  if (!period.firstDay.endsWith('-01') || monthEnd(period.lastDay) !== period.lastDay) {
    return null;
  }
  const [y1, m1] = period.firstDay.split('-').map(Number) as [number, number];
  const [y2, m2] = period.lastDay.split('-').map(Number) as [number, number];
  return (y2 - y1) * 12 + (m2 - m1) + 1;
}

/** The sub-periods of `period` on which `param` is constant. */
function segmentsOf(param: Parameter, period: InvoicePeriod): InvoicePeriod[] {
  return prorate(param, period.firstDay, addDays(period.lastDay, 1)).segments.map((s) => ({
    firstDay: s.from,
    lastDay: addDays(s.to, -1),
  }));
}

function makeLine(
  kind: InvoiceLineKind,
  quantity: number,
  unitPrice: number,
  prorata: number | null,
  period: InvoicePeriod | null,
): InvoiceLine {
  const [quantityUnit, unitPriceUnit] = UNITS[kind] ?? [null, null];
  return {
    label: LINE_LABELS[kind],
    kind,
    quantity,
    quantityUnit,
    unitPrice,
    unitPriceUnit,
    prorata,
    amount: roundCents(quantity * unitPrice * (prorata ?? 1)),
    period,
  };
}

export function referenceInvoice(spec: ReferenceInvoiceSpec): NormalisedInvoice {
  const isPitd = spec.point.pointDeReseau === 'PITD';
  const pricing: PricingContext = { tarif: spec.tarif, tso: spec.tso, pointDeReseau: spec.point.pointDeReseau };
  const totalDays = periodDays(spec.period);
  const single = (segments: InvoicePeriod[]) => segments.length === 1;
  const prorataOfSegment = (segment: InvoicePeriod): number => {
    const months = spec.prorata === 'mois' ? wholeMonths(segment) : null;
    return months === null ? periodDays(segment) / 365 : months / 12;
  };
  const lines: InvoiceLine[] = [];

  /** A time-based term: one line per constant-price segment. */
  const timeTerm = (kind: InvoiceLineKind, quantity: number, multiplier = 1) => {
    const param = gridParameterFor(kind, pricing);
    if (!param || quantity <= 0) {
      return;
    }
    const segments = segmentsOf(param, spec.period);
    for (const segment of segments) {
      const price = roundHalfAwayFromZero(valueAt(param, segment.firstDay) * multiplier, 6);
      lines.push(makeLine(kind, quantity, price, prorataOfSegment(segment), single(segments) ? null : segment));
    }
  };
  /** An energy term: the consumption split by days across the price segments (the last takes the remainder). */
  const energyTerm = (kind: InvoiceLineKind, param: Parameter | null, fixedPrice?: number) => {
    const segments = param ? segmentsOf(param, spec.period) : [spec.period];
    let left = spec.consumptionMwh;
    segments.forEach((segment, i) => {
      const quantity =
        i === segments.length - 1
          ? roundHalfAwayFromZero(left, 3)
          : roundHalfAwayFromZero((spec.consumptionMwh * periodDays(segment)) / totalDays, 3);
      left -= quantity;
      const price = fixedPrice ?? (param ? valueAt(param, segment.firstDay) : 0);
      lines.push(makeLine(kind, quantity, price, null, single(segments) ? null : segment));
    });
  };

  if (isPitd && spec.tarif) {
    timeTerm('abonnement', 1);
    if (spec.tarif === 'T4' && spec.cja !== null) {
      const threshold = valueAt(ATRD7_GRDF.T4.seuilCapacite, spec.period.firstDay);
      timeTerm('capaciteT4Jusqua500', Math.min(spec.cja, threshold));
      timeTerm('capaciteT4AuDela500', Math.max(0, spec.cja - threshold));
    }
    if (spec.tarif !== 'TP') {
      energyTerm('termeProportionnel', gridParameterFor('termeProportionnel', pricing));
    }
  }
  const capacity = isPitd ? (spec.transportCapacity ?? spec.cja) : spec.cja;
  if (capacity !== null && capacity !== undefined) {
    timeTerm('tcs', capacity);
    timeTerm('tcr', capacity, spec.ntr);
    timeTerm('tcl', capacity);
    if (!isPitd) {
      timeTerm('termeFixePoste', 1);
    }
    if (spec.modulation) {
      timeTerm('compensationStockage', spec.modulation);
    }
  }
  // CTA per period of the fixed lines of its base.
  const baseKinds = isPitd ? ATRD_FIXED_KINDS : ATRT_FIXED_KINDS;
  const groups = new Map<string, { period: InvoicePeriod | null; base: number }>();
  for (const line of lines) {
    if (!baseKinds.includes(line.kind)) {
      continue;
    }
    const key = line.period ? `${line.period.firstDay}/${line.period.lastDay}` : 'all';
    const group = groups.get(key) ?? { period: line.period, base: 0 };
    group.base = roundCents(group.base + line.amount);
    groups.set(key, group);
  }
  for (const { period, base } of groups.values()) {
    const at = period?.firstDay ?? spec.period.firstDay;
    const transportRate = valueAt(TAXES.cta.tauxTransport, at);
    if (isPitd) {
      const distributionRate = valueAt(TAXES.cta.tauxDistribution, at);
      lines.push({
        ...makeLine('ctaDistribution', base, distributionRate, null, period),
        quantityUnit: '€',
        unitPriceUnit: '%',
      });
      const assiette = roundCents(base * valueAt(TAXES.cta.coefficientProportionnalite, at));
      lines.push({
        ...makeLine('ctaTransport', assiette, transportRate, null, period),
        quantityUnit: '€',
        unitPriceUnit: '%',
      });
    } else {
      lines.push({
        ...makeLine('ctaTransport', base, transportRate, null, period),
        quantityUnit: '€',
        unitPriceUnit: '%',
      });
    }
  }
  if (spec.accise !== false) {
    energyTerm('accise', TAXES.accise);
  }
  if (spec.ceePrice !== undefined) {
    energyTerm('cee', null, spec.ceePrice);
  }
  if (spec.fourniturePrice !== undefined) {
    energyTerm('fourniture', null, spec.fourniturePrice);
  }
  const totalHt = roundCents(lines.reduce((s, l) => s + l.amount, 0));
  const vat = vatLines(lines, spec.period.firstDay, totalHt);
  const totalTva = roundCents(vat.reduce((s, v) => s + v.amount, 0));
  return {
    format: spec.format,
    layout: spec.layout,
    supplier: spec.supplier,
    invoiceNumber: spec.invoiceNumber,
    issuedOn: spec.issuedOn,
    point: spec.point,
    tso: spec.tso,
    period: spec.period,
    tarif: spec.tarif,
    car: spec.car,
    cja: spec.cja,
    ntr: spec.ntr,
    consumptionMwh: spec.consumptionMwh,
    lines,
    vat,
    totals: { totalHt, totalTva, totalTtc: roundCents(totalHt + totalTva) },
  };
}

/** Fixed parts (subscriptions, capacities, CTA) at the reduced rate when it differs from the normal rate. */
function vatLines(lines: readonly InvoiceLine[], date: IsoDate, totalHt: number): InvoiceVatLine[] {
  const normal = valueAt(TAXES.tva.tauxNormal, date);
  const reduced = valueAt(TAXES.tva.tauxPartsFixes, date);
  if (normal === reduced) {
    return [{ rate: normal, base: totalHt, amount: roundCents(totalHt * normal) }];
  }
  const fixedKinds: readonly InvoiceLineKind[] = [
    ...ATRD_FIXED_KINDS,
    ...ATRT_FIXED_KINDS,
    'compensationStockage',
    'ctaDistribution',
    'ctaTransport',
  ];
  const fixed = roundCents(lines.filter((l) => fixedKinds.includes(l.kind)).reduce((s, l) => s + l.amount, 0));
  const rest = roundCents(totalHt - fixed);
  return [
    { rate: reduced, base: fixed, amount: roundCents(fixed * reduced) },
    { rate: normal, base: rest, amount: roundCents(rest * normal) },
  ];
}
