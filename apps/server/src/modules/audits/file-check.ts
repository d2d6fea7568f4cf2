/**
 * What the server decides about an uploaded file's name (issue #14, ADR 0034). Its format is decided from the magic
 * bytes by the readers package's sniffer (`@pilote/invoices/sniff`), the very rule the audit job applies (ADR 0053).
 */
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
