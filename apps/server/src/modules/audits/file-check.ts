/**
 * What the server decides about an uploaded file before any parser sees it (issue #14, ADR 0034): the format from
 * the magic bytes (never from the name or the announced MIME type), and the name shown to people.
 */
export type SniffedFormat = 'pdf' | 'xml' | 'xlsx' | 'xls';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/** Bytes needed by `sniffFormat`. */
export const SNIFF_BYTES = 1024;

/**
 * The format of the first bytes of a file: `%PDF-` (within the first 1 kB, as PDF readers allow), a zip local
 * header (XLSX; the archive itself is checked by the reader before inflating), an OLE2 header (XLS), or XML text
 * (optional UTF-8 BOM and white space, then `<?xml` or an element). Anything else is null.
 */
export function sniffFormat(head: Uint8Array): SniffedFormat | null {
  if (startsWith(head, ZIP)) {
    return 'xlsx';
  }
  if (startsWith(head, OLE2)) {
    return 'xls';
  }
  const text = new TextDecoder('latin1').decode(head.subarray(0, SNIFF_BYTES));
  if (text.startsWith('%PDF-') || text.indexOf('%PDF-') > -1) {
    return 'pdf';
  }
  const trimmed = text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart();
  if (/^<(\?xml[\s?]|[A-Za-z_])/.test(trimmed)) {
    return 'xml';
  }
  return null;
}

/**
 * The original name made safe to show and to put in a header: the last path segment, NFC, without control
 * characters, bidirectional overrides or zero-width characters, at most 255 characters. Never used as a storage
 * key (files are stored under generated ids).
 */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || 'fichier').slice(0, 255);
}
