import { type CommunePitdResponse, communePitdResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NETWORK_OPTIONS_GC_MS, NETWORK_OPTIONS_STALE_MS, shouldRetryOptions } from './get-network-options.ts';

/** `GET /api/simulator/communes/:insee/pitd`: the PITD(s) serving a commune (the address search's INSEE code). */
export function getCommunePitd(insee: string): Promise<CommunePitdResponse> {
  return api.get(`/api/simulator/communes/${encodeURIComponent(insee)}/pitd`, { schema: communePitdResponseSchema });
}

export const communePitdQueryKey = ['simulator', 'commune-pitd'] as const;

export function communePitdQueryOptions(insee: string) {
  return queryOptions({
    queryKey: [...communePitdQueryKey, insee],
    queryFn: () => getCommunePitd(insee),
    staleTime: NETWORK_OPTIONS_STALE_MS,
    gcTime: NETWORK_OPTIONS_GC_MS,
    retry: shouldRetryOptions,
    refetchOnWindowFocus: false,
  });
}

/** The PITD(s) of the commune `insee` (null: nothing asked yet). */
export function useCommunePitd(insee: string | null) {
  return useQuery({ ...communePitdQueryOptions(insee ?? ''), enabled: insee !== null && insee !== '' });
}
