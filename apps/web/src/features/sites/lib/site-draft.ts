import type { Mandate, NormalisedInvoiceDto, SiteAddress } from '@pilote/contracts';
import { z } from 'zod';

/** The form's values as typed (text); the contract's schema turns them into a site (numbers, tags, dates). */
export type SiteFormValues = {
  name: string;
  pce: string;
  address: SiteAddress | null;
  pointType: string;
  pointCode: string;
  option: string;
  profile: string;
  car: string;
  cja: string;
  ntr: string;
  supplier: string;
  contractEndDate: string;
  tags: string;
};

/**
 * A site form pre-filled from an object (issue #24 §2, ADR 0079): a mandate (its PCE and delivery address) or an
 * audited invoice (its PCE, point, option, CAR, CJA, NTR and supplier). Carried in the router's state to
 * `/private/sites/nouveau`; `auditId`: the audit attached to the site once it is created.
 */
export interface SiteDraft {
  source: string;
  values: Partial<SiteFormValues>;
  /** Put in the address search: the user picks the BAN suggestion (the form only saves a chosen address). */
  addressText: string;
  auditId?: string;
}

const decimal = (value: number | null): string => (value === null ? '' : String(value).replace('.', ','));

/** The mandate's fields a site takes (its PCE and delivery address). */
export type MandateForSite = Pick<
  Mandate,
  | 'manager_display'
  | 'delivery_point_number'
  | 'delivery_point_address'
  | 'delivery_point_postal_code'
  | 'delivery_point_city'
>;

export function siteDraftFromMandate(mandate: MandateForSite): SiteDraft {
  const street = mandate.delivery_point_address ?? '';
  const town = [mandate.delivery_point_postal_code, mandate.delivery_point_city].filter(Boolean).join(' ');
  return {
    source: `le mandat ${mandate.manager_display}`,
    values: {
      name: [street, mandate.delivery_point_city].filter(Boolean).join(', ').slice(0, 120),
      pce: mandate.delivery_point_number ?? '',
    },
    addressText: [street, town].filter(Boolean).join(' '),
  };
}

export function siteDraftFromInvoice(auditId: string, invoice: NormalisedInvoiceDto): SiteDraft {
  const option = invoice.tarif && ['T1', 'T2', 'T3', 'T4', 'TP'].includes(invoice.tarif) ? invoice.tarif : '';
  return {
    source: `la facture ${invoice.invoiceNumber ? `n° ${invoice.invoiceNumber} ` : ''}de ${invoice.supplier}`,
    values: {
      name: `${invoice.supplier} — ${invoice.point.pce ?? invoice.point.code ?? 'point'}`.slice(0, 120),
      pce: invoice.point.pce ?? '',
      pointType: invoice.point.pointDeReseau,
      pointCode: invoice.point.code ?? '',
      option,
      car: decimal(invoice.car),
      cja: decimal(invoice.cja),
      ntr: invoice.ntr === null ? '' : String(invoice.ntr),
      supplier: invoice.supplier,
    },
    addressText: '',
    auditId,
  };
}

const textField = z.string().max(500).optional();
/** What the router's state may carry (history state survives reloads: read it as untrusted input). */
const siteDraftStateSchema = z.object({
  siteDraft: z.object({
    source: z.string().max(300),
    values: z.object({
      name: textField,
      pce: textField,
      pointType: textField,
      pointCode: textField,
      option: textField,
      profile: textField,
      car: textField,
      cja: textField,
      ntr: textField,
      supplier: textField,
      contractEndDate: textField,
      tags: textField,
    }),
    addressText: z.string().max(500),
    auditId: z.string().max(100).optional(),
  }),
});

/** The draft carried by the router's state, if any (anything else is ignored). */
export function readSiteDraft(state: unknown): SiteDraft | null {
  const parsed = siteDraftStateSchema.safeParse(state);
  if (!parsed.success) {
    return null;
  }
  const { source, values, addressText, auditId } = parsed.data.siteDraft;
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return { source, values: defined, addressText, ...(auditId ? { auditId } : {}) };
}
