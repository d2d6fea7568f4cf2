import { buildInfoSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/info/backend/`: build info of the API server. */
export function getBackendInfo() {
  return api.get('/api/info/backend/', { schema: buildInfoSchema });
}

export function backendInfoQueryOptions() {
  return queryOptions({ queryKey: ['build-info', 'backend'], queryFn: getBackendInfo, retry: false });
}

export function useBackendInfo() {
  return useQuery(backendInfoQueryOptions());
}
