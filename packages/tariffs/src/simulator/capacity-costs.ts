/**
 * Capacity-cost building blocks shared by the simulator and (later) the CJA optimiser of issue 5.
 * All functions are pure and take the date of effect explicitly.
 */
import type { IsoDate } from '../dates.ts';
import { TariffDataUnavailableError } from '../errors.ts';
import { ATRD7_GRDF, type AtrdOption } from '../parameters/atrd7-grdf.ts';
import { ATRT8, type Tso } from '../parameters/atrt8.ts';
import { type ResolvedValue, resolveAt } from '../parameters/lookup.ts';
import type { ParameterOverlay } from '../parameters/overlay.ts';
import { TAXES } from '../parameters/taxes.ts';

/** One band of a banded capacity charge. */
export interface CapacityBand {
  /** Lower bound of the band (MWh/j). */
  readonly from: number;
  /** Upper bound (MWh/j), null for the last band. */
  readonly to: number | null;
  /** Capacity billed in this band (MWh/j). */
  readonly quantity: number;
  /** €/MWh/j/an. */
  readonly rate: number;
  /** €/an (unrounded). */
  readonly amount: number;
}

export interface BandedCharge {
  /** €/an (unrounded). */
  readonly amount: number;
  readonly bands: readonly CapacityBand[];
}

/**
 * ATRD7 option T4 capacity term, ≤ 500 / > 500 MWh/j.
 *
 * READING DECIDED (docs/tariff-sources.md, "T4 capacity bands"): the deliberation's wording could not be read.
 * We apply the two rates as MARGINAL bands: the first `threshold` MWh/j at `rateUpToThreshold`, the part
 * above at `rateAboveThreshold`. The other reading (the whole CJA at the rate of its band, used by one
 * secondary source) makes the yearly cost drop by about 72 000 € when the CJA goes from 500 to 501 MWh/j,
 * which a tariff grid would not intend. Both readings agree for CJA ≤ 500 MWh/j (the acceptance case).
 * To change the reading, change this function only.
 */
export function t4CapacityCharge(
  cja: number,
  threshold: number,
  rateUpToThreshold: number,
  rateAboveThreshold: number,
): BandedCharge {
  if (!Number.isFinite(cja) || cja < 0) {
    throw new RangeError(`CJA invalide : ${cja}`);
  }
  const first = Math.min(cja, threshold);
  const above = Math.max(0, cja - threshold);
  const bands: CapacityBand[] = [
    { from: 0, to: threshold, quantity: first, rate: rateUpToThreshold, amount: first * rateUpToThreshold },
  ];
  if (above > 0) {
    bands.push({
      from: threshold,
      to: null,
      quantity: above,
      rate: rateAboveThreshold,
      amount: above * rateAboveThreshold,
    });
  }
  return { amount: bands.reduce((sum, b) => sum + b.amount, 0), bands };
}

/** Resolved ATRD7 capacity rates of option T4 at a date. */
export interface T4CapacityRates {
  readonly threshold: ResolvedValue;
  readonly upTo: ResolvedValue;
  readonly above: ResolvedValue;
}

export function t4CapacityRatesAt(date: IsoDate, overlay?: ParameterOverlay): T4CapacityRates {
  return {
    threshold: resolveAt(ATRD7_GRDF.T4.seuilCapacite, date, overlay),
    upTo: resolveAt(ATRD7_GRDF.T4.capaciteJusqua500, date, overlay),
    above: resolveAt(ATRD7_GRDF.T4.capaciteAuDela500, date, overlay),
  };
}

/** ATRD7 annual capacity charge for T4 (banded) or TP (single rate); 0 for T1–T3. */
export function atrdCapacityCharge(
  option: AtrdOption,
  cja: number,
  date: IsoDate,
  overlay?: ParameterOverlay,
): BandedCharge {
  if (option === 'T4') {
    const r = t4CapacityRatesAt(date, overlay);
    return t4CapacityCharge(cja, r.threshold.value, r.upTo.value, r.above.value);
  }
  if (option === 'TP') {
    const rate = resolveAt(ATRD7_GRDF.TP.capacite, date, overlay).value;
    return { amount: cja * rate, bands: [{ from: 0, to: null, quantity: cja, rate, amount: cja * rate }] };
  }
  return { amount: 0, bands: [] };
}

/** Where the transport capacity is delivered: at a PITD (distribution) or to a transport-connected consumer. */
export type DeliveryKind = 'pitd' | 'transport';

/** Resolved ATRT8 capacity rates for a TSO / NTR at a date. */
export interface TransportRates {
  readonly tcs: ResolvedValue;
  readonly tcr: ResolvedValue;
  readonly tcl: ResolvedValue;
  readonly ntr: number;
  /** TCS + TCR × NTR + TCL (€/MWh/j/an). */
  readonly unitPrice: number;
}

/** ATRT8 capacity rates. Throws {@link TariffDataUnavailableError} for the TCL of transport-connected consumers (not sourced). */
export function transportRatesAt(
  tso: Tso,
  ntr: number,
  kind: DeliveryKind,
  date: IsoDate,
  overlay?: ParameterOverlay,
): TransportRates {
  const tcs = resolveAt(ATRT8.tcs, date, overlay);
  const tcr = resolveAt(ATRT8.tcr[tso], date, overlay);
  let tcl: ResolvedValue;
  if (kind === 'pitd') {
    tcl = resolveAt(ATRT8.tclPitd[tso], date, overlay);
  } else {
    const param = ATRT8.tclConsommateurTransport[tso];
    if (!param) {
      throw new TariffDataUnavailableError(
        `le terme de capacité de livraison (TCL) des consommateurs raccordés au réseau de transport de ${tso} n'est pas encore sourcé (données tarifaires pas disponibles).`,
      );
    }
    tcl = resolveAt(param, date, overlay);
  }
  return { tcs, tcr, tcl, ntr, unitPrice: tcs.value + tcr.value * ntr + tcl.value };
}

/** CTA rates at a date. */
export interface CtaRates {
  readonly distribution: ResolvedValue;
  readonly transport: ResolvedValue;
  readonly coefficient: ResolvedValue;
  /** 20,80 % + 4,71 % × coefficient: rate on the ATRD fixed part of a distribution-connected customer. */
  readonly totalOnAtrdFixed: number;
}

export function ctaRatesAt(date: IsoDate, overlay?: ParameterOverlay): CtaRates {
  const distribution = resolveAt(TAXES.cta.tauxDistribution, date, overlay);
  const transport = resolveAt(TAXES.cta.tauxTransport, date, overlay);
  const coefficient = resolveAt(TAXES.cta.coefficientProportionnalite, date, overlay);
  return {
    distribution,
    transport,
    coefficient,
    totalOnAtrdFixed: distribution.value + transport.value * coefficient.value,
  };
}

/**
 * Slopes (€/an per MWh/j) of the capacity-dependent yearly cost of a distribution-connected T4 point,
 * excluding storage and penalties: ATRD capacity × (1 + CTA rate) + transport unit price. One segment per
 * ATRD band; meant for the exact piecewise-linear optimiser of issue 5.
 */
export interface CapacityCostSegment {
  readonly from: number;
  readonly to: number | null;
  readonly slope: number;
}

export function t4PitdCapacityCostSegments(
  tso: Tso,
  ntr: number,
  date: IsoDate,
  overlay?: ParameterOverlay,
): CapacityCostSegment[] {
  const rates = t4CapacityRatesAt(date, overlay);
  const cta = ctaRatesAt(date, overlay).totalOnAtrdFixed;
  const transport = transportRatesAt(tso, ntr, 'pitd', date, overlay).unitPrice;
  return [
    { from: 0, to: rates.threshold.value, slope: rates.upTo.value * (1 + cta) + transport },
    { from: rates.threshold.value, to: null, slope: rates.above.value * (1 + cta) + transport },
  ];
}

/** Storage modulation of one year: max(0, winter consumption / 151 − annual consumption / 365) (MWh/j). */
export function annualModulation(consoHiverMwh: number, consoAnnuelleMwh: number): number {
  return Math.max(0, consoHiverMwh / 151 - consoAnnuelleMwh / 365);
}

/**
 * Modulation of a subscribed point from its history (secondary source citing délibération CRE 2025-35
 * §4.2.2.2): mean of the two lowest yearly modulations among the last four years, minus the interruptible
 * capacity, floored at 0. With fewer than two years, the mean of what is given.
 */
export function modulationFromHistory(
  years: readonly { readonly consoHiverMwh: number; readonly consoAnnuelleMwh: number }[],
  interruptible = 0,
): number {
  if (years.length === 0) {
    throw new RangeError('Historique de consommation vide.');
  }
  const modulations = years
    .slice(-4)
    .map((y) => annualModulation(y.consoHiverMwh, y.consoAnnuelleMwh))
    .sort((a, b) => a - b);
  const lowest = modulations.slice(0, Math.min(2, modulations.length));
  const mFav4 = lowest.reduce((s, v) => s + v, 0) / lowest.length;
  return Math.max(0, mFav4 - interruptible);
}

/** Modulation estimate from the profile, no history: max(0, capacity − annual consumption / 365 − interruptible). */
export function estimatedModulation(capacity: number, annualConsumptionMwh: number, interruptible = 0): number {
  return Math.max(0, capacity - annualConsumptionMwh / 365 - interruptible);
}
