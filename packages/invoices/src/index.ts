/**
 * @pilote/invoices — the readers package: every file the product takes in is read here (ADR 0033, ADR 0053).
 * Invoices (PDF, XML, XLSX, XLS) into one `NormalisedInvoice` of `@pilote/tariffs`, or a typed refusal with a French
 * message; defensive by itself (magic bytes, zip pre-check before inflating, DOCTYPE refused, bounded pages); the
 * caller still runs it in a worker with time and memory limits. The CSV readers (consumption exports, reference
 * tables, the tokenizer of tariff grids) and the file-type sniffer have entries of their own, `@pilote/invoices/csv`
 * and `@pilote/invoices/sniff`, that load none of the invoice readers' libraries.
 */
export type { NormalisedInvoice } from '@pilote/tariffs';
export * from './csv/index.ts';
export { describeStart, SNIFF_BYTES, sniffFormat, sniffInvoiceFormat } from './formats/sniff.ts';
export { readInvoice } from './read-invoice.ts';
export type {
  InvoiceHeaderField,
  InvoicePart,
  InvoiceRefusal,
  InvoiceRefusalCode,
  ReadingProvenance,
  ReadResult,
} from './read-result.ts';
