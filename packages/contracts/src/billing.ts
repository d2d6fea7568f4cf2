import { z } from 'zod';
import { userTierSchema } from './auth.ts';
import { pageOf } from './pagination.ts';
import { type PaidPlanId, planCatalogue } from './plans.ts';

// Organisation billing (issue #24 §1, ADR 0078): prices HT / TVA / TTC in integer cents, the yearly plan, the
// checkout's buyer identity and our invoices.

/** French standard VAT rate, in basis points (20 %). */
export const VAT_RATE_BASIS_POINTS = 2000;

export const billingIntervalSchema = z.enum(['month', 'year'], { error: 'Choisissez un paiement mensuel ou annuel.' });
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** An amount excluding VAT, its VAT and the amount including VAT, in cents (VAT rounded half up to the cent). */
export const priceBreakdownSchema = z.object({
  ht_cents: z.number().int().min(0),
  vat_cents: z.number().int().min(0),
  ttc_cents: z.number().int().min(0),
  vat_rate_basis_points: z.number().int().min(0),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/** HT → HT, TVA, TTC in integer cents: VAT = round(HT × rate), half up; TTC = HT + TVA. */
export function priceBreakdown(htCents: number, rateBasisPoints = VAT_RATE_BASIS_POINTS): PriceBreakdown {
  if (!Number.isInteger(htCents) || htCents < 0) {
    throw new RangeError('amount in whole cents expected');
  }
  const vat = Math.floor((htCents * rateBasisPoints + 5000) / 10000);
  return { ht_cents: htCents, vat_cents: vat, ttc_cents: htCents + vat, vat_rate_basis_points: rateBasisPoints };
}

/** Months paid by a yearly plan: twelve months for the price of ten (ADR 0078). */
export const YEARLY_MONTHS_PAID = 10;

/** The price excluding VAT of a paid plan for one interval, in cents (the catalogue's monthly euros). */
export function planPriceCents(plan: PaidPlanId, interval: BillingInterval): number {
  const monthly = Math.round(planCatalogue[plan].price * 100);
  return interval === 'year' ? monthly * YEARLY_MONTHS_PAID : monthly;
}

/** « 1 234,56 € » with no-break spaces, from cents (exact: no floating point). */
export function formatEuroCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const euros = Math.floor(abs / 100).toString();
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${grouped},${rest}\u00a0€`;
}

export const intervalLabels: Record<BillingInterval, string> = { month: 'mensuel', year: 'annuel' };
export const perIntervalLabels: Record<BillingInterval, string> = { month: '/ mois', year: '/ an' };

export const organisationBillingMessages = {
  managersOnly:
    'Seuls les propriétaires et administrateurs de l’organisation peuvent changer son abonnement : demandez-leur.',
  identityMissing:
    'Renseignez l’identité de l’organisation (nom, SIREN, numéro de TVA intracommunautaire et adresse du siège) avant le paiement : elle figure sur vos factures.',
  invoiceNotFound: 'Facture introuvable.',
  invoiceRender: 'La facture n’a pas pu être générée. Réessayez dans un instant.',
} as const;

// ─── Invoices ──────────────────────────────────────────────────────────────────────────────────────────────

export const invoiceIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const invoiceSummarySchema = z.object({
  id: z.string(),
  /** « F-2026-000001 »: chronological and continuous in its sequence. */
  number: z.string(),
  issued_at: z.iso.datetime({ offset: true }),
  period_start: z.iso.datetime({ offset: true }),
  period_end: z.iso.datetime({ offset: true }),
  plan: userTierSchema,
  interval: billingIntervalSchema,
  provider: z.enum(['stripe', 'local']),
  amount_ht_cents: z.number().int(),
  vat_cents: z.number().int(),
  amount_ttc_cents: z.number().int(),
  vat_rate_basis_points: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicePageSchema = pageOf(invoiceSummarySchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;
