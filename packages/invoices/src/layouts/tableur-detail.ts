/**
 * Layout `tableur-detail`: the detail export of an invoice (XLSX or XLS), as transporters (LI, PIC) and suppliers
 * provide it: first cell « Détail de facture d’acheminement gaz », then « clé | valeur » rows, then a table with
 * the columns Désignation, Quantité, Unité, Prix unitaire, Unité de prix, Durée, Montant HT, Début, Fin (numbers
 * as numbers, grid units), then VAT rows (« TVA », taux, base, montant) and totals.
 */
import type { InvoiceFormat } from '@pilote/tariffs';
import type { Cell, Sheet } from '../formats/spreadsheet.ts';
import { type DraftInvoice, type Extracted, emptyDraft, finalise, fold, unusedRow } from './draft.ts';
import { applyHeader, isVatLabel } from './header-fields.ts';

export const SPREADSHEET_DETAIL_LAYOUT = 'tableur-detail';

const TITLE = /^detail de facture d'acheminement gaz/;
const COLUMNS = [
  'designation',
  'quantite',
  'unite',
  'prix unitaire',
  'unite de prix',
  'duree',
  'montant ht',
  'debut',
  'fin',
];

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

function sheetOf(sheets: readonly Sheet[]): Sheet | null {
  return sheets.find((s) => TITLE.test(fold(text(s.rows[0]?.[0])))) ?? null;
}

export function detectSpreadsheetDetail(sheets: readonly Sheet[]): boolean {
  return sheetOf(sheets) !== null;
}

export function extractSpreadsheetDetail(sheets: readonly Sheet[], format: InvoiceFormat): Extracted {
  const sheet = sheetOf(sheets) as Sheet;
  const draft: DraftInvoice = emptyDraft();
  let inTable = false;
  let tableSeen = false;
  /** A header value: a number cell followed by a unit cell (« 109000 | kWh/j ») is read with its unit. */
  const headerValue = (row: readonly Cell[]): string | number => {
    const unit = typeof row[2] === 'string' ? row[2].trim() : '';
    if (typeof row[1] === 'number') {
      return unit !== '' && /^[kM]?Wh|^€|^%/i.test(unit) ? `${row[1]} ${unit}` : row[1];
    }
    return text(row[1]);
  };
  for (const row of sheet.rows.slice(1)) {
    const first = text(row[0]);
    if (first === '') {
      continue;
    }
    if (COLUMNS.every((c, i) => fold(text(row[i])) === c)) {
      inTable = true;
      tableSeen = true;
      continue;
    }
    if (isVatLabel(first)) {
      const v = (i: number) =>
        typeof row[i] === 'number' || typeof row[i] === 'string' ? (row[i] as number | string) : null;
      draft.vat.push({ rate: v(1), base: v(2), amount: v(3) });
      continue;
    }
    if (/^total/.test(fold(first))) {
      inTable = false;
      if (!applyHeader(draft, first, headerValue(row))) {
        unusedRow(draft, row);
      }
      continue;
    }
    if (inTable) {
      const cell = (i: number) =>
        row[i] === null || row[i] === undefined || row[i] === '' ? null : (row[i] as string | number);
      draft.lines.push({
        label: first,
        quantity: cell(1),
        quantityUnit: cell(2) === null ? null : text(row[2]),
        unitPrice: cell(3),
        unitPriceUnit: cell(4) === null ? null : text(row[4]),
        prorata: cell(5),
        amount: cell(6),
        firstDay: cell(7) === null ? null : text(row[7]),
        lastDay: cell(8) === null ? null : text(row[8]),
      });
      continue;
    }
    // After the table, a row that is none of VAT or totals is listed (never dropped silently).
    if (!applyHeader(draft, first, headerValue(row)) && tableSeen) {
      unusedRow(draft, row);
    }
  }
  return { invoice: finalise(draft, format, SPREADSHEET_DETAIL_LAYOUT), warnings: draft.warnings };
}
