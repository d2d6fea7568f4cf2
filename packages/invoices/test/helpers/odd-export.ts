/**
 * A supplier portal's export whose header no reader knows (ADR 0085), written by exceljs — not our writer: a title
 * line, a « Fournisseur | … » line and a blank line above the header, titles the portal reader's synonyms do not
 * cover, one billed line per row. Used by the package's test and the server's.
 */
import type { NormalisedInvoice } from '@pilote/tariffs';
import ExcelJS from 'exceljs';
import type { PortalMapping } from '../../src/layouts/tableur-portail.ts';

export const PCE = '21400000000117';

export const TITLES = [
  'Valeur € HT',
  'Poste de facturation',
  'Compteur',
  'Début',
  'Fin',
  'Opt.',
  'Point réseau',
  'Niveau NTR',
  'Conso. annuelle réf.',
  'Capacité souscrite',
  'Nb',
  'U',
  'PU',
  'U. prix',
  'Fraction',
  'Taxe',
  'Total TTC',
  'Numéro',
];

/** The user's mapping of TITLES (what the form sends). */
export const MAPPING: PortalMapping = {
  0: { column: 'amount', unit: '€' },
  1: { column: 'label', unit: null },
  2: { column: 'pce', unit: null },
  3: { column: 'firstDay', unit: null },
  4: { column: 'lastDay', unit: null },
  5: { column: 'tarif', unit: null },
  6: { column: 'code', unit: null },
  7: { column: 'ntr', unit: null },
  8: { column: 'car', unit: 'kWh/an' },
  9: { column: 'cja', unit: 'kWh/j' },
  10: { column: 'quantity', unit: null },
  11: { column: 'quantityUnit', unit: null },
  12: { column: 'unitPrice', unit: null },
  13: { column: 'unitPriceUnit', unit: null },
  14: { column: 'prorata', unit: null },
  15: { column: 'vat', unit: '€' },
  16: { column: 'ttc', unit: '€' },
  17: { column: 'invoiceNumber', unit: null },
};

export async function oddExport(inv: NormalisedInvoice, titles: readonly string[] = TITLES): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mes factures');
  ws.addRow(['Export espace client']);
  ws.addRow(['Fournisseur', 'Énergie Exemple SA']);
  ws.addRow([]);
  ws.addRow([...titles]);
  for (const l of inv.lines) {
    const isCta = l.quantityUnit === '€';
    const vat = Math.round(l.amount * 0.2 * 100) / 100;
    ws.addRow([
      l.amount,
      l.label,
      PCE,
      '01/02/2026',
      '28/02/2026',
      inv.tarif,
      inv.point.code,
      inv.ntr,
      Math.round((inv.car ?? 0) * 1000),
      Math.round((inv.cja ?? 0) * 1000),
      l.quantityUnit === 'MWh' ? Math.round((l.quantity ?? 0) * 1000) : l.quantity,
      l.quantityUnit === 'MWh' ? 'kWh' : l.quantityUnit,
      isCta ? Math.round((l.unitPrice ?? 0) * 10_000) / 100 : l.unitPrice,
      l.unitPriceUnit,
      l.prorata === null ? null : `${Math.round(l.prorata * 12)}/12`,
      vat,
      Math.round((l.amount + vat) * 100) / 100,
      inv.invoiceNumber,
    ]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** MAPPING as the API takes it (`PUT /api/audits/:id/column-mapping`). */
export const MAPPING_BODY = {
  columns: Object.entries(MAPPING).map(([index, m]) => ({ index: Number(index), column: m.column, unit: m.unit })),
};
