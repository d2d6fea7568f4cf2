import type { StorageConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { LocalObjectStorage } from './local.ts';
import { S3ObjectStorage } from './s3.ts';
import type { ObjectStorage } from './types.ts';

export { assertObjectKey, mediaType, objectKey } from './keys.ts';
export { LocalObjectStorage } from './local.ts';
export { contentDisposition, S3ObjectStorage } from './s3.ts';
export type {
  ObjectStat,
  ObjectStorage,
  SignDownloadOptions,
  SignedUpload,
  SignUploadRequest,
  StorageErrorKind,
} from './types.ts';
export { StorageError } from './types.ts';

/** STORAGE=local (default: DATA_DIR/storage, our own upload and download routes) or STORAGE=s3 (ADR 0030). */
export function createObjectStorage(
  config: StorageConfig,
  deps: { db: Database; secret: string; publicUrl: string; now?: () => Date },
): ObjectStorage {
  if (config.kind === 's3') {
    return new S3ObjectStorage({
      bucket: config.bucket,
      region: config.region,
      endpoint: config.endpoint,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      forcePathStyle: config.forcePathStyle,
      now: deps.now,
    });
  }
  return new LocalObjectStorage({ dir: config.dir, ...deps });
}
