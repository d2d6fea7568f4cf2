/**
 * `readInvoice`: sniff the format from the bytes, read it defensively, give it to the first extractor whose detector
 * recognises the layout. Never throws for a bad file: every failure is `{ ok: false, refusal }` with a French
 * message; an unknown layout says « format non reconnu » with what was found, never a guess (ADR 0033).
 */
import type { InvoiceFormat } from '@pilote/tariffs';
import { checkImage } from './formats/image.ts';
import { type PositionedRow, readPdfPages } from './formats/pdf.ts';
import type { PdfEInvoice } from './formats/pdf-attachments.ts';
import { describeStart, sniffInvoiceFormat } from './formats/sniff.ts';
import { readSpreadsheet, type Sheet } from './formats/spreadsheet.ts';
import { readTable } from './formats/table.ts';
import { readXml, type XmlNode } from './formats/xml.ts';
import { type Extracted, parsePeriod } from './layouts/draft.ts';
import { detectEn16931Cii, detectEn16931Ubl, extractEn16931Cii, extractEn16931Ubl } from './layouts/en16931.ts';
import { detectPdfSupplier, extractPdfSupplier } from './layouts/pdf-fournisseur.ts';
import { type PdfInvoicePages, pdfInvoicePages } from './layouts/pdf-invoices.ts';
import { detectPdfFree, extractPdfFree } from './layouts/pdf-libre.ts';
import { detectSpreadsheetDetail, extractSpreadsheetDetail } from './layouts/tableur-detail.ts';
import { detectSpreadsheetPortal, extractSpreadsheetPortal } from './layouts/tableur-portail.ts';
import { detectXmlCii, extractXmlCii } from './layouts/xml-cii.ts';
import { LIMITS } from './limits.ts';
import type { InvoiceHeaderField, InvoicePart, ReadingProvenance, ReadResult } from './read-result.ts';
import { readScan, type ScanImage, type ScanReading } from './read-scan.ts';
import { RefusalError, refused } from './refusal.ts';

/** One known layout: a detector and its extractor, per format family. */
interface Layout<Parsed> {
  readonly id: string;
  readonly detect: (parsed: Parsed) => boolean;
  readonly extract: (parsed: Parsed, format: InvoiceFormat) => Extracted;
}

/** The most invoices one portal export or PDF may hold: each becomes an audit of its own (ADR 0086, 0090). */
export const MAX_INVOICES_PER_FILE = 100;
export const PDF_LAYOUTS: readonly Layout<string[][]>[] = [
  { id: 'fournisseur-pdf', detect: detectPdfSupplier, extract: (pages) => extractPdfSupplier(pages) },
];
export const SPREADSHEET_LAYOUTS: readonly Layout<Sheet[]>[] = [
  { id: 'tableur-detail', detect: detectSpreadsheetDetail, extract: extractSpreadsheetDetail },
];
export const XML_LAYOUTS: readonly Layout<XmlNode>[] = [
  { id: 'cii-gaz', detect: detectXmlCii, extract: (doc) => extractXmlCii(doc) },
  // EN 16931 e-invoices (ADR 0069): any CII that is not ours, UBL 2.1 Invoice and CreditNote.
  { id: 'en16931-cii', detect: detectEn16931Cii, extract: (doc, format) => extractEn16931Cii(doc, format) },
  { id: 'en16931-ubl', detect: detectEn16931Ubl, extract: (doc, format) => extractEn16931Ubl(doc, format) },
];

/** The e-invoice inside a Factur-X/ZUGFeRD PDF, read as the structured invoice it is (ADR 0069), or null. */
function readEmbeddedEInvoice(embedded: PdfEInvoice): Extracted | null {
  const doc = readXml(embedded.xml);
  const origin = `, dans « ${embedded.filename} » joint au PDF`;
  if (detectEn16931Cii(doc)) {
    return extractEn16931Cii(doc, 'pdf', origin);
  }
  if (detectEn16931Ubl(doc)) {
    return extractEn16931Ubl(doc, 'pdf', origin);
  }
  return null;
}

const FORMAT_NAMES: Readonly<Record<InvoiceFormat, string>> = {
  pdf: 'PDF',
  xml: 'XML',
  xlsx: 'classeur XLSX',
  xls: 'classeur XLS',
  png: 'image PNG',
  jpeg: 'image JPEG',
  csv: 'fichier CSV',
};

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

function unknownLayout(filename: string, format: InvoiceFormat, found: string[]): ReadResult {
  return refused(
    'UNKNOWN_LAYOUT',
    `Format non reconnu : « ${filename} » est un ${FORMAT_NAMES[format]} lisible, mais sa mise en page ne correspond à aucun modèle de facture connu. Aucune valeur n’en a été déduite.`,
    [`format : ${FORMAT_NAMES[format]}`, ...found],
  );
}

/**
 * A scan read by OCR (ADR 0080): the words' rows go to our PDF layouts (by their text lines) and then to the
 * layout-free reader, as a text PDF's would. Every value is marked `ocr` with a confidence of at most 0,5: the
 * audit stops at the review step until the user confirms them (ADR 0071).
 */
async function readScanned(filename: string, format: InvoiceFormat, images: readonly ScanImage[]): Promise<ReadResult> {
  return fromScan(await readScan(images), images.length, filename, format);
}

/** The invoice of a scan's reading (exported for the tests, which give it recorded OCR words). */
export function fromScan(scan: ScanReading, pages: number, filename: string, format: InvoiceFormat): ReadResult {
  const invoice =
    pick(PDF_LAYOUTS, scan.lines, format) ?? (detectPdfFree(scan.rows) ? extractPdfFree(scan.rows) : null);
  if (!invoice) {
    const text = scan.lines.flat().filter((l) => l.trim() !== '');
    return unknownLayout(filename, format, [
      `${pages} page(s) lue(s) par OCR, ${text.length} ligne(s) de texte`,
      ...(text.length === 0
        ? ['aucun texte reconnu : image floue, de travers ou trop petite ?']
        : text.slice(0, 5).map(clip)),
    ]);
  }
  const read = invoice.provenance;
  const confidence: Partial<Record<InvoiceHeaderField, number>> = {};
  for (const field of ['pce', 'code', 'period', 'tarif', 'car', 'cja', 'ntr', 'consumption', 'totals'] as const) {
    confidence[field] = Math.min(read?.confidence?.[field] ?? 1, OCR_CONFIDENCE);
  }
  const provenance: ReadingProvenance = {
    sources: read?.sources ?? {},
    lineSources: read?.lineSources ?? [],
    missing: read?.missing ?? [],
    ...(read?.commune ? { commune: read.commune } : {}),
    confidence,
    ocr: { pages, meanConfidence: scan.meanConfidence },
  };
  return { ok: true, invoice: { ...invoice.invoice, format }, warnings: [...invoice.warnings], provenance };
}

/** The part of an export an invoice is: its number only when the export groups by it (ADR 0086). */
function partOf(invoice: { pce: string; month: string; invoiceNumber: string | null }): InvoicePart {
  return {
    pce: invoice.pce,
    month: invoice.month,
    ...(invoice.invoiceNumber ? { invoiceNumber: invoice.invoiceNumber } : {}),
  };
}

/**
 * A text PDF's invoice: our own layouts first; any other text PDF with a table of billed lines is read by position
 * (ADR 0070). `firstPage`: the invoice's first page when it is one of a PDF's several (ADR 0090).
 */
function readPdfText(
  pages: string[][],
  rows: readonly PositionedRow[],
  format: InvoiceFormat,
  firstPage = 1,
): Extracted | null {
  return pick(PDF_LAYOUTS, pages, format) ?? (detectPdfFree(rows) ? extractPdfFree(rows, firstPage) : null);
}

/** « page 3 », « pages 3–4 »: the pages of one invoice of a PDF follow each other. */
function pagesText(pages: readonly number[]): string {
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? first;
  return pages.length === 1 ? `page ${first}` : `pages ${first}–${last}`;
}

/**
 * One invoice of a text PDF cut by page (ADR 0090). Each invoice is read on its own pages with the usual readers: its
 * month is its period's first month (or, when it cannot be read, the first « du … au … » its pages print), its PCE the
 * labelled one of its pages (else the one read), its number the labelled one. Without `part`: the
 * `SEVERAL_INVOICES` refusal listing them in the document's order; with it: that invoice, read from its pages alone.
 * Two invoices that the list could not tell apart, or one without a period, refuse the file: nothing is guessed.
 */
function pdfInvoiceOf(
  filename: string,
  format: InvoiceFormat,
  pages: string[][],
  rows: readonly PositionedRow[],
  cut: readonly PdfInvoicePages[],
  part: InvoicePart | undefined,
): { result: ReadResult } | { invoice: Extracted | null } {
  if (cut.length > MAX_INVOICES_PER_FILE) {
    return {
      result: refused(
        'TOO_MANY_INVOICES',
        `« ${filename} » contient ${cut.length} factures : un fichier en prend au plus ${MAX_INVOICES_PER_FILE}. Déposez-les en plusieurs fichiers.`,
      ),
    };
  }
  const read = cut.map((invoice) => {
    const own = new Set(invoice.pages);
    const ownRows = rows.filter((r) => own.has(r.page));
    let extracted: Extracted | null = null;
    let failure: RefusalError | null = null;
    try {
      extracted = readPdfText(
        invoice.pages.map((p) => pages[p - 1] ?? []),
        ownRows,
        format,
        invoice.pages[0],
      );
    } catch (error) {
      if (!(error instanceof RefusalError)) {
        throw error;
      }
      failure = error;
    }
    const firstDay =
      extracted?.invoice.period.firstDay ??
      ownRows.map((r) => parsePeriod(r.cells.map((c) => c.text).join(' '))?.firstDay).find((d) => d) ??
      null;
    return { invoice, extracted, failure, month: firstDay?.slice(0, 7) ?? null };
  });
  const undated = read.find((r) => r.month === null);
  if (undated) {
    return {
      result: refused(
        'AMBIGUOUS_INVOICES',
        `« ${filename} » contient ${cut.length} factures, mais celle ${undated.invoice.pages.length === 1 ? 'de la' : 'des'} ${pagesText(undated.invoice.pages)} n’indique aucune période lisible : impossible de la situer. Aucune valeur n’en a été déduite.`,
        read.map(
          (r) =>
            `${pagesText(r.invoice.pages)} : PCE ${r.invoice.pce ?? '?'}${r.invoice.invoiceNumber ? `, facture n° ${r.invoice.invoiceNumber}` : ''}`,
        ),
      ),
    };
  }
  const listed = read.map((r) => ({
    ...r,
    part: {
      pce: r.invoice.pce ?? r.extracted?.invoice.point.pce ?? '',
      month: r.month as string,
      ...(r.invoice.invoiceNumber ? { invoiceNumber: r.invoice.invoiceNumber } : {}),
      firstPage: r.invoice.pages[0] ?? 1,
    } satisfies InvoicePart,
  }));
  const found = listed.map((r) => `${partText(r.part)} (${pagesText(r.invoice.pages)})`);
  const twin = listed.find((r, i) =>
    listed.some(
      (o, j) =>
        j < i &&
        o.part.pce === r.part.pce &&
        o.part.month === r.part.month &&
        o.part.invoiceNumber === r.part.invoiceNumber,
    ),
  );
  if (twin) {
    return {
      result: refused(
        'AMBIGUOUS_INVOICES',
        `« ${filename} » contient plusieurs factures du PCE ${twin.part.pce} pour le mois ${twin.part.month}${twin.part.invoiceNumber ? ` sous le même numéro ${twin.part.invoiceNumber}` : ' sans numéro de facture'} : impossible de les distinguer. Aucune valeur n’en a été déduite : déposez chaque facture dans un fichier à part.`,
        found.slice(0, 12),
      ),
    };
  }
  if (!part) {
    return {
      result: refused(
        'SEVERAL_INVOICES',
        `« ${filename} » contient ${listed.length} factures (une par PCE ou par numéro de facture, chacune sur ses pages) : chacune est auditée à part.`,
        found.slice(0, 12),
        listed.map((r) => r.part),
      ),
    };
  }
  const matching = listed.filter(
    (r) =>
      r.part.pce === part.pce &&
      r.part.month === part.month &&
      (part.invoiceNumber === undefined || r.part.invoiceNumber === part.invoiceNumber),
  );
  const [only] = matching;
  if (!only || matching.length > 1) {
    return {
      result: refused(
        'UNKNOWN_LAYOUT',
        only
          ? `« ${filename} » contient plusieurs factures du PCE ${part.pce} pour le mois ${part.month} : laquelle lire n’est pas précisé.`
          : `« ${filename} » ne contient pas de facture du PCE ${part.pce} pour le mois ${part.month}${part.invoiceNumber ? ` (n° ${part.invoiceNumber})` : ''}.`,
        found.slice(0, 12),
      ),
    };
  }
  if (only.failure) {
    throw only.failure;
  }
  return { invoice: only.extracted };
}

/** The confidence of a value read by OCR, whatever the reader's own (ADR 0080). */
export const OCR_CONFIDENCE = 0.5;

function pick<P>(layouts: readonly Layout<P>[], parsed: P, format: InvoiceFormat): Extracted | null {
  const layout = layouts.find((l) => l.detect(parsed));
  return layout ? layout.extract(parsed, format) : null;
}

/**
 * A portal's CSV export as one sheet (ADR 0081): the sites import's tokenizer and limits (UTF-8, quoted fields, the
 * separator of the first line that has one), at most `maxSheetRows` lines like a workbook's sheet.
 */
function csvSheets(bytes: Uint8Array): Sheet[] {
  const table = readTable(bytes, LIMITS.maxSheetRows);
  if (!table.ok) {
    throw new RefusalError('UNREADABLE_FILE', `Fichier CSV illisible : ${table.message}`);
  }
  return [{ name: 'CSV', rows: table.rows }];
}

/** What a part of an export is called in a refusal's list: « PCE …, mois 2026-02[, facture n° …] ». */
function partText(part: InvoicePart): string {
  return `PCE ${part.pce}, mois ${part.month}${part.invoiceNumber ? `, facture n° ${part.invoiceNumber}` : ''}`;
}

/**
 * `options.part`: the invoice of a portal export of several invoices to read (ADR 0081); without it such an export
 * is refused as `SEVERAL_INVOICES` with the list of its parts (the audit makes one audit of each, ADR 0086), and a
 * part the file does not hold is refused too.
 */
export async function readInvoice(
  bytes: Uint8Array,
  filename: string,
  options: { part?: InvoicePart } = {},
): Promise<ReadResult> {
  try {
    if (bytes.length > LIMITS.maxFileBytes) {
      return refused(
        'FILE_TOO_LARGE',
        `Fichier « ${filename} » trop volumineux (plus de ${LIMITS.maxFileBytes / 1024 / 1024} Mo).`,
      );
    }
    const format = sniffInvoiceFormat(bytes);
    if (!format) {
      return refused(
        'UNSUPPORTED_FILE_TYPE',
        `Format non reconnu : « ${filename} » n’est ni un PDF, ni un XML, ni un classeur XLSX ou XLS, ni un fichier CSV, ni une image PNG ou JPEG (d’après son contenu, pas son nom).`,
        [describeStart(bytes)],
      );
    }
    let invoice: Extracted | null;
    if (format === 'png' || format === 'jpeg') {
      // A scan or a photo (ADR 0080): dimensions and decoded size checked from the header, then OCR.
      const info = checkImage(bytes);
      return await readScanned(filename, format, [{ bytes, width: info.width, height: info.height }]);
    }
    if (format === 'pdf') {
      // One opening of the PDF: the Factur-X / ZUGFeRD attachment first, else the text (ADR 0081).
      const { lines: pages, rows, scans, embedded } = await readPdfPages(bytes, { embedded: readEmbeddedEInvoice });
      if (embedded) {
        return {
          ok: true,
          invoice: embedded.invoice,
          warnings: [...embedded.warnings],
          ...(embedded.provenance ? { provenance: embedded.provenance } : {}),
        };
      }
      if (scans) {
        // No text at all, one image per page: a scanned PDF, read by OCR like a PNG (ADR 0080).
        return await readScanned(filename, format, scans);
      }
      // A PDF of several invoices (a supplier's monthly bundle) is cut by page; each is read alone (ADR 0090).
      const cut = pdfInvoicePages(rows, pages.length);
      if ('ambiguous' in cut) {
        return refused(
          'AMBIGUOUS_INVOICES',
          `« ${filename} » semble contenir plusieurs factures, mais ${cut.ambiguous}. Aucune valeur n’en a été déduite : déposez chaque facture dans un fichier à part.`,
          cut.found,
        );
      }
      if (cut.length > 1 || options.part) {
        const one = pdfInvoiceOf(filename, format, pages, rows, cut, options.part);
        if ('result' in one) {
          return one.result;
        }
        invoice = one.invoice;
      } else {
        invoice = readPdfText(pages, rows, format);
      }
      if (!invoice) {
        const text = pages.flat().filter((l) => l.trim() !== '');
        return unknownLayout(filename, format, [
          `${pages.length} page(s), ${text.length} ligne(s) de texte`,
          ...(text.length === 0 ? ['aucun texte : document scanné ?'] : text.slice(0, 5).map(clip)),
        ]);
      }
    } else if (format === 'xml') {
      const doc = readXml(bytes);
      invoice = pick(XML_LAYOUTS, doc, format);
      if (!invoice) {
        return unknownLayout(filename, format, [
          `élément racine : ${Object.keys(doc).filter((k) => !k.startsWith('?'))[0] ?? '(aucun)'}`,
        ]);
      }
    } else {
      const sheets = format === 'csv' ? csvSheets(bytes) : readSpreadsheet(bytes, format);
      invoice = pick(SPREADSHEET_LAYOUTS, sheets, format);
      if (!invoice && detectSpreadsheetPortal(sheets)) {
        // A portal export, one billed line per row (ADR 0070): one invoice per PCE and month.
        const { invoices: all } = extractSpreadsheetPortal(sheets);
        const { part } = options;
        const invoices = part
          ? all.filter(
              (i) =>
                i.pce === part.pce &&
                i.month === part.month &&
                (part.invoiceNumber === undefined || i.invoiceNumber === part.invoiceNumber),
            )
          : all;
        if (part && invoices.length === 0) {
          return refused(
            'UNKNOWN_LAYOUT',
            `« ${filename} » ne contient pas de facture du PCE ${part.pce} pour le mois ${part.month}${part.invoiceNumber ? ` (n° ${part.invoiceNumber})` : ''}.`,
            all.map(partOf).map(partText).slice(0, 12),
          );
        }
        if (invoices.length > MAX_INVOICES_PER_FILE) {
          // Each invoice becomes an audit, read from the whole file in the worker pool and listed beside the others on
          // every look at one of them: one upload is bounded (ADR 0086).
          return refused(
            'TOO_MANY_INVOICES',
            `« ${filename} » contient ${invoices.length} factures : un fichier en prend au plus ${MAX_INVOICES_PER_FILE}. Exportez une période plus courte ou moins de sites par fichier.`,
            all.map(partOf).map(partText).slice(0, 12),
          );
        }
        if (invoices.length > 1) {
          const parts = invoices.map(partOf);
          return refused(
            'SEVERAL_INVOICES',
            `« ${filename} » contient ${invoices.length} factures (une par PCE et par mois) : chacune est auditée à part.`,
            parts.map(partText).slice(0, 12),
            parts,
          );
        }
        const only = invoices[0]?.extracted ?? null;
        invoice = only ? { ...only, invoice: { ...only.invoice, format } } : null;
      }
      if (!invoice) {
        return unknownLayout(filename, format, [
          `feuilles : ${sheets.map((s) => s.name).join(', ') || '(aucune)'}`,
          ...sheets
            .flatMap((s) => s.rows.slice(0, 3).map((r) => r.filter((c) => c !== null && c !== '').join(' | ')))
            .filter((r) => r !== '')
            .slice(0, 5)
            .map(clip),
        ]);
      }
    }
    return {
      ok: true,
      invoice: invoice.invoice,
      warnings: [...invoice.warnings],
      ...(invoice.provenance ? { provenance: invoice.provenance } : {}),
    };
  } catch (error) {
    if (error instanceof RefusalError) {
      return { ok: false, refusal: error.toRefusal() };
    }
    return refused('UNREADABLE_FILE', `Fichier « ${filename} » illisible : structure invalide ou corrompue.`);
  }
}
