import { type AuditDetail, auditDetailSchema, type DuplicateQualification } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './get-audit.ts';

/**
 * `POST /api/audits/:id/duplicate-qualification` {qualification} → the audit, with the user's answer about an earlier
 * invoice of the same point and period (a duplicate, a corrected invoice or a distinct one). Nothing is claimed.
 */
export function qualifyDuplicate(id: string, qualification: DuplicateQualification): Promise<AuditDetail> {
  return api.post(
    `/api/audits/${encodeURIComponent(id)}/duplicate-qualification`,
    { qualification },
    { schema: auditDetailSchema },
  );
}

export function useQualifyDuplicate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (qualification: DuplicateQualification) => qualifyDuplicate(id, qualification),
    onSuccess: (audit) => queryClient.setQueryData(auditQueryKey(id), audit),
  });
}
