/**
 * Invoice audit (issue #14, ADR 0033): the normalised invoice every reader produces, and the findings of the pure
 * checks. Readers live in `@pilote/invoices`; the checks (`audit/checks/`) take a normalised invoice plus the
 * reference data resolved by the caller, and never do IO.
 */
import type { IsoDate } from '../dates.ts';
import type { AtrdOption } from '../parameters/atrd7-grdf.ts';
import type { Tso } from '../parameters/atrt8.ts';
import type { LineSource } from '../parameters/types.ts';
import type { PointDeReseau } from '../simulator/types.ts';

/**
 * File formats the readers accept (sniffed from the bytes, never trusted from the name). PNG and JPEG are scans and
 * photos read by OCR (ADR 0080).
 */
/** `csv`: a supplier portal's export (issue #25 §4, ADR 0081). */
export type InvoiceFormat = 'pdf' | 'xml' | 'xlsx' | 'xls' | 'png' | 'jpeg' | 'csv';

/** A billed period as printed on the invoice: both days included ("du 01/02/2026 au 28/02/2026"). */
export interface InvoicePeriod {
  readonly firstDay: IsoDate;
  /** Included. The exclusive end used by `prorate` is `addDays(lastDay, 1)`. */
  readonly lastDay: IsoDate;
}

/**
 * What a billed line is, recognised from its label by the extractor. `autre` is kept and shown but not checked
 * against a grid (its arithmetic still is).
 */
export type InvoiceLineKind =
  /** ATRD abonnement (€/an pro-rated, billed per day or per month). */
  | 'abonnement'
  /** ATRD terme proportionnel (€/MWh). */
  | 'termeProportionnel'
  /** ATRD T4 capacity term, band up to the threshold (€/MWh/j/an). */
  | 'capaciteT4Jusqua500'
  /** ATRD T4 capacity term, band above the threshold (€/MWh/j/an). */
  | 'capaciteT4AuDela500'
  /** ATRD TP capacity term (€/MWh/j/an). */
  | 'capaciteTp'
  /** ATRD TP distance term (€/m/an). */
  | 'distanceTp'
  /** ATRD terme de débit normalisé (€/Nm³/h/an). */
  | 'debitNormalise'
  /** ATRT terme de capacité de sortie du réseau principal (€/MWh/j/an). */
  | 'tcs'
  /** ATRT terme de capacité régional: TCR × NTR (€/MWh/j/an). */
  | 'tcr'
  /** ATRT terme de capacité de livraison (€/MWh/j/an), PITD or transport-connected consumer. */
  | 'tcl'
  /** ATRT terme fixe par poste de livraison (€/an), transport-connected points. */
  | 'termeFixePoste'
  /** Storage compensation (ATS) (€/MWh/j/an). */
  | 'compensationStockage'
  /** CTA, distribution part: quantity = base (ATRD fixed part, €), unitPrice = rate (20,80 %). */
  | 'ctaDistribution'
  /**
   * CTA, transport part: quantity = base (€) — on a PITD the ATRD fixed part × coefficient de proportionnalité,
   * on a transport-connected point the fixed transport terms — unitPrice = rate (4,71 %).
   */
  | 'ctaTransport'
  /** Accise sur les gaz naturels (€/MWh). */
  | 'accise'
  /** CEE cost passed on by the supplier (€/MWh) — not regulated, arithmetic only. */
  | 'cee'
  /** Energy supply (molecule) — not regulated, arithmetic only. */
  | 'fourniture'
  | 'autre';

/** One billed line, amounts excluding VAT. Numbers as printed (French decimals already read). */
export interface InvoiceLine {
  /** Label exactly as printed. */
  readonly label: string;
  readonly kind: InvoiceLineKind;
  /** Quantity billed (MWh, MWh/j, days, months, € of base for the CTA…), null when not printed. */
  readonly quantity: number | null;
  /** Unit of the quantity as printed (`MWh`, `MWh/j`, `jours`, `mois`, `€`…), null when not printed. */
  readonly quantityUnit: string | null;
  /** Unit price as printed (for the CTA: the rate as a ratio, 0.2104 for 21,04 %), null when not printed. */
  readonly unitPrice: number | null;
  /** Unit of the unit price as printed (`€/MWh`, `€/MWh/j/an`, `€/jour`, `%`…). */
  readonly unitPriceUnit: string | null;
  /**
   * For capacity and fixed terms billed per day: the duration factor the line applies (days / days of the year,
   * e.g. 28/365), so that amount = quantity × unitPrice × prorata. Null when the line does not print one.
   */
  readonly prorata: number | null;
  /** Amount excluding VAT (€). Negative for credits. */
  readonly amount: number;
  /** Sub-period of the line when it differs from the invoice period (split across a grid change). */
  readonly period: InvoicePeriod | null;
}

/** One VAT line of the invoice. */
export interface InvoiceVatLine {
  /** Ratio (0.2 for 20 %). */
  readonly rate: number;
  readonly base: number;
  readonly amount: number;
}

/** Invoice totals as printed (€). */
export interface InvoiceTotals {
  readonly totalHt: number;
  readonly totalTva: number;
  readonly totalTtc: number;
}

/** The delivery point the invoice is for. */
export interface InvoicePoint {
  readonly pointDeReseau: PointDeReseau;
  /** PITD code, LI or PIC code as printed. */
  readonly code: string | null;
  /** 14-digit PCE (distribution points), null on transport invoices. */
  readonly pce: string | null;
}

/** What every reader produces, whatever the file format and layout. */
export interface NormalisedInvoice {
  readonly format: InvoiceFormat;
  /** Identifier of the extractor (layout) that read the file, e.g. `fournisseur-pitd-pdf`. */
  readonly layout: string;
  readonly supplier: string;
  /**
   * The supplier's postal address as letter lines, when the file gives it (e-invoices: the seller's address BG-5,
   * ADR 0081); the claim letter is sent there.
   */
  readonly supplierAddress?: readonly string[];
  readonly invoiceNumber: string | null;
  readonly issuedOn: IsoDate | null;
  readonly point: InvoicePoint;
  /** TSO as printed (normalised to NaTran / Teréga), null when not printed. */
  readonly tso: Tso | null;
  readonly period: InvoicePeriod;
  /** ATRD option (T1–T4, TP); null on transport invoices (LI, PIC). */
  readonly tarif: AtrdOption | null;
  /** Consommation annuelle de référence printed (MWh/an), null when not printed. */
  readonly car: number | null;
  /** Subscribed daily capacity printed (MWh/j): CJA on distribution, subscribed capacity on transport. */
  readonly cja: number | null;
  /** Niveau de tarif régional printed (0–10), null when not printed. */
  readonly ntr: number | null;
  /** Energy delivered over the period (MWh), null when not printed. */
  readonly consumptionMwh: number | null;
  readonly lines: readonly InvoiceLine[];
  readonly vat: readonly InvoiceVatLine[];
  readonly totals: InvoiceTotals;
}

// ---- Checking --------------------------------------------------------------------------------------------------

/** The checks (issue #14). */
export type AuditCheckId =
  | 'ntr'
  | 'tcl'
  | 'car'
  | 'unitPrice'
  | 'arithmetic'
  | 'cta'
  | 'accise'
  | 't4Bands'
  | 'periodCoverage';

/**
 * - `anomalie`: a rule is broken and the amount is determined (over- or under-billed, beyond the tolerance);
 * - `alerte`: a rule looks broken but the amount depends on data we do not hold for sure (estimate grid,
 *   missing reference row, CAR vs history), to check with the supplier;
 * - `information`: nothing to claim (e.g. rounding within tolerance is never reported; this is for context such
 *   as a check skipped for lack of data).
 * ADR 0033.
 */
export type FindingSeverity = 'anomalie' | 'alerte' | 'information';

/** The rule a finding breaks, with its legal reference. */
export interface AuditRule {
  /** Stable id, e.g. `atrt8.tcl.pitd`. */
  readonly id: string;
  /** French statement of the rule. */
  readonly label: string;
  /** Legal reference in French, e.g. `Délibération CRE n° 2024-40, §5.2.1`. */
  readonly legalReference: string;
  readonly sources: readonly LineSource[];
}

/** One side of a comparison (billed or expected). */
export interface FindingFigure {
  /** French label, e.g. `Prix unitaire facturé`. */
  readonly label: string;
  readonly value: number | string;
  /** Unit, e.g. `€/MWh`; empty for codes. */
  readonly unit: string;
}

export interface AuditFinding {
  /** Unique within a report, e.g. `unitPrice:3`. */
  readonly id: string;
  readonly check: AuditCheckId;
  readonly severity: FindingSeverity;
  /** Short French title. */
  readonly title: string;
  /** French explanation (one or two sentences). */
  readonly message: string;
  /** € over-billed (positive) or under-billed (negative); 0 when the amount cannot be determined. */
  readonly amountEuros: number;
  readonly rule: AuditRule;
  readonly billed: FindingFigure;
  readonly expected: FindingFigure;
  /** Index of the line in `NormalisedInvoice.lines`, null for invoice-level findings. */
  readonly lineIndex: number | null;
  /** True when the expected side uses an estimated grid value. */
  readonly isEstimate: boolean;
}

/** A row of the point's reference table (PITD, LI or PIC), resolved by the caller. */
export interface AuditPointReference {
  readonly pointDeReseau: PointDeReseau;
  readonly code: string;
  readonly ntr: number;
  readonly tso: Tso;
  /** True when the row comes from the shipped sample table, not an imported official file. */
  readonly isSample: boolean;
}

/** One past billed period of the same point (from earlier audited invoices). */
export interface AuditBilledPeriod {
  readonly invoiceNumber: string | null;
  readonly period: InvoicePeriod;
}

/** Reference data the caller resolves for the checks. Absent data skips the checks that need it (with a reason). */
export interface AuditReferenceData {
  /** The point's row in the reference table, null when the code is not found. */
  readonly point: AuditPointReference | null;
  /** Reference CAR known for the point (MWh/an), e.g. from the distributor. */
  readonly referenceCar?: number | null;
  /** Yearly consumptions of the point, most recent last (MWh). */
  readonly consumptionHistoryMwh?: readonly number[];
  /** Other invoices of the same point already audited (duplicate and gap detection). */
  readonly otherPeriods?: readonly AuditBilledPeriod[];
  /**
   * True when the user has confirmed the values read (review step): the reading problems stay listed, but the
   * checks run on the confirmed values (ADR 0062).
   */
  readonly readingConfirmed?: boolean;
}

/**
 * A value read that disagrees with another value of the same invoice (CJA vs the capacity lines, consumption vs
 * the energy lines, CAR vs the consumption, the lines vs the printed total): the reading is doubtful, never an
 * anomaly (ADR 0062).
 */
export interface ReadingProblem {
  /** Stable id, e.g. `lecture:cja`. */
  readonly id: string;
  /** The field read that is doubtful: `cja`, `car`, `consumption`, `totalHt` or `line:<index>`. */
  readonly field: string;
  /** French sentence shown to the user. */
  readonly message: string;
}

/** A billed line whose price could not be compared with the grid (unit unknown or not convertible). */
export interface UnverifiableLine {
  readonly lineIndex: number;
  readonly label: string;
  /** French reason, e.g. « prix en « €/trim. », unité non convertible en €/an ». */
  readonly reason: string;
}

/**
 * An earlier audited invoice of the same point whose period overlaps this one: a duplicate or a correction, for the
 * user to qualify — never claimed (ADR 0062).
 */
export interface PossibleDuplicate {
  readonly invoiceNumber: string | null;
  readonly period: InvoicePeriod;
  /** Days of this invoice's period that the other one also covers. */
  readonly sharedDays: number;
}

/** A check that could not run, with the French reason. */
export interface SkippedCheck {
  readonly check: AuditCheckId;
  readonly reason: string;
}

export interface AuditReport {
  readonly findings: readonly AuditFinding[];
  readonly checksRun: readonly AuditCheckId[];
  readonly checksSkipped: readonly SkippedCheck[];
  /** Values read that disagree with each other: while any is left unconfirmed, the checks do not run. */
  readonly readingProblems: readonly ReadingProblem[];
  /** Lines whose price is not in a known, converted unit: « non vérifiable », never an anomaly. */
  readonly unverifiableLines: readonly UnverifiableLine[];
  /** Earlier invoices of the same point covering some of the same days (duplicate or correction). */
  readonly possibleDuplicates: readonly PossibleDuplicate[];
  /** Σ positive amounts of `anomalie` findings (€). */
  readonly overBilledEuros: number;
  /** Σ negative amounts of `anomalie` findings, as a positive number (€). */
  readonly underBilledEuros: number;
}
