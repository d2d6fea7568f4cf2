/**
 * A text PDF of several invoices (a supplier's monthly bundle, one invoice per PCE, each starting on a new page;
 * ADR 0090): the pages are cut into invoices by the header fields each page prints. A page whose labelled PCE or
 * invoice number differs from the current invoice's starts a new invoice; a page that prints neither continues it.
 * Nothing is guessed: a page that prints two PCE or two invoice numbers, or one invoice number on pages of two PCE,
 * is refused (`AMBIGUOUS_INVOICES`) rather than cut or read as one — either would mix two invoices' values.
 */
import type { PositionedRow } from '../formats/pdf.ts';
import { fold } from './draft.ts';

/** The pages of one invoice of the document (1-based, in order) and what its header fields say of it. */
export interface PdfInvoicePages {
  readonly pages: readonly number[];
  /** The labelled PCE (14 digits) of its pages, if any printed one. */
  readonly pce: string | null;
  /** The labelled invoice number of its pages, if any printed one. */
  readonly invoiceNumber: string | null;
}

/** Why the pages cannot be cut into invoices without a guess: a French sentence and what was found. */
export interface AmbiguousInvoices {
  readonly ambiguous: string;
  readonly found: readonly string[];
}

/**
 * A PCE after its label (« PCE », « Point de comptage … », « Point de livraison (PCE) », « PDL »): the labels and the
 * value pattern of the layout-free reader's PCE (ADR 0070), every occurrence of a row.
 */
const LABELLED_PCE =
  /(?:\bPCE\b|point de comptage[^|:\d]{0,80}|point de livraison[^|:\d]{0,80}|\bPDL\b)\s{0,5}\)?\s{0,5}:?\s{0,5}\|?\s{0,5}((?:\d[\s\u00a0]?){13}\d)(?!\d)/gi;

/**
 * An invoice number after its label, the label at the start of a cell (« Facture n° FG-… », « N° de facture | … »):
 * « Annule et remplace la facture n° … » or « Rappel : facture n° … » name another invoice, not this one.
 */
const LABELLED_NUMBER =
  /^(?:facture\s*(?:n°|nº|no\.?|numéro|numero)(?![a-zà-ÿ])|n°\s*de\s*facture|numéro de facture|numero de facture)\s*:?\s*\|?\s*(?=[A-Z\-/_.]*\d)([A-Z0-9][A-Z0-9\-/_.]{3,})/i;

/** The labelled PCE and invoice numbers a page prints, each once, in reading order. */
export function pageIdentity(rows: readonly PositionedRow[]): { pces: string[]; numbers: string[] } {
  const pces = new Set<string>();
  const numbers = new Set<string>();
  for (const row of rows) {
    const text = row.cells.map((c) => c.text).join(' | ');
    if (/\b(pce|pdl)\b|point de (comptage|livraison)/.test(fold(text))) {
      for (const m of text.matchAll(LABELLED_PCE)) {
        pces.add((m[1] ?? '').replace(/[\s\u00a0]/g, ''));
      }
    }
    // The label starts a cell; its value is in the same cell or the next (linear in the row's cells).
    row.cells.forEach((cell, i) => {
      const next = row.cells[i + 1];
      const m = LABELLED_NUMBER.exec(next ? `${cell.text} | ${next.text}` : cell.text);
      if (m?.[1]) {
        numbers.add(m[1]);
      }
    });
  }
  return { pces: [...pces], numbers: [...numbers] };
}

/**
 * The invoices of a text PDF by page (ADR 0090). One invoice: a single entry of every page (the caller reads the
 * document as before). Pages before the first that prints a PCE or a number belong to the first invoice.
 */
export function pdfInvoicePages(
  rows: readonly PositionedRow[],
  pageCount: number,
): PdfInvoicePages[] | AmbiguousInvoices {
  const byPage = new Map<number, PositionedRow[]>();
  for (const row of rows) {
    const page = byPage.get(row.page);
    if (page) {
      page.push(row);
    } else {
      byPage.set(row.page, [row]);
    }
  }
  const invoices: { pages: number[]; pce: string | null; invoiceNumber: string | null }[] = [];
  let current: { pages: number[]; pce: string | null; invoiceNumber: string | null } | null = null;
  const leading: number[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const { pces, numbers } = pageIdentity(byPage.get(page) ?? []);
    if (pces.length > 1) {
      return {
        ambiguous: `la page ${page} porte plusieurs PCE (${pces.join(', ')}) : impossible de savoir à quelle facture chaque ligne appartient`,
        found: [`page ${page} : PCE ${pces.join(', ')}`],
      };
    }
    if (numbers.length > 1) {
      return {
        ambiguous: `la page ${page} porte plusieurs numéros de facture (${numbers.join(', ')}) : impossible de savoir à quelle facture chaque ligne appartient`,
        found: [`page ${page} : factures n° ${numbers.join(', ')}`],
      };
    }
    const pce = pces[0] ?? null;
    const invoiceNumber = numbers[0] ?? null;
    if (!current) {
      if (pce === null && invoiceNumber === null) {
        leading.push(page);
        continue;
      }
      current = { pages: [...leading, page], pce, invoiceNumber };
      invoices.push(current);
      continue;
    }
    const otherPce = pce !== null && current.pce !== null && pce !== current.pce;
    const otherNumber =
      invoiceNumber !== null && current.invoiceNumber !== null && invoiceNumber !== current.invoiceNumber;
    if (otherPce && invoiceNumber !== null && invoiceNumber === current.invoiceNumber) {
      // One invoice number over pages of two PCE: one invoice of several sites, or a number printed on every
      // invoice of the bundle (an account number?). Neither cut nor read as one.
      return {
        ambiguous: `la facture n° ${invoiceNumber} porte plusieurs PCE (${current.pce}, page ${current.pages[0]} ; ${pce}, page ${page}) : impossible de la découper en factures d’un PCE chacune`,
        found: [`facture n° ${invoiceNumber} : PCE ${current.pce} et ${pce}`],
      };
    }
    if (otherPce || otherNumber) {
      current = { pages: [page], pce, invoiceNumber };
      invoices.push(current);
      continue;
    }
    current.pages.push(page);
    current.pce ??= pce;
    current.invoiceNumber ??= invoiceNumber;
  }
  if (invoices.length === 0) {
    return [{ pages: leading, pce: null, invoiceNumber: null }];
  }
  return invoices;
}
