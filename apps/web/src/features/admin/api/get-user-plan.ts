import { adminUserPlanResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/admin/users/:id/plan` (staff and admin): a user's tier, period, usage and subscription. */
export function getUserPlan(userId: string) {
  return api.get(`/api/admin/users/${encodeURIComponent(userId)}/plan`, { schema: adminUserPlanResponseSchema });
}

export const userPlanQueryKey = ['admin', 'user-plan'] as const;

export function userPlanQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...userPlanQueryKey, userId],
    queryFn: () => getUserPlan(userId),
    staleTime: 0,
  });
}

export function useUserPlan(userId: string) {
  return useQuery(userPlanQueryOptions(userId));
}
