import { buildInfoSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/info/frontend/`: build info of the web app the server serves. */
export function getFrontendInfo() {
  return api.get('/api/info/frontend/', { schema: buildInfoSchema });
}

export function frontendInfoQueryOptions() {
  return queryOptions({ queryKey: ['build-info', 'frontend'], queryFn: getFrontendInfo, retry: false });
}

export function useFrontendInfo() {
  return useQuery(frontendInfoQueryOptions());
}
