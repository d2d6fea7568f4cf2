// Worker-thread tasks of the invoice audit (run by lib/worker-task.ts with a time and a heap limit; listed in
// lib/worker-tasks.ts). No Fastify, no database here: bytes in, plain data out.
import { readInvoice } from '@pilote/invoices';
import {
  type AuditReferenceData,
  type AuditReport,
  auditInvoice,
  type NormalisedInvoice,
  type ReadResult,
} from '@pilote/tariffs';
import { type ClaimLetterInput, renderClaimLetterPdf } from './claim-letter.ts';

/** Reads one invoice file (format sniffed from the bytes, archive and DOCTYPE checks in the reader). */
export function readInvoiceTask(input: { bytes: Uint8Array; fileName: string }): Promise<ReadResult> {
  return readInvoice(input.bytes, input.fileName);
}

/** Runs every check of the audit on a normalised invoice with the reference data resolved by the caller. */
export function checkInvoiceTask(input: { invoice: NormalisedInvoice; reference: AuditReferenceData }): AuditReport {
  return auditInvoice(input.invoice, input.reference);
}

/** Renders the claim letter PDF. */
export function claimLetterTask(input: { letter: ClaimLetterInput; generatedAt: string }): Promise<Uint8Array> {
  return renderClaimLetterPdf(input.letter, new Date(input.generatedAt));
}
