import { type AdminResetUsageBody, adminUserPlanResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userPlanQueryKey } from './get-user-plan.ts';
import { userPlanEventsQueryKey } from './get-user-plan-events.ts';

/** `POST /api/admin/users/:id/usage/reset {feature}` (admin only): the current period's counter back to 0. */
export function resetUserUsage({ userId, feature }: { userId: string; feature: AdminResetUsageBody['feature'] }) {
  return api.post(
    `/api/admin/users/${encodeURIComponent(userId)}/usage/reset`,
    { feature },
    { schema: adminUserPlanResponseSchema },
  );
}

export function useResetUserUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserUsage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userPlanQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlanEventsQueryKey }),
      ]),
  });
}
