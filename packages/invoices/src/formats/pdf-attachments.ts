/**
 * The structured invoice inside a Factur-X / ZUGFeRD / XRechnung PDF (ADR 0069): the embedded file
 * `factur-x.xml`, `zugferd-invoice.xml`, `ZUGFeRD-invoice.xml` or `xrechnung.xml`, read with PDF.js's attachments
 * API (the EmbeddedFiles name tree, where the norm puts it). The same defences as the text reading: every stream's
 * decoded size is bounded before PDF.js inflates anything (pdf-guard, ADR 0045), so a bomb inside the attachment is
 * refused like one in a page; the page count and the time are bounded; the attachment is at most
 * `LIMITS.maxXmlBytes` and must sniff as XML (a PDF or a zip named `factur-x.xml` is not read as XML).
 */
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';
import { sniffFormat } from './sniff.ts';

/** Attachment names of the e-invoice standards that embed their XML in a PDF (case-insensitive). */
const E_INVOICE_NAMES = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

export interface PdfEInvoice {
  readonly filename: string;
  readonly xml: Uint8Array;
}

/** The part of PDF.js's document the lookup uses. */
interface PdfDocumentLike {
  getAttachments(): Promise<unknown>;
}

interface AttachmentLike {
  readonly filename?: unknown;
  readonly content?: unknown;
}

/**
 * The e-invoice XML attached to an opened PDF, or null when it has none. Throws a `RefusalError` for a hostile
 * attachment. The caller opened the document (`readPdfPages`: decompression guard, page count and time bounded).
 */
export async function eInvoiceOf(doc: PdfDocumentLike): Promise<PdfEInvoice | null> {
  const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, AttachmentLike>;
  const entry = Object.values(attachments).find(
    (a) => typeof a.filename === 'string' && E_INVOICE_NAMES.test(a.filename.split(/[\\/]/).pop() ?? ''),
  );
  if (!entry || !(entry.content instanceof Uint8Array)) {
    return null;
  }
  const filename = String(entry.filename);
  if (entry.content.length > LIMITS.maxXmlBytes) {
    throw new RefusalError(
      'FILE_TOO_LARGE',
      `Fichier « ${filename} » joint au PDF de plus de ${LIMITS.maxXmlBytes / 1024 / 1024} Mo.`,
    );
  }
  if (sniffFormat(entry.content) !== 'xml') {
    throw new RefusalError(
      'UNSUPPORTED_FILE_TYPE',
      `Fichier « ${filename} » joint au PDF refusé : son contenu n’est pas du XML (d’après ses octets, pas son nom).`,
    );
  }
  return { filename, xml: new Uint8Array(entry.content) };
}
