/**
 * The one file-type sniffer (ADR 0033, ADR 0053): the format from the first bytes (magic numbers), never from the
 * name or the announced MIME type. Used at upload (the server's `POST /api/audits/create`, before the audit is
 * recorded) and in the audit job (`readInvoice`), so a file accepted at upload is never refused by the job for its
 * type after the user's quota unit is taken. Pure and browser-safe (`@pilote/invoices/sniff`).
 *
 * Where the two former copies disagreed, the stricter rule won:
 * - PDF: `%PDF-` at the very first byte (the upload used to accept it anywhere in the first kilobyte, the job never).
 * - XML: optional UTF-8 BOM, then white space (space, tab, CR, LF) up to the 64th byte, then `<?xml` followed by
 *   white space or `?`, or `<` and an ASCII letter.
 * - PNG: its 8-byte signature; JPEG: FF D8 FF (scans and photos, read by OCR: ADR 0080).
 */
import type { InvoiceFormat } from '@pilote/tariffs';
import { imageFormatOf } from './image.ts';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4 (XLSX)
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File Binary (XLS)
const XML_DECLARATION = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // <?xml
/** Bytes that may follow `<?xml`: white space (as `\s` reads Latin-1) or `?`. */
const AFTER_DECLARATION = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x3f]);

/** Bytes a caller needs to read for {@link sniffFormat} (more than enough: the rules look at the first 70). */
export const SNIFF_BYTES = 1024;

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

function isAsciiLetter(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));
}

/** The format of a file from its first bytes, or null. `xlsx` means "a zip": whether it is a workbook is decided by reading it. */
export function sniffFormat(bytes: Uint8Array): InvoiceFormat | null {
  if (startsWith(bytes, PDF)) {
    return 'pdf';
  }
  if (startsWith(bytes, ZIP)) {
    return 'xlsx';
  }
  if (startsWith(bytes, OLE2)) {
    return 'xls';
  }
  const image = imageFormatOf(bytes);
  if (image) {
    return image;
  }
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    i < bytes.length &&
    i < 64 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  ) {
    i += 1;
  }
  if (bytes[i] !== 0x3c) {
    return null;
  }
  if (startsWith(bytes, XML_DECLARATION, i)) {
    return AFTER_DECLARATION.has(bytes[i + XML_DECLARATION.length] ?? -1) ? 'xml' : null;
  }
  return isAsciiLetter(bytes[i + 1]) ? 'xml' : null;
}

/**
 * An invoice file's format: `sniffFormat`'s, else `csv` for a text (UTF-8, no control character but tab, CR, LF) one
 * of whose first lines holds at least two `;`, tabs or commas — a supplier portal's export (issue #25 §4, ADR 0081).
 * Kept apart from `sniffFormat`, whose null the sites' table import reads as « a CSV text ».
 */
export function sniffInvoiceFormat(bytes: Uint8Array): InvoiceFormat | null {
  const format = sniffFormat(bytes);
  if (format !== null) {
    return format;
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  let text: string;
  try {
    // A multi-byte character cut at the end of the sniffed bytes is not an encoding error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, cutAtCharacter(head)));
  } catch {
    return null;
  }
  if (text.length === 0 || hasControlCharacter(text)) {
    return null;
  }
  const lines = text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\n|\r/)
    .slice(0, 20);
  return lines.some((line) => /([;\t,]).*\1/.test(line)) ? 'csv' : null;
}

/** True when `text` holds a control character other than tab, LF and CR (a binary file). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

/** The length of `bytes` without a UTF-8 sequence cut at its end. */
function cutAtCharacter(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = bytes[end - back] ?? 0;
    if ((byte & 0xc0) === 0xc0) {
      const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return back < size ? end - back : end;
    }
    if ((byte & 0x80) === 0) {
      return end;
    }
  }
  return end;
}

/** A short description of the first bytes, for the « format non reconnu » message. */
export function describeStart(bytes: Uint8Array): string {
  const head = Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return `premiers octets : ${head || '(fichier vide)'}`;
}
