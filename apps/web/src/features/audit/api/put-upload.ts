import { CSRF_HEADER, uploadFailedMessage } from '@pilote/contracts';
import { getCsrfToken } from '../../../lib/api-client.ts';

/** Thrown when the storage refuses the PUT: « Upload GCS échoué (status) » (spec §8). */
export class UploadFailedError extends Error {
  constructor(readonly status: number) {
    super(uploadFailedMessage(status));
    this.name = 'UploadFailedError';
  }
}

/**
 * `PUT <signed url>` with the file's bytes (spec §7). The URL is the capability: our own
 * `/api/storage/uploads/:token` (same origin: the anti-forgery header is added like any state-changing call) or an
 * S3 presigned URL (another origin: no cookie, no token, only the headers the signature covers).
 */
export async function putUpload(url: string, file: Blob, headers: Record<string, string>): Promise<void> {
  const target = new URL(url, window.location.origin);
  const sameOrigin = target.origin === window.location.origin;
  const sent: Record<string, string> = { ...headers };
  if (sameOrigin) {
    sent[CSRF_HEADER] = await getCsrfToken();
  }
  const response = await fetch(target, {
    method: 'PUT',
    body: file,
    headers: sent,
    credentials: sameOrigin ? 'include' : 'omit',
  });
  if (!response.ok) {
    throw new UploadFailedError(response.status);
  }
}
