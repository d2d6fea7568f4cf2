import { type CreateAuditBody, type CreateAuditResponse, createAuditResponseSchema } from '@pilote/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/audits/create` {gcs_uri, filename, mime} → `{ id }`. The server checks the stored bytes (magic bytes,
 * size ≤ 20 Mo) and answers 400 with a French message when the file is not one of the four formats.
 */
export function createAudit(body: CreateAuditBody): Promise<CreateAuditResponse> {
  return api.post('/api/audits/create', body, { schema: createAuditResponseSchema });
}
