/** `GET /api/dashboard/` (issue #24 §4, ADR 0074): the active organisation's figures. */
import { dashboardSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dashboardKey = ['dashboard'] as const;

export function getDashboard() {
  return api.get('/api/dashboard/', { schema: dashboardSchema });
}

export const dashboardQueryOptions = queryOptions({ queryKey: dashboardKey, queryFn: getDashboard, staleTime: 0 });

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
