/**
 * The reading result types of the invoice reader (moved from @pilote/tariffs, which only computes: ADR 0053). The
 * normalised invoice itself stays in the domain, which checks it.
 */
import type { NormalisedInvoice } from '@pilote/tariffs';

/** Why a file was refused. Every refusal carries a French message. */
export type InvoiceRefusalCode =
  /** Magic bytes of none of PDF, XML, XLSX (zip), XLS (OLE2). */
  | 'UNSUPPORTED_FILE_TYPE'
  /** File larger than the reader's byte limit. */
  | 'FILE_TOO_LARGE'
  /** Zip (XLSX) refused before inflating: too many entries, unpacked size or ratio too high. */
  | 'ARCHIVE_REFUSED'
  /** XML with a DOCTYPE (entity expansion, XXE). */
  | 'XML_DOCTYPE_FORBIDDEN'
  /** PDF with more pages than the reader accepts. */
  | 'TOO_MANY_PAGES'
  /** The library could not parse the file (corrupt, truncated, encrypted). */
  | 'UNREADABLE_FILE'
  /** Parsed, but no extractor recognised the layout: « format non reconnu ». */
  | 'UNKNOWN_LAYOUT'
  /** A layout was recognised but a required field is missing or inconsistent. */
  | 'INCOMPLETE_INVOICE'
  /** A portal export of several invoices read without a `part`: the parts are listed (ADR 0086). */
  | 'SEVERAL_INVOICES'
  /** A portal export of more invoices than one upload takes (`MAX_INVOICES_PER_FILE`, ADR 0086). */
  | 'TOO_MANY_INVOICES'
  /** A PDF whose pages cannot be cut into invoices without a guess (two PCE on one page…, ADR 0090). */
  | 'AMBIGUOUS_INVOICES';

/**
 * One invoice of a file that holds several (a portal export, ADR 0081, 0086; a PDF of several invoices, ADR 0090): its
 * PCE, its month (`YYYY-MM`) and, when the export numbers every row (a PDF: when its pages print one), its invoice
 * number (two invoices of one PCE-month: an invoice and its correction).
 */
export interface InvoicePart {
  readonly pce: string;
  readonly month: string;
  readonly invoiceNumber?: string;
  /**
   * A PDF's invoice: its first page in the file (1-based), for the review step's page image (ADR 0090). Not part of
   * what the invoice is: `readInvoice`'s `part` is matched on the PCE, the month and the number.
   */
  readonly firstPage?: number;
}

export interface InvoiceRefusal {
  readonly code: InvoiceRefusalCode;
  /** French sentence shown to the user. */
  readonly message: string;
  /** What was found (format, page count, first labels, fields recognised), shown with « format non reconnu ». */
  readonly found: readonly string[];
  /** `SEVERAL_INVOICES`: every invoice of the file, in the order met; each can be read with `readInvoice`'s `part`. */
  readonly parts?: readonly InvoicePart[];
}

/** A header field of the normalised invoice, as the review step names it (ADR 0069). */
export type InvoiceHeaderField =
  | 'supplier'
  | 'invoiceNumber'
  | 'issuedOn'
  | 'pce'
  | 'code'
  | 'pointDeReseau'
  | 'tso'
  | 'period'
  | 'tarif'
  | 'car'
  | 'cja'
  | 'ntr'
  | 'consumption'
  | 'totals';

/**
 * Where each header field was read, in French for the user (e.g. « lieu de livraison BT-71
 * (ShipToTradeParty/GlobalID) », « note d’en-tête BT-22 « CJA : 109 000 kWh/j » »), and the fields the checks need
 * that the file does not give (ADR 0069). Filled by the readers that know it (e-invoices today).
 */
export interface ReadingProvenance {
  readonly sources: Readonly<Partial<Record<InvoiceHeaderField, string>>>;
  /** One French sentence per billed line: where its label, quantity, unit price, units and duration came from. */
  readonly lineSources: readonly string[];
  /** Fields the checks use that were not found (the review step asks for them). */
  readonly missing: readonly InvoiceHeaderField[];
  /** Confidence of each header field read by the layout-free PDF reader: 1 label and value, 0,6 value alone (ADR 0070). */
  readonly confidence?: Readonly<Partial<Record<InvoiceHeaderField, number>>>;
  /** The delivery commune when the invoice prints one (ADR 0070). */
  readonly commune?: string;
  /**
   * Set when the values were read by OCR from a scan or a photo (ADR 0080): none of them may produce an anomaly nor
   * a claim letter before the user has confirmed the reading (review step, ADR 0071).
   */
  readonly ocr?: {
    readonly pages: number;
    /** Mean confidence of the words read, 0–100. */
    readonly meanConfidence: number;
  };
}

/** Result of `readInvoice`. */
export type ReadResult =
  | {
      readonly ok: true;
      readonly invoice: NormalisedInvoice;
      readonly warnings: readonly string[];
      readonly provenance?: ReadingProvenance;
    }
  | { readonly ok: false; readonly refusal: InvoiceRefusal };
