// Worker-thread tasks of the invoice audit (handles in tasks.ts, run by the pool of workers/pool.ts with a time,
// a heap and, for the reading of a file, a memory limit). No Fastify, no database here: bytes in, plain data out.
import { type InvoicePart, type ReadResult, readInvoice } from '@pilote/invoices';
import { type AuditReferenceData, type AuditReport, auditInvoice, type NormalisedInvoice } from '@pilote/tariffs';
import type { ClaimLetterInput } from './claim-letter.ts';

/**
 * Reads one invoice file (format sniffed from the bytes, archive and DOCTYPE checks in the reader); `part`: the one
 * invoice to read of a file that holds several (ADR 0086).
 */
export function readInvoiceTask(input: {
  bytes: Uint8Array;
  fileName: string;
  part?: InvoicePart;
}): Promise<ReadResult> {
  return readInvoice(input.bytes, input.fileName, input.part ? { part: input.part } : {});
}

/** Runs every check of the audit on a normalised invoice with the reference data resolved by the caller. */
export function checkInvoiceTask(input: { invoice: NormalisedInvoice; reference: AuditReferenceData }): AuditReport {
  return auditInvoice(input.invoice, input.reference);
}

/**
 * Renders the claim letter PDF. pdf-lib, fontkit and the font subsetter load on the first letter, not with this
 * module: a thread that only reads and checks files starts twice as fast without them (~1 s of CPU, ADR 0049).
 */
export async function claimLetterTask(input: { letter: ClaimLetterInput; generatedAt: string }): Promise<Uint8Array> {
  const { renderClaimLetterPdf } = await import('./claim-letter.ts');
  return renderClaimLetterPdf(input.letter, new Date(input.generatedAt));
}
