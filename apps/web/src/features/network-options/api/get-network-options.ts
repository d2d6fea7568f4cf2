import { type SimulatorOptionsResponse, simulatorOptionsResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiClientError } from '../../../lib/api-error.ts';

/** Spec §9: network options cached 5 min (stale 5 min, garbage collection 10 min), 2 retries, no refetch on focus. */
export const NETWORK_OPTIONS_STALE_MS = 5 * 60 * 1000;
export const NETWORK_OPTIONS_GC_MS = 10 * 60 * 1000;

/** The query of the options endpoint: the point type (`pitd`, `li`, `pic`) and only the values chosen so far. */
export type NetworkOptionsParams = Record<string, string> & { point: string };

/**
 * `GET /api/simulator/options/{pitd|li|pic}/` with only the non-empty values (`point` alone on the first call,
 * then code, commune and, for PITD, tso, dso, tarif, profil, month; `q` searches codes, 300 at most). The options
 * cascade of the simulator and of the optimisation form.
 */
export function getNetworkOptions(params: NetworkOptionsParams): Promise<SimulatorOptionsResponse> {
  return api.get(`/api/simulator/options/${encodeURIComponent(params.point)}/`, {
    query: params,
    schema: simulatorOptionsResponseSchema,
  });
}

const MAX_OPTIONS_RETRIES = 2;

/** At most 2 retries (spec §9); a 4xx answer will not change by asking again. */
export function shouldRetryOptions(failureCount: number, error: unknown): boolean {
  if (isApiClientError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < MAX_OPTIONS_RETRIES;
}

export const networkOptionsQueryKey = ['simulator', 'options'] as const;

export function networkOptionsQueryOptions(params: NetworkOptionsParams) {
  return queryOptions({
    queryKey: [...networkOptionsQueryKey, params],
    queryFn: () => getNetworkOptions(params),
    staleTime: NETWORK_OPTIONS_STALE_MS,
    gcTime: NETWORK_OPTIONS_GC_MS,
    retry: shouldRetryOptions,
    refetchOnWindowFocus: false,
  });
}

/**
 * The options for the form's current values (`null` = no point chosen yet: nothing is fetched). While the next
 * answer loads, the previous one for the same point type stays on screen (`isPlaceholderData`); an answer for
 * another point type is never shown in its place.
 */
export function useNetworkOptions(params: NetworkOptionsParams | null) {
  return useQuery({
    ...networkOptionsQueryOptions(params ?? { point: '' }),
    enabled: params !== null,
    placeholderData: (previous) =>
      previous && params && previous.point.toLowerCase() === params.point ? previous : undefined,
  });
}
