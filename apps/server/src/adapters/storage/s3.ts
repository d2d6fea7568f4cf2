import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertObjectKey, mediaType } from './keys.ts';
import {
  type ObjectStat,
  type ObjectStorage,
  type SignDownloadOptions,
  type SignedUpload,
  type SignUploadRequest,
  StorageError,
} from './types.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: another provider than AWS (Scaleway, OVH, MinIO, s3rver in tests). */
  endpoint?: string | undefined;
  /** Undefined: the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle?: boolean;
  /** The clock presigned URLs are dated by (their expiry counts from it); the app's, as the local adapter's. */
  now?: (() => Date) | undefined;
}

const DEFAULT_GET_LIMIT = 50 * 1024 * 1024;

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * An S3-compatible bucket through @aws-sdk/client-s3 (ADR 0030). The browser PUTs to a presigned URL whose
 * signature covers Content-Type and the exact Content-Length (S3 answers 403 to any other), expiring after
 * `expiresInSeconds`. A presigned PUT can be replayed until it expires (same key, same type, same size): keep
 * expiries short; modules check the object with stat() before using it.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => Date;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.now = options.now ?? (() => new Date());
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Only the checksums S3 requires: SDK ≥ 3.729 would add CRC32 headers a presigned PUT cannot carry.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
    }
    if (options.credentials) {
      config.credentials = options.credentials;
    }
    this.client = new S3Client(config);
  }

  private key(uri: string): string {
    const prefix = `s3://${this.bucket}/`;
    if (!uri.startsWith(prefix)) {
      throw new StorageError('invalid_key', `not an object of bucket ${this.bucket}: ${uri.slice(0, 80)}`);
    }
    const key = uri.slice(prefix.length);
    assertObjectKey(key);
    return key;
  }

  private uri(key: string): string {
    return `s3://${this.bucket}/${key}`;
  }

  async signUpload(request: SignUploadRequest): Promise<SignedUpload> {
    assertObjectKey(request.key);
    if (!Number.isInteger(request.size) || request.size < 0 || request.size > request.maxBytes) {
      throw new StorageError('too_large', `declared size ${request.size} above ${request.maxBytes}`);
    }
    const contentType = mediaType(request.contentType);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: request.key,
      ContentType: contentType,
      ContentLength: request.size,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: request.expiresInSeconds,
      signingDate: this.now(),
      // Signed, so S3 refuses a PUT with another type or size.
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, uri: this.uri(request.key), headers: { 'Content-Type': contentType } };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    assertObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: mediaType(contentType) }),
    );
    return this.uri(key);
  }

  async get(uri: string, options: { maxBytes?: number } = {}): Promise<Buffer> {
    const key = this.key(uri);
    const limit = options.maxBytes ?? DEFAULT_GET_LIMIT;
    const found = await this.stat(uri);
    if (!found) {
      throw new StorageError('not_found', `no object ${key}`);
    }
    if (found.size > limit) {
      throw new StorageError('too_large', `object ${key} is ${found.size} bytes, limit ${limit}`);
    }
    // Range bounds the read even if the object grew between HEAD and GET.
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${limit}` }),
    );
    const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
    if (bytes.length > limit) {
      throw new StorageError('too_large', `object ${key} is above ${limit} bytes`);
    }
    return bytes;
  }

  async stat(uri: string): Promise<ObjectStat | undefined> {
    const key = this.key(uri);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') {
        return undefined;
      }
      throw error;
    }
  }

  async delete(uri: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(uri) }));
  }

  async signDownload(uri: string, options: SignDownloadOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(uri),
      ResponseContentDisposition: contentDisposition(options.disposition ?? 'attachment', options.filename),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds, signingDate: this.now() });
  }

  close(): void {
    this.client.destroy();
  }
}
