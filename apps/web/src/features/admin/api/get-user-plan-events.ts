import { adminPlanEventsResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const PLAN_EVENTS_PAGE_SIZE = 10;

/** `GET /api/admin/users/:id/plan-events?page=&pageSize=` (staff and admin): tier changes and resets, newest first. */
export function getUserPlanEvents(userId: string, page: number) {
  return api.get(`/api/admin/users/${encodeURIComponent(userId)}/plan-events`, {
    query: { page, pageSize: PLAN_EVENTS_PAGE_SIZE },
    schema: adminPlanEventsResponseSchema,
  });
}

export const userPlanEventsQueryKey = ['admin', 'user-plan-events'] as const;

export function userPlanEventsQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: [...userPlanEventsQueryKey, userId, page],
    queryFn: () => getUserPlanEvents(userId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserPlanEvents(userId: string, page: number) {
  return useQuery(userPlanEventsQueryOptions(userId, page));
}
