import { type AdminSetTierBody, type AdminUserPlanResponse, adminUserPlanResponseSchema } from '@pilote/contracts';
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

/**
 * `onSaved` runs as soon as the server confirms, before the lists are refreshed: the refreshed plan re-keys the
 * tier form (a new current tier), which unmounts the component that called `mutate`, and TanStack Query drops the
 * callbacks given to `mutate` by a component that is gone — the toast then depended on which list came back last.
 */
export function useSetUserTier({ onSaved }: { onSaved?: (response: AdminUserPlanResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserTier,
    onSuccess: (response) => {
      onSaved?.(response);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlanQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlanEventsQueryKey }),
      ]);
    },
  });
}
