/**
 * Layout `fournisseur-pdf`: a supplier's gas invoice laid out like a major supplier's (the February 2026 T4 invoice
 * reproduced in EnergySystemModels-fr is the public model of its lines): a header of « clé / valeur » lines, a
 * table « Désignation | Quantité | Prix unitaire | Durée | Montant HT » (quantities in kWh, prices in €/kWh as
 * printed), VAT lines and totals. Detected by its title and the table header.
 */
import { type DraftInvoice, type Extracted, emptyDraft, finalise, fold, unusedRow } from './draft.ts';
import { applyHeader, isVatLabel } from './header-fields.ts';

export const PDF_SUPPLIER_LAYOUT = 'fournisseur-pdf';

const TITLE = /^facture de gaz naturel/;
const TABLE_HEADER = /^designation\tquantite\tprix unitaire/;
const COMMUNE = /^commune( de (livraison|consommation))?\s*:?$/;

export function detectPdfSupplier(pages: readonly (readonly string[])[]): boolean {
  const lines = pages.flat().map(fold);
  return lines.some((l) => TITLE.test(l)) && lines.some((l) => TABLE_HEADER.test(l));
}

export function extractPdfSupplier(pages: readonly (readonly string[])[]): Extracted {
  const draft: DraftInvoice = emptyDraft();
  let inTable = false;
  // The delivery commune, when printed: the NTR of a point without PITD code comes from it (ADR 0081).
  let commune: string | null = null;
  for (const line of pages.flat()) {
    const cells = line.split('\t');
    const first = cells[0] ?? '';
    if (TABLE_HEADER.test(fold(line))) {
      inTable = true;
      continue;
    }
    if (isVatLabel(first) && cells.length === 3) {
      draft.vat.push({
        rate: first
          .replace(/^TVA\s*/i, '')
          .replace('%', '')
          .trim(),
        base: cells[1] ?? null,
        amount: cells[2] ?? null,
      });
      continue;
    }
    if (cells.length === 2 && !inTable && COMMUNE.test(fold(first)) && (cells[1] ?? '').trim() !== '') {
      commune = (cells[1] ?? '').normalize('NFKC').trim();
      continue;
    }
    if (cells.length === 2) {
      const used = applyHeader(draft, first, cells[1] ?? null);
      if (used && /^total/.test(fold(first))) {
        inTable = false;
      } else if (!used && inTable) {
        unusedRow(draft, cells);
      }
      continue;
    }
    if (inTable && (cells.length === 4 || cells.length === 5)) {
      const [label, quantity, unitPrice] = cells as [string, string, string];
      draft.lines.push({
        label,
        quantity,
        quantityUnit: null,
        unitPrice,
        unitPriceUnit: null,
        prorata: cells.length === 5 ? (cells[3] ?? null) : null,
        amount: cells[cells.length - 1] ?? null,
      });
      continue;
    }
    if (inTable) {
      unusedRow(draft, cells);
    }
  }
  return {
    invoice: finalise(draft, 'pdf', PDF_SUPPLIER_LAYOUT),
    warnings: draft.warnings,
    ...(commune ? { provenance: { sources: {}, lineSources: [], missing: [], commune } } : {}),
  };
}
