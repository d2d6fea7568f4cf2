/** The file format from its first bytes (magic numbers); the file name is never trusted. */
import type { InvoiceFormat } from '@pilote/tariffs';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4 (XLSX)
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File Binary (XLS)

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

/** `xlsx` means "a zip": whether it is a workbook is decided by reading it. */
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
  // XML: optional UTF-8 BOM, optional whitespace, then `<?xml` or an element.
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    i < bytes.length &&
    i < 64 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  ) {
    i += 1;
  }
  if (
    bytes[i] === 0x3c &&
    (startsWith(bytes, [0x3c, 0x3f, 0x78, 0x6d, 0x6c], i) || /[A-Za-z]/.test(String.fromCharCode(bytes[i + 1] ?? 0)))
  ) {
    return 'xml';
  }
  return null;
}

/** A short description of the first bytes, for the « format non reconnu » message. */
export function describeStart(bytes: Uint8Array): string {
  const head = Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return `premiers octets : ${head || '(fichier vide)'}`;
}
