/**
 * A supplier-style gas invoice PDF written with pdf-lib for the review-step tests (issue #25 §6, ADR 0071): the
 * public February 2026 T4 case billed at NTR 3 on a point whose NTR is 2 (the planted error: 870,64 € HT), with
 * header fields that can be left out (the CJA). Server and browser tests share it.
 */
import { formatNumberFr, type NormalisedInvoice, type ReferenceInvoiceSpec, referenceInvoice } from '@pilote/tariffs';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/** The public February 2026 T4 case (EnergySystemModels-fr), billed with NTR 3 instead of 2. */
export const T4_NTR3_SPEC: ReferenceInvoiceSpec = {
  format: 'pdf',
  layout: 'fournisseur-pdf',
  supplier: 'Énergie Exemple SA',
  invoiceNumber: 'FG-2026-02-0300',
  issuedOn: '2026-03-06',
  point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000300' },
  tso: 'NaTran',
  ntr: 3,
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  modulation: 29.015,
  consumptionMwh: 2043.755,
  period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
  prorata: 'mois',
  fourniturePrice: 45.8,
};

const WinAnsi = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[’]/g, "'");
const fmt = (value: number, decimals: number) => WinAnsi(formatNumberFr(value, decimals, decimals));
const euros = (value: number) => `${fmt(value, 2)} €`;
const day = (iso: string) => iso.split('-').reverse().join('/');

function headerPairs(inv: NormalisedInvoice, omit: ReadonlySet<string>): [string, string][] {
  const pairs: [string, string, string][] = [
    ['supplier', 'Fournisseur', inv.supplier],
    ['invoiceNumber', 'Facture n°', inv.invoiceNumber ?? ''],
    ['issuedOn', "Date d'émission", day(inv.issuedOn ?? inv.period.lastDay)],
    ['pointDeReseau', 'Type de point', 'PITD (desservi par la distribution)'],
    ['pce', 'Point de livraison (PCE)', inv.point.pce ?? ''],
    ['code', 'Code PITD', inv.point.code ?? ''],
    ['tso', 'Gestionnaire de réseau de transport', inv.tso ?? ''],
    ['period', 'Période de consommation', `du ${day(inv.period.firstDay)} au ${day(inv.period.lastDay)}`],
    ['tarif', "Option tarifaire d'acheminement", inv.tarif ?? ''],
    ['car', 'Consommation annuelle de référence (CAR)', `${fmt(inv.car ?? 0, 3)} MWh`],
    ['cja', 'Capacité journalière annuelle souscrite (CJA)', `${fmt(inv.cja ?? 0, 3)} MWh/j`],
    ['ntr', 'Niveau de tarif régional (NTR)', String(inv.ntr ?? '')],
    ['consumption', 'Consommation relevée', `${fmt(inv.consumptionMwh ?? 0, 3)} MWh`],
  ];
  return pairs.filter(([field]) => !omit.has(field)).map(([, key, value]) => [key, value]);
}

/**
 * The invoice of `spec` as a PDF of the `fournisseur-pdf` layout, without the header fields in `omit`, with the
 * `extra` header lines (« Commune de livraison », ADR 0081) after the others.
 */
export async function invoicePdf(
  spec: ReferenceInvoiceSpec = T4_NTR3_SPEC,
  omit: readonly string[] = [],
  extra: readonly (readonly [string, string])[] = [],
): Promise<{ bytes: Uint8Array; invoice: NormalisedInvoice }> {
  const inv = referenceInvoice(spec);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  let y = 800;
  const text = (s: string, x: number, f: PDFFont = font, size = 8) =>
    page.drawText(WinAnsi(s), { x, y, size, font: f });
  text('Facture de gaz naturel', 40, bold, 14);
  y -= 24;
  for (const [key, value] of [...headerPairs(inv, new Set(omit)), ...extra]) {
    text(key, 40);
    text(value, 300);
    y -= 13;
  }
  y -= 8;
  const cols = [40, 290, 385, 475, 520];
  ['Désignation', 'Quantité', 'Prix unitaire', 'Durée', 'Montant HT'].forEach((h, i) => {
    text(h, cols[i] as number, bold);
  });
  y -= 13;
  for (const line of inv.lines) {
    const cta = line.quantityUnit === '€';
    const cells = [
      line.label,
      cta ? euros(line.quantity ?? 0) : `${fmt(line.quantity ?? 0, 3)} ${line.quantityUnit ?? ''}`,
      cta ? `${fmt((line.unitPrice ?? 0) * 100, 2)} %` : `${fmt(line.unitPrice ?? 0, 2)} ${line.unitPriceUnit ?? ''}`,
      cta || line.prorata === null ? null : `${Math.round(line.prorata * 12)}/12`,
      euros(line.amount),
    ];
    cells.forEach((cell, i) => {
      if (cell !== null) {
        text(cell, cols[i] as number, font, 7);
      }
    });
    y -= 13;
  }
  y -= 8;
  for (const vat of inv.vat) {
    text(`TVA ${fmt(vat.rate * 100, 2)} %`, 40);
    text(euros(vat.base), 385);
    text(euros(vat.amount), 520);
    y -= 13;
  }
  for (const [key, value] of [
    ['Total HT', inv.totals.totalHt],
    ['Total TVA', inv.totals.totalTva],
    ['Total TTC', inv.totals.totalTtc],
  ] as const) {
    text(key, 40, bold);
    text(euros(value), 520, bold);
    y -= 13;
  }
  return { bytes: await doc.save({ useObjectStreams: false }), invoice: inv };
}
