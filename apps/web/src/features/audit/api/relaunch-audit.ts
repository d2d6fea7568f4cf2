import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditQueryKey } from './get-audit.ts';
import { auditsQueryKey } from './get-audits.ts';
import { startAudit } from './start-audit.ts';

/**
 * Launches (again) an audit from its results page: one not started (refused for quota, say) or one that failed.
 * 429 « limite » while no unit is free; once one is, the same button starts it.
 */
export function useRelaunchAudit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAudit(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: auditsQueryKey }),
      ]),
  });
}
