import { ParameterLookupError } from '../../errors.ts';
import { formatNumberFr } from '../../money.ts';
import type { Parameter } from '../../parameters/types.ts';
import { type GridValue, gridValue, type PricingContext } from '../grid.ts';
import type { AuditCheckId, AuditFinding, AuditReferenceData, InvoicePeriod, NormalisedInvoice } from '../types.ts';

/** What every check receives. */
export interface CheckContext {
  readonly invoice: NormalisedInvoice;
  readonly reference: AuditReferenceData;
  /** Option, TSO (the reference table's when known, else the invoice's) and point type. */
  readonly pricing: PricingContext;
  /** True when the point's reference row comes from the shipped sample table. */
  readonly usesSample: boolean;
}

/** A check's result: its findings, or why it could not run. */
export type CheckOutcome = { readonly findings: readonly AuditFinding[] } | { readonly skipped: string };

export interface Check {
  readonly id: AuditCheckId;
  run(ctx: CheckContext): CheckOutcome;
}

/** `gridValue`, or null when the grid has no value over the period (outside ATRD7/ATRT8). */
export function tryGridValue(param: Parameter, period: InvoicePeriod): GridValue | null {
  try {
    return gridValue(param, period);
  } catch (error) {
    if (error instanceof ParameterLookupError) {
      return null;
    }
    throw error;
  }
}

/** French number with up to 4 decimals (prices, rates), at least 2. */
export function fr(value: number, max = 4): string {
  return formatNumberFr(value, 2, max);
}

/** French date (JJ/MM/AAAA) of an ISO date. */
export function frDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export function frPeriod(period: InvoicePeriod): string {
  return `du ${frDate(period.firstDay)} au ${frDate(period.lastDay)}`;
}
