import { randomUUID } from 'node:crypto';
import {
  type BillingInterval,
  type InvoiceSummary,
  type PaidPlanId,
  planPriceCents,
  priceBreakdown,
  userTierSchema,
} from '@pilote/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { billingInvoiceSequences, billingInvoices, organisations } from '../../db/schema.ts';

export type InvoiceRecord = typeof billingInvoices.$inferSelect;

/** The buyer as printed on the invoice: the organisation's identity when it was issued. */
export interface InvoiceBuyer {
  name: string;
  siren: string | null;
  vatNumber: string | null;
  address: string | null;
}

const yearFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' });

/** One sequence per calendar year (Europe/Paris): « F-2026 ». */
export function invoiceSequenceOf(at: Date): string {
  return `F-${yearFormat.format(at)}`;
}

/** « F-2026-000042 ». */
export function invoiceNumber(sequence: string, value: number): string {
  return `${sequence}-${String(value).padStart(6, '0')}`;
}

/**
 * The next number of a sequence, taken in the caller's transaction: one upsert whose row lock is held until that
 * transaction ends, so concurrent issuers wait for each other, and a rolled-back invoice gives its number back (no
 * gap: French invoices are numbered chronologically and continuously, CGI art. 242 nonies A).
 */
export async function nextInvoiceNumber(tx: Executor, sequence: string): Promise<number> {
  const [row] = await tx
    .insert(billingInvoiceSequences)
    .values({ sequence, lastNumber: 1 })
    .onConflictDoUpdate({
      target: billingInvoiceSequences.sequence,
      set: { lastNumber: sql`${billingInvoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: billingInvoiceSequences.lastNumber });
  if (!row) {
    throw new Error('invoice sequence: no row returned');
  }
  return row.lastNumber;
}

export interface IssueInvoiceInput {
  organisationId: string;
  provider: 'stripe' | 'local';
  paymentRef: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  seller: InvoiceSeller;
  at: Date;
}

/**
 * Issues our invoice for one payment, once (the payment's reference is unique per provider): numbered in its year's
 * sequence, priced from the catalogue in cents (HT, TVA 20 %, TTC), with the seller and the buyer as they are now.
 * Returns the invoice (the existing one when that payment already has one).
 */
export async function issueInvoice(tx: Executor, input: IssueInvoiceInput): Promise<InvoiceRecord | undefined> {
  const [existing] = await tx
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.provider, input.provider), eq(billingInvoices.paymentRef, input.paymentRef)))
    .limit(1);
  if (existing) {
    return existing;
  }
  const [organisation] = await tx
    .select({
      name: organisations.name,
      siren: organisations.siren,
      vatNumber: organisations.vatNumber,
      address: organisations.address,
    })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
    .limit(1);
  if (!organisation) {
    return undefined;
  }
  const buyer: InvoiceBuyer = {
    name: organisation.name,
    siren: organisation.siren,
    vatNumber: organisation.vatNumber,
    address: organisation.address?.label ?? null,
  };
  const amounts = priceBreakdown(planPriceCents(input.plan, input.interval));
  const sequence = invoiceSequenceOf(input.at);
  const value = await nextInvoiceNumber(tx, sequence);
  const [row] = await tx
    .insert(billingInvoices)
    .values({
      id: randomUUID(),
      organisationId: input.organisationId,
      number: invoiceNumber(sequence, value),
      sequence,
      sequenceNumber: value,
      provider: input.provider,
      paymentRef: input.paymentRef,
      plan: input.plan,
      interval: input.interval,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      amountHtCents: amounts.ht_cents,
      vatRateBasisPoints: amounts.vat_rate_basis_points,
      vatCents: amounts.vat_cents,
      amountTtcCents: amounts.ttc_cents,
      seller: input.seller,
      buyer,
      issuedAt: input.at,
    })
    .returning();
  return row;
}

export function toInvoiceSummary(row: InvoiceRecord): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    plan: userTierSchema.safeParse(row.plan).data ?? 'free',
    interval: row.interval === 'year' ? 'year' : 'month',
    provider: row.provider === 'stripe' ? 'stripe' : 'local',
    amount_ht_cents: row.amountHtCents,
    vat_cents: row.vatCents,
    amount_ttc_cents: row.amountTtcCents,
    vat_rate_basis_points: row.vatRateBasisPoints,
  };
}

export async function listInvoices(
  db: Executor,
  organisationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.organisationId, organisationId))
      .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(billingInvoices).where(eq(billingInvoices.organisationId, organisationId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceRecord | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id)).limit(1);
  return row;
}
