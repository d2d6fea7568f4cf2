import { type SignUploadBody, type SignUploadResponse, signUploadResponseSchema } from '@pilote/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/audits/sign-upload` {filename, mime} → a signed, expiring, single-use PUT URL and the storage URI
 * (`gcs_uri`, spec §7). The file's bytes then go to `putUpload`.
 */
export function signUpload(body: SignUploadBody): Promise<SignUploadResponse> {
  return api.post('/api/audits/sign-upload', body, { schema: signUploadResponseSchema });
}
