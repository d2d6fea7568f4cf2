import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat as statFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';
import { assertObjectKey, mediaType } from './keys.ts';
import {
  type ObjectStat,
  type ObjectStorage,
  type SignDownloadOptions,
  type SignedUpload,
  type SignUploadRequest,
  StorageError,
} from './types.ts';

export interface LocalStorageOptions {
  /** DATA_DIR/storage. */
  dir: string;
  db: Database;
  /** APP_SECRET (or the generated secret): upload and download tokens are signed under keys derived from it. */
  secret: string;
  /** PUBLIC_URL: the signed URLs are absolute. */
  publicUrl: string;
  now?: () => Date;
}

/** Why an upload was refused (the route turns each into its French answer). */
export type UploadRefusal =
  | { reason: 'invalid' }
  | { reason: 'expired' }
  | { reason: 'used' }
  | { reason: 'length_required' }
  | { reason: 'wrong_size'; expected: number }
  | { reason: 'too_large'; expected: number }
  | { reason: 'wrong_type'; expected: string };

export type UploadOutcome =
  | { ok: true; uri: string; size: number; contentType: string }
  | ({ ok: false } & UploadRefusal);

export interface DownloadTarget {
  uri: string;
  filename: string;
  disposition: 'attachment' | 'inline';
}

const DEFAULT_GET_LIMIT = 50 * 1024 * 1024;
const LOCAL_PREFIX = 'local:';

function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `local:<key>` → key (throws StorageError 'invalid_key' for anything else). */
export function localKey(uri: string): string {
  if (!uri.startsWith(LOCAL_PREFIX)) {
    throw new StorageError('invalid_key', `not a local storage uri: ${uri.slice(0, 80)}`);
  }
  const key = uri.slice(LOCAL_PREFIX.length);
  assertObjectKey(key);
  return key;
}

/** Counts bytes and fails past `limit` without buffering (the rest of the upload is not read into memory). */
function byteLimit(limit: number, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit) {
        callback(new StorageError('too_large', `more than ${limit} bytes`));
        return;
      }
      callback(null, chunk);
    },
  });
}

/**
 * Files under DATA_DIR/storage/<key> (ADR 0030), their content type beside them in
 * DATA_DIR/storage/.meta/<key>.json ('.meta' cannot be a key segment). Uploads come through our own
 * `PUT /api/storage/uploads/:token` (modules/storage/routes.ts → acceptUpload), downloads through
 * `GET /api/storage/files/:token` (→ resolveDownload). One instance, or a shared volume (docs/deployment.md).
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly uploadKey: Buffer;
  private readonly downloadKey: Buffer;
  private readonly now: () => Date;
  private readonly dir: string;

  constructor(private readonly options: LocalStorageOptions) {
    this.dir = path.resolve(options.dir);
    this.uploadKey = createHmac('sha256', options.secret).update('pilote:storage-upload:v1').digest();
    this.downloadKey = createHmac('sha256', options.secret).update('pilote:storage-download:v1').digest();
    this.now = options.now ?? (() => new Date());
  }

  private filePath(key: string): string {
    const file = path.resolve(this.dir, key);
    if (!file.startsWith(this.dir + path.sep)) {
      throw new StorageError('invalid_key', 'object key outside the storage folder');
    }
    return file;
  }

  private metaPath(key: string): string {
    return path.join(this.dir, '.meta', `${key}.json`);
  }

  async signUpload(request: SignUploadRequest): Promise<SignedUpload> {
    assertObjectKey(request.key);
    if (!Number.isInteger(request.size) || request.size < 0 || request.size > request.maxBytes) {
      throw new StorageError('too_large', `declared size ${request.size} above ${request.maxBytes}`);
    }
    const id = randomBytes(18).toString('base64url');
    const exp = Math.floor(this.now().getTime() / 1000) + request.expiresInSeconds;
    const contentType = mediaType(request.contentType);
    await this.options.db.execute(sql`
      insert into storage_uploads (id, object_key, content_type, max_bytes, size, expires_at)
      values (${id}, ${request.key}, ${contentType}, ${request.maxBytes}, ${request.size},
              ${new Date(exp * 1000).toISOString()}::timestamptz)`);
    const token = `${id}.${exp}.${sign(this.uploadKey, `${id}\n${exp}`)}`;
    return {
      url: `${this.options.publicUrl}/api/storage/uploads/${token}`,
      uri: `${LOCAL_PREFIX}${request.key}`,
      headers: { 'Content-Type': contentType },
    };
  }

  /**
   * The PUT of a signed upload: signature, expiry, single use (the row is consumed first, so a replay is refused
   * even while the first PUT is still streaming), Content-Type, Content-Length = declared size, and the bytes
   * actually read (never more than the declared size are accepted; the file is written to a temporary name and
   * renamed only when complete).
   */
  async acceptUpload(
    token: string,
    headers: { contentType: string | undefined; contentLength: string | undefined },
    body: Readable,
  ): Promise<UploadOutcome> {
    const [id, exp, signature, extra] = token.split('.');
    if (!id || !exp || !signature || extra !== undefined || !/^\d{1,12}$/.test(exp)) {
      return { ok: false, reason: 'invalid' };
    }
    if (!sameSignature(sign(this.uploadKey, `${id}\n${exp}`), signature)) {
      return { ok: false, reason: 'invalid' };
    }
    const now = this.now();
    if (Number(exp) * 1000 <= now.getTime()) {
      return { ok: false, reason: 'expired' };
    }
    const claimed = await rowsOf<{ object_key: string; content_type: string; max_bytes: number; size: number }>(
      this.options.db,
      sql`
      update storage_uploads set used_at = ${now.toISOString()}::timestamptz
      where id = ${id} and used_at is null
      returning object_key, content_type, max_bytes, size, expires_at`,
    );
    const upload = claimed[0];
    if (!upload) {
      const known = await rowsOf<{ id: string }>(this.options.db, sql`select id from storage_uploads where id = ${id}`);
      return { ok: false, reason: known.length > 0 ? 'used' : 'invalid' };
    }
    const expectedSize = Number(upload.size);
    if (mediaType(headers.contentType) !== upload.content_type) {
      return { ok: false, reason: 'wrong_type', expected: upload.content_type };
    }
    if (headers.contentLength === undefined || !/^\d{1,15}$/.test(headers.contentLength)) {
      return { ok: false, reason: 'length_required' };
    }
    if (Number(headers.contentLength) > expectedSize) {
      return { ok: false, reason: 'too_large', expected: expectedSize };
    }
    if (Number(headers.contentLength) !== expectedSize) {
      return { ok: false, reason: 'wrong_size', expected: expectedSize };
    }
    const key = upload.object_key;
    const counter = { bytes: 0 };
    this.filePath(key); // throws before anything is written if the stored key were ever unsafe
    const temporary = path.join(this.dir, '.tmp', `${randomBytes(12).toString('hex')}.part`);
    await mkdir(path.dirname(temporary), { recursive: true });
    try {
      await pipeline(body, byteLimit(expectedSize, counter), createWriteStream(temporary, { flags: 'wx' }));
    } catch (error) {
      await rm(temporary, { force: true });
      if (error instanceof StorageError && error.kind === 'too_large') {
        return { ok: false, reason: 'too_large', expected: expectedSize };
      }
      // The client went away mid-upload: the file is incomplete, not a server fault.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || body.destroyed) {
        return { ok: false, reason: 'wrong_size', expected: expectedSize };
      }
      throw error;
    }
    if (counter.bytes !== expectedSize) {
      await rm(temporary, { force: true });
      return { ok: false, reason: 'wrong_size', expected: expectedSize };
    }
    await this.commit(key, temporary, upload.content_type);
    return { ok: true, uri: `${LOCAL_PREFIX}${key}`, size: counter.bytes, contentType: upload.content_type };
  }

  private async commit(key: string, temporary: string, contentType: string): Promise<void> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(path.dirname(this.metaPath(key)), { recursive: true });
    await writeFile(this.metaPath(key), JSON.stringify({ contentType }));
    await rename(temporary, target);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    assertObjectKey(key);
    const temporary = path.join(this.dir, '.tmp', `${randomBytes(12).toString('hex')}.part`);
    await mkdir(path.dirname(temporary), { recursive: true });
    await writeFile(temporary, bytes, { flag: 'wx' });
    await this.commit(key, temporary, mediaType(contentType));
    return `${LOCAL_PREFIX}${key}`;
  }

  async get(uri: string, options: { maxBytes?: number } = {}): Promise<Buffer> {
    const key = localKey(uri);
    const limit = options.maxBytes ?? DEFAULT_GET_LIMIT;
    const found = await this.stat(uri);
    if (!found) {
      throw new StorageError('not_found', `no object ${key}`);
    }
    if (found.size > limit) {
      throw new StorageError('too_large', `object ${key} is ${found.size} bytes, limit ${limit}`);
    }
    return readFile(this.filePath(key));
  }

  /** A read stream for the download route (after stat). */
  openStream(uri: string): Readable {
    return createReadStream(this.filePath(localKey(uri)));
  }

  async stat(uri: string): Promise<ObjectStat | undefined> {
    const key = localKey(uri);
    try {
      const info = await statFile(this.filePath(key));
      if (!info.isFile()) {
        return undefined;
      }
      const meta = await readFile(this.metaPath(key), 'utf8')
        .then((text) => JSON.parse(text) as { contentType?: string })
        .catch(() => ({ contentType: undefined }));
      return { size: info.size, contentType: meta.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return undefined;
      }
      throw error;
    }
  }

  async delete(uri: string): Promise<void> {
    const key = localKey(uri);
    await rm(this.filePath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  /**
   * `/api/storage/files/<signature>?key=…&exp=…&disposition=…&filename=…`: the HMAC covers all four (the
   * signature is the path segment, the rest is in the query: route parameters are limited to 100 characters).
   */
  async signDownload(uri: string, options: SignDownloadOptions): Promise<string> {
    const key = localKey(uri);
    const exp = String(Math.floor(this.now().getTime() / 1000) + options.expiresInSeconds);
    const disposition = options.disposition ?? 'attachment';
    const query = new URLSearchParams({ key, exp, disposition, filename: options.filename });
    const signature = sign(this.downloadKey, [key, exp, disposition, options.filename].join('\n'));
    return `${this.options.publicUrl}/api/storage/files/${signature}?${query}`;
  }

  /** The download route's check: signature first (a tampered expiry is 'invalid'), then the expiry. */
  resolveDownload(
    signature: string,
    query: { key: string; exp: string; disposition: 'attachment' | 'inline'; filename: string },
  ): { ok: true; target: DownloadTarget } | { ok: false; reason: 'invalid' | 'expired' } {
    const expected = sign(this.downloadKey, [query.key, query.exp, query.disposition, query.filename].join('\n'));
    if (!sameSignature(expected, signature) || !/^\d{1,12}$/.test(query.exp)) {
      return { ok: false, reason: 'invalid' };
    }
    if (Number(query.exp) * 1000 <= this.now().getTime()) {
      return { ok: false, reason: 'expired' };
    }
    return {
      ok: true,
      target: { uri: `${LOCAL_PREFIX}${query.key}`, filename: query.filename, disposition: query.disposition },
    };
  }

  /** Deletes upload rows expired for more than a day (a periodic job may call it). */
  async purgeUploads(olderThan: Date): Promise<void> {
    await this.options.db.execute(
      sql`delete from storage_uploads where expires_at < ${olderThan.toISOString()}::timestamptz`,
    );
  }
}
