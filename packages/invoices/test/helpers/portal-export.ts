/**
 * A supplier portal's CSV export of several invoices (issue #25 §4, ADR 0086), written here from normalised invoices
 * as a portal writes it — not by our readers' code: a title line and the supplier above the header, `;` separators,
 * decimal commas, units in the column titles, energy in kWh, the CTA rate in %, one row per billed line and the
 * invoice's number, PCE and dates on every row. Used by the package test and the server's integration test.
 */
import { type NormalisedInvoice, referenceInvoice } from '@pilote/tariffs';
import { plant, rebill, T4_FEB_2026 } from './e-invoice-eu.ts';

const HEADER = [
  'N° facture',
  'PCE',
  'Date de début',
  'Date de fin',
  'Option',
  'Code PITD',
  'NTR',
  'CAR (kWh)',
  'CJA (kWh/j)',
  'Composante',
  'Quantité',
  'Unité',
  'Prix unitaire',
  'Unité de prix',
  'Prorata',
  'Montant HT (€)',
  'TVA (€)',
  'Montant TTC (€)',
];

const frDay = (iso: string) => iso.split('-').reverse().join('/');
const num = (v: number) => String(v).replace('.', ',');
const cents = (v: number) => Math.round(v * 100 + Math.sign(v) * 1e-9) / 100;

/** The rows of one invoice (its lines), in the header's order. */
function rowsOf(inv: NormalisedInvoice): string[][] {
  return inv.lines.map((l) => {
    const isCta = l.unitPriceUnit?.trim() === '%';
    const vat = cents(l.amount * 0.2);
    const kwh = l.quantityUnit === 'MWh';
    return [
      inv.invoiceNumber ?? '',
      inv.point.pce ?? '',
      frDay(inv.period.firstDay),
      frDay(inv.period.lastDay),
      inv.tarif ?? '',
      inv.point.code ?? '',
      inv.ntr === null ? '' : String(inv.ntr),
      String(Math.round((inv.car ?? 0) * 1000)),
      String(Math.round((inv.cja ?? 0) * 1000)),
      l.label,
      l.quantity === null ? '' : num(kwh ? Math.round(l.quantity * 1000) : l.quantity),
      kwh ? 'kWh' : (l.quantityUnit ?? ''),
      l.unitPrice === null ? '' : num(isCta ? Math.round(l.unitPrice * 10_000) / 100 : l.unitPrice),
      l.unitPriceUnit ?? '',
      l.prorata === null ? '' : `${Math.round(l.prorata * 12)}/12`,
      num(l.amount),
      num(vat),
      num(cents(l.amount + vat)),
    ];
  });
}

/** The CSV export (UTF-8 with a BOM, CRLF) of the invoices, in the order given. */
export function portalCsvExport(invoices: readonly NormalisedInvoice[], supplier = 'Énergie Exemple SA'): Uint8Array {
  const lines = [
    'Espace client — export de vos factures détaillées',
    `Fournisseur;${supplier}`,
    '',
    HEADER.join(';'),
    ...invoices.flatMap(rowsOf).map((row) => row.join(';')),
  ];
  return new TextEncoder().encode(`\ufeff${lines.join('\r\n')}\r\n`);
}

export const PCE_A = '21400000000117';
export const PCE_B = '21400000000125';

/** PCE A's January 2026 T4 invoice, correct (the February case's point, another month and consumption). */
export const JANUARY_2026: NormalisedInvoice = referenceInvoice({
  format: 'xml',
  layout: 'en16931',
  supplier: 'Énergie Exemple SA',
  invoiceNumber: 'FG-2026-01-0117',
  issuedOn: '2026-02-05',
  point: { pointDeReseau: 'PITD', code: 'GI060012', pce: PCE_A },
  tso: 'NaTran',
  ntr: 2,
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  modulation: 29.015,
  consumptionMwh: 2310.4,
  period: { firstDay: '2026-01-01', lastDay: '2026-01-31' },
  prorata: 'mois',
  fourniturePrice: 45.8,
});

/** PCE B's February 2026 invoice with one planted error: TCL 58,31 instead of 56,31 €/MWh/j/an, 109 × 2,00 / 12 = 18,17 €. */
export const TCL_ERROR_FEB_2026: NormalisedInvoice = {
  ...rebill(plant(T4_FEB_2026, 'tcl', { unitPrice: 58.31 })),
  invoiceNumber: 'FG-2026-02-0125',
  point: { ...T4_FEB_2026.point, pce: PCE_B },
};

/** The three invoices in the export's order: A January (correct), A February (correct), B February (the TCL error). */
export const THREE_INVOICES: readonly NormalisedInvoice[] = [JANUARY_2026, T4_FEB_2026, TCL_ERROR_FEB_2026];
