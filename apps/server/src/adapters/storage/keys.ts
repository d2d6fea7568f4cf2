import { randomUUID } from 'node:crypto';
import { StorageError } from './types.ts';

/** Segments of letters, digits, `-`, `_`, `.` (not first), joined by `/`: no `..`, no absolute path. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,99}(\/[a-z0-9][a-z0-9_.-]{0,99}){0,9}$/;

/** Throws StorageError 'invalid_key' unless `key` is one our code could have generated. */
export function assertObjectKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key)) {
    throw new StorageError('invalid_key', `invalid object key: ${key.slice(0, 80)}`);
  }
}

const EXTENSION = /^[a-z0-9]{1,10}$/;

/**
 * A fresh object key: `<prefix>/<yyyy-mm>/<uuid>[.ext]`, e.g. objectKey('audits/invoices', 'pdf'). The prefix
 * is ours (a module name, an owner id); never put a user's file name in a key (keep it in your table and pass
 * it to signDownload).
 */
export function objectKey(prefix: string, extension?: string, now: Date = new Date()): string {
  const month = now.toISOString().slice(0, 7);
  const ext = extension?.toLowerCase();
  if (ext !== undefined && !EXTENSION.test(ext)) {
    throw new StorageError('invalid_key', `invalid extension: ${ext.slice(0, 20)}`);
  }
  const key = `${prefix}/${month}/${randomUUID()}${ext ? `.${ext}` : ''}`;
  assertObjectKey(key);
  return key;
}

/** The essence of a Content-Type header (`image/png; charset=x` → `image/png`), lower-case. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
