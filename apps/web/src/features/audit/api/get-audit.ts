import { type AuditDetail, auditDetailSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AUDIT_POLL_MS } from './get-audits.ts';

/** `GET /api/audits/:id/` → status, the normalised invoice, every check and the findings (owner only, else 404). */
export function getAudit(id: string): Promise<AuditDetail> {
  return api.get(`/api/audits/${encodeURIComponent(id)}/`, { schema: auditDetailSchema });
}

export const auditQueryKey = (id: string) => ['audit', 'detail', id] as const;

export function auditQueryOptions(id: string) {
  return queryOptions({
    queryKey: auditQueryKey(id),
    queryFn: () => getAudit(id),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
    // Polled while the worker has not finished (TanStack Query refetchInterval, stops once done or failed), or while
    // another invoice of its file has not (their list shows each one's result, ADR 0086).
    refetchInterval: (current) =>
      [current.state.data, ...(current.state.data?.invoicesInFile ?? [])].some(
        (audit) => audit?.status === 'queued' || audit?.status === 'running',
      )
        ? AUDIT_POLL_MS
        : false,
  });
}

export function useAudit(id: string | null) {
  return useQuery({ ...auditQueryOptions(id ?? ''), enabled: id !== null });
}
