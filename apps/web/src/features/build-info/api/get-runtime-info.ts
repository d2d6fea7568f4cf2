import { runtimeInfoSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /runtime-info.json`: the revision and environment actually served (the /login footer line). */
export function getRuntimeInfo() {
  return api.get('/runtime-info.json', { schema: runtimeInfoSchema, auth: false });
}

export function runtimeInfoQueryOptions() {
  return queryOptions({ queryKey: ['build-info', 'runtime'], queryFn: getRuntimeInfo, staleTime: 5 * 60 * 1000 });
}

export function useRuntimeInfo() {
  return useQuery(runtimeInfoQueryOptions());
}
