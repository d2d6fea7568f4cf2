/**
 * A supplier portal's CSV export of several invoices (issue #25 §4, ADR 0086), written here from normalised invoices
 * as a portal writes it — not by our readers' code: a title line and the supplier above the header, `;` separators,
 * decimal commas, units in the column titles, energy in kWh, the CTA rate in %, one row per billed line and the
 * invoice's number, PCE and dates on every row. Used by the package test and the server's integration test.
 */
import type { NormalisedInvoice } from '@pilote/tariffs';

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
