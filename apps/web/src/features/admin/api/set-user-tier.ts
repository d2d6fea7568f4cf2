import { type AdminSetTierBody, adminUserPlanResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userPlanQueryKey } from './get-user-plan.ts';
import { userPlanEventsQueryKey } from './get-user-plan-events.ts';
import { adminUsersQueryKey } from './get-users.ts';

/** `PATCH /api/admin/users/:id/tier {tier}` (admin only; recorded with who and when). */
export function setUserTier({ userId, tier }: { userId: string; tier: AdminSetTierBody['tier'] }) {
  return api.patch(
    `/api/admin/users/${encodeURIComponent(userId)}/tier`,
    { tier },
    { schema: adminUserPlanResponseSchema },
  );
}

export function useSetUserTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserTier,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlanQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlanEventsQueryKey }),
      ]),
  });
}
