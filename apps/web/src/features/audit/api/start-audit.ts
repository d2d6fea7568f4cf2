import { type StartAuditResponse, startAuditResponseSchema } from '@pilote/contracts';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/audits/:id/start/` {} → queued (one `invoice_audits` unit; 429 « limite » when none is left). */
export function startAudit(id: string): Promise<StartAuditResponse> {
  return api.post(`/api/audits/${encodeURIComponent(id)}/start/`, {}, { schema: startAuditResponseSchema });
}
