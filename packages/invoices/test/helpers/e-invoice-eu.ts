/**
 * EN 16931 e-invoices written by a tool other than ours (issue #25 §2, ADR 0069): `@e-invoice-eu/core` turns its
 * UBL-shaped JSON into UBL 2.1, CII D16B or a Factur-X PDF (PDF/A-3 with `factur-x.xml` attached). The public
 * February 2026 T4 case (GRDF, NaTran NTR 2, 2 043 755 kWh) is written as a French gas supplier would: the gas
 * fields in header notes (BT-22), the PCE as the delivery location (BT-71), energy in KWH with prices per 1 000 KWH
 * (BT-149/150), the subscription as 1 MON at the monthly price, capacity and CTA lines with the item attributes
 * « Unité de quantité », « Unité de prix » and « Durée » (BT-160/161). Used by the package tests and the server's
 * integration test.
 */

import { InvoiceService } from '@e-invoice-eu/core';
import {
  type InvoiceLine,
  type InvoiceLineKind,
  type NormalisedInvoice,
  referenceInvoice,
  TAXES,
  valueAt,
} from '@pilote/tariffs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

type EInvoice = Parameters<InvoiceService['generate']>[0];
type UblLine = EInvoice['ubl:Invoice']['cac:InvoiceLine'][number];

/** February 2026 T4 invoice of EnergySystemModels-fr (contrat_gaz.rst §4.1), as in the fixture corpus. */
export const T4_FEB_2026: NormalisedInvoice = referenceInvoice({
  format: 'xml',
  layout: 'en16931',
  supplier: 'Énergie Exemple SA',
  invoiceNumber: 'FG-2026-02-0117',
  issuedOn: '2026-03-06',
  point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
  tso: 'NaTran',
  ntr: 2,
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  modulation: 29.015,
  consumptionMwh: 2043.755,
  period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
  prorata: 'mois',
  fourniturePrice: 45.8,
});

const cents = (v: number) => Math.round(v * 100 + Math.sign(v) * 1e-9) / 100;
const money = (v: number) => v.toFixed(2);
const fr = (v: number) => Math.round(v).toLocaleString('fr-FR').replace(/\s/g, ' ');

// ---- Planting errors as a supplier bills them ------------------------------------------------------------------

/** Changes the first line of `kind`; its amount is recomputed unless given. */
export function plant(
  invoice: NormalisedInvoice,
  kind: InvoiceLineKind,
  patch: Partial<InvoiceLine>,
): NormalisedInvoice {
  let done = false;
  const lines = invoice.lines.map((l) => {
    if (done || l.kind !== kind) {
      return l;
    }
    done = true;
    const next = { ...l, ...patch };
    return 'amount' in patch
      ? next
      : { ...next, amount: cents((next.quantity ?? 0) * (next.unitPrice ?? 0) * (next.prorata ?? 1)) };
  });
  if (!done) {
    throw new Error(`no ${kind} line`);
  }
  return { ...invoice, lines };
}

/** VAT and totals recomputed on the lines as billed (the CTA lines are left as they are). */
export function rebill(invoice: NormalisedInvoice): NormalisedInvoice {
  const totalHt = cents(invoice.lines.reduce((s, l) => s + l.amount, 0));
  const rate = valueAt(TAXES.tva.tauxNormal, invoice.period.firstDay);
  const totalTva = cents(totalHt * rate);
  return {
    ...invoice,
    vat: [{ rate, base: totalHt, amount: totalTva }],
    totals: { totalHt, totalTva, totalTtc: cents(totalHt + totalTva) },
  };
}

/**
 * The six planted errors, billed as a supplier would (VAT and totals recomputed on the wrong lines, the CTA lines
 * left as billed), with the euros computed by hand:
 * 1. NTR 3 printed and billed (TCR 95,85 × 3) on a point whose NTR is 2: 109 × 95,85 × 1/12 = 870,64 €;
 * 2. TCL 58,31 instead of 56,31 €/MWh/j/an: 109 × 2,00 / 12 = 18,17 €;
 * 3. T4 proportional term 1,25 instead of 1,18 €/MWh: 2 043,755 × 0,07 = 143,06 €;
 * 4. CTA distribution part at 21,04 % instead of 20,80 % on 4 424,81 €: 930,98 − 920,36 = 10,62 €;
 * 5. accise 16,49 instead of 16,39 €/MWh: 2 043,755 × 0,10 = 204,38 €;
 * 6. T4 capacity line's amount 2 661,00 for 109 × 288 / 12 = 2 616,00: 45,00 €.
 * Together 1 291,87 € HT over-billed.
 */
export const SIX_ERRORS: NormalisedInvoice = rebill({
  ...[
    ['tcr', { unitPrice: 95.85 * 3 }],
    ['tcl', { unitPrice: 58.31 }],
    ['termeProportionnel', { unitPrice: 1.25 }],
    ['ctaDistribution', { unitPrice: 0.2104 }],
    ['accise', { unitPrice: 16.49 }],
    ['capaciteT4Jusqua500', { amount: 2661 }],
  ].reduce((inv, [kind, patch]) => plant(inv, kind as InvoiceLineKind, patch as Partial<InvoiceLine>), T4_FEB_2026),
  ntr: 3,
  invoiceNumber: 'FG-2026-02-0118',
});
/** The findings the six errors give (check, € to the cent, rule). */
export const PLANTED = [
  { check: 'ntr', amountEuros: 870.64, rule: 'atrt8.ntr' },
  { check: 'tcl', amountEuros: 18.17, rule: 'atrt8.tcl' },
  { check: 'unitPrice', amountEuros: 143.06, rule: 'atrd7.prix' },
  { check: 'cta', amountEuros: 10.62, rule: 'cta.taux' },
  { check: 'accise', amountEuros: 204.38, rule: 'accise.taux' },
  { check: 'arithmetic', amountEuros: 45, rule: 'facture.arithmetique' },
];

// ---- The e-invoice-eu JSON -------------------------------------------------------------------------------------

const VAT_CATEGORY = { 'cbc:ID': 'S', 'cbc:Percent': '20', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } as const;

function prorataText(p: number): string {
  for (const d of [12, 365, 366]) {
    const n = Math.round(p * d);
    if (n > 0 && Math.abs(n / d - p) < 1e-12) {
      return `${n}/${d}`;
    }
  }
  throw new Error(`prorata ${p}`);
}

function ublLine(l: InvoiceLine, i: number): UblLine {
  const common = {
    'cbc:ID': String(i + 1),
    'cbc:LineExtensionAmount': money(l.amount),
    'cbc:LineExtensionAmount@currencyID': 'EUR',
  } as const;
  const item = (attributes: [string, string][]) => ({
    'cbc:Name': l.label,
    'cac:ClassifiedTaxCategory': VAT_CATEGORY,
    ...(attributes.length > 0
      ? { 'cac:AdditionalItemProperty': attributes.map(([n, v]) => ({ 'cbc:Name': n, 'cbc:Value': v })) }
      : {}),
  });
  const price = (amount: number, base?: [number, string]) => ({
    'cbc:PriceAmount': money(amount),
    'cbc:PriceAmount@currencyID': 'EUR',
    ...(base ? { 'cbc:BaseQuantity': String(base[0]), 'cbc:BaseQuantity@unitCode': base[1] } : {}),
  });
  if (l.quantityUnit === 'MWh') {
    // Energy in kWh, the price per 1 000 kWh (€/MWh as printed).
    return {
      ...common,
      'cbc:InvoicedQuantity': String(Math.round((l.quantity ?? 0) * 1000)),
      'cbc:InvoicedQuantity@unitCode': 'KWH',
      'cac:Item': item([]),
      'cac:Price': price(l.unitPrice ?? 0, [1000, 'KWH']),
    } as UblLine;
  }
  if (l.kind === 'abonnement' && l.prorata !== null && Math.abs((l.prorata ?? 0) - 1 / 12) < 1e-12) {
    // One month at the monthly price.
    return {
      ...common,
      'cbc:InvoicedQuantity': '1',
      'cbc:InvoicedQuantity@unitCode': 'MON',
      'cac:Item': item([]),
      'cac:Price': price(cents((l.unitPrice ?? 0) / 12)),
    } as UblLine;
  }
  if (l.quantityUnit === '€') {
    // CTA: the base in €, the rate in %, so that base × rate / 100 is the amount.
    return {
      ...common,
      'cbc:InvoicedQuantity': money(l.quantity ?? 0),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cac:Item': item([
        ['Unité de quantité', '€'],
        ['Unité de prix', '%'],
      ]),
      'cac:Price': price(cents((l.unitPrice ?? 0) * 100), [100, 'C62']),
    } as UblLine;
  }
  return {
    ...common,
    'cbc:InvoicedQuantity': String(l.quantity ?? 0),
    'cbc:InvoicedQuantity@unitCode': 'C62',
    'cac:Item': item([
      ['Unité de quantité', l.quantityUnit ?? ''],
      ['Unité de prix', l.unitPriceUnit ?? ''],
      ...(l.prorata !== null ? ([['Durée', prorataText(l.prorata)]] as [string, string][]) : []),
    ]),
    'cac:Price': price(l.unitPrice ?? 0),
  } as UblLine;
}

/** The invoice in e-invoice-eu's JSON (UBL-shaped), the gas fields as a French supplier prints them. */
export function eInvoiceData(inv: NormalisedInvoice): EInvoice {
  const notes = [
    'Type de point : PITD',
    `Code PITD : ${inv.point.code}`,
    `Gestionnaire de réseau de transport : ${inv.tso}`,
    `Option tarifaire d’acheminement : ${inv.tarif}`,
    `Consommation annuelle de référence (CAR) : ${fr((inv.car ?? 0) * 1000)} kWh`,
    `Capacité journalière annuelle souscrite (CJA) : ${fr((inv.cja ?? 0) * 1000)} kWh/j`,
    `Niveau de tarif régional (NTR) : ${inv.ntr}`,
    `Consommation relevée : ${fr((inv.consumptionMwh ?? 0) * 1000)} kWh`,
  ];
  const vat = inv.vat[0] as { rate: number; base: number; amount: number };
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': inv.invoiceNumber ?? '',
      'cbc:IssueDate': inv.issuedOn ?? inv.period.lastDay,
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': notes,
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': 'Contrat 2026-T4-117',
      'cac:InvoicePeriod': { 'cbc:StartDate': inv.period.firstDay, 'cbc:EndDate': inv.period.lastDay },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': 'factures@energie-exemple.fr',
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            'cbc:StreetName': '1 place de l’Énergie',
            'cbc:CityName': 'Paris',
            'cbc:PostalZone': '75008',
            'cac:Country': { 'cbc:IdentificationCode': 'FR' },
          },
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': 'FR40303265045', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': inv.supplier },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': 'compta@client-exemple.fr',
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            'cbc:CityName': 'Nice',
            'cbc:PostalZone': '06000',
            'cac:Country': { 'cbc:IdentificationCode': 'FR' },
          },
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': 'Client Exemple SAS' },
        },
      },
      'cac:Delivery': { 'cac:DeliveryLocation': { 'cbc:ID': inv.point.pce ?? '' } },
      'cac:PaymentMeans': [
        { 'cbc:PaymentMeansCode': '30', 'cac:PayeeFinancialAccount': { 'cbc:ID': 'FR7630006000011234567890189' } },
      ],
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(inv.totals.totalTva),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': money(vat.base),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': money(vat.amount),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': VAT_CATEGORY,
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(inv.totals.totalHt),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': money(inv.totals.totalHt),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': money(inv.totals.totalTtc),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': money(inv.totals.totalTtc),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': inv.lines.map(ublLine) as EInvoice['ubl:Invoice']['cac:InvoiceLine'],
    },
  } as EInvoice;
}

/** A visible page for the Factur-X PDF: a summary that none of our PDF layouts recognises (so the XML is read). */
async function visiblePdf(inv: NormalisedInvoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [
    `${inv.supplier} — facture ${inv.invoiceNumber}`,
    `Gaz naturel, PCE ${inv.point.pce}, du ${inv.period.firstDay} au ${inv.period.lastDay}`,
    `Total TTC : ${money(inv.totals.totalTtc)} EUR (détail dans la facture électronique jointe)`,
  ];
  lines.forEach((text, i) => {
    page.drawText(text, { x: 40, y: 800 - 16 * i, size: 10, font });
  });
  return doc.save();
}

export type EInvoiceFormat = 'CII' | 'UBL' | 'Factur-X';

const written = new Map<string, Promise<Uint8Array>>();

/**
 * The invoice written by e-invoice-eu in one of the EN 16931 formats. Kept per invoice number and format (a
 * Factur-X takes a second or two to write): callers get a copy.
 */
export async function writeEInvoice(inv: NormalisedInvoice, format: EInvoiceFormat): Promise<Uint8Array> {
  const key = `${inv.invoiceNumber}|${inv.totals.totalTtc}|${format}`;
  let bytes = written.get(key);
  if (!bytes) {
    bytes = generate(inv, format);
    written.set(key, bytes);
  }
  return new Uint8Array(await bytes);
}

async function generate(inv: NormalisedInvoice, format: EInvoiceFormat): Promise<Uint8Array> {
  const service = new InvoiceService({ log: () => {}, warn: () => {}, error: () => {} });
  const data = eInvoiceData(inv);
  if (format === 'Factur-X') {
    const pdf = await visiblePdf(inv);
    const out = await service.generate(data, {
      format: 'Factur-X-EN16931',
      lang: 'fr-fr',
      pdf: { buffer: pdf, filename: 'facture.pdf', mimetype: 'application/pdf' },
    });
    return out as Uint8Array;
  }
  const out = await service.generate(data, { format, lang: 'fr-fr' });
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}
