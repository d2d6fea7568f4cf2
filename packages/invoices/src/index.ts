/**
 * @pilote/invoices — reads supplier and transporter gas invoices (PDF, XML, XLSX, XLS) into one
 * `NormalisedInvoice` of `@pilote/tariffs`, or a typed refusal with a French message (ADR 0033). Defensive by
 * itself (magic bytes, zip pre-check before inflating, DOCTYPE refused, bounded pages); the caller still runs it
 * in a worker with time and memory limits.
 */
export type { InvoiceRefusal, NormalisedInvoice, ReadResult } from '@pilote/tariffs';
export { readInvoice } from './read-invoice.ts';
