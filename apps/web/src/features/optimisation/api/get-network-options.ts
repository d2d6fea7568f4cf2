import { type SimulatorOptionsResponse, simulatorOptionsResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiClientError } from '../../../lib/api-error.ts';

/** Spec §9: options cached 5 min (stale 5 min, garbage collection 10 min), 2 retries, no refetch on focus. */
export const NETWORK_OPTIONS_STALE_MS = 5 * 60 * 1000;
export const NETWORK_OPTIONS_GC_MS = 10 * 60 * 1000;
const MAX_RETRIES = 2;

/**
 * The simulator's options cascade, reused by the optimisation form: `GET /api/simulator/options/{pitd|li|pic}/`
 * with only the non-empty values (`point` alone first, then code, commune, tso, tarif; `q` searches codes).
 */
export function getNetworkOptions(params: Record<string, string>): Promise<SimulatorOptionsResponse> {
  const point = params.point ?? '';
  return api.get(`/api/simulator/options/${encodeURIComponent(point)}/`, {
    query: params,
    schema: simulatorOptionsResponseSchema,
  });
}

function retry(failureCount: number, error: unknown): boolean {
  if (isApiClientError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

export function networkOptionsQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: ['simulator', 'options', params] as const,
    queryFn: () => getNetworkOptions(params),
    staleTime: NETWORK_OPTIONS_STALE_MS,
    gcTime: NETWORK_OPTIONS_GC_MS,
    retry,
    refetchOnWindowFocus: false,
  });
}

/** `null` = no point chosen: nothing is fetched. The previous answer stays on screen while the next one loads. */
export function useNetworkOptions(params: Record<string, string> | null) {
  return useQuery({
    ...networkOptionsQueryOptions(params ?? { point: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
