import type { InvoicePart, InvoiceRefusal, InvoiceRefusalCode, ReadResult } from './read-result.ts';

/** A typed refusal, thrown inside the readers and turned into a `{ ok: false }` result by `readInvoice`. */
export class RefusalError extends Error {
  readonly code: InvoiceRefusalCode;
  readonly found: readonly string[];

  constructor(code: InvoiceRefusalCode, message: string, found: readonly string[] = []) {
    super(message);
    this.name = 'RefusalError';
    this.code = code;
    this.found = found;
  }

  toRefusal(): InvoiceRefusal {
    return { code: this.code, message: this.message, found: this.found };
  }
}

export function refused(
  code: InvoiceRefusalCode,
  message: string,
  found: readonly string[] = [],
  parts?: readonly InvoicePart[],
): ReadResult {
  return { ok: false, refusal: { code, message, found, ...(parts ? { parts } : {}) } };
}
