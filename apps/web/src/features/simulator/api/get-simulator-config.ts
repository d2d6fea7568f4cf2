import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiClientError } from '../../../lib/api-error.ts';
import { NETWORK_OPTIONS_GC_MS, NETWORK_OPTIONS_STALE_MS, shouldRetryOptions } from '../../network-options/index.ts';

/** Spec §8 « Missing endpoint configuration gives a configuration message », worded as the optimisation page's. */
export const SIMULATOR_CONFIG_MESSAGE = 'Configuration manquante';
export const SIMULATOR_CONFIG_DETAIL =
  'Le serveur n’indique pas de point d’accès pour la simulation : le simulateur n’est pas disponible sur cette installation. Contactez l’équipe qui l’administre.';

/**
 * `ok`: the server names its `simulate` endpoint; `missing`: `GET /api/simulator/` answered 404, or an answer that
 * names no `simulate` endpoint; `unknown`: not answered yet, or a network / server failure (nothing is said then:
 * the simulation itself will report such a failure).
 */
export type SimulatorConfig = 'ok' | 'missing' | 'unknown';

/** The `endpoints.simulate` of an answer of `GET /api/simulator/` (read leniently), or null. */
export function simulateEndpointOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('endpoints' in body)) {
    return null;
  }
  const { endpoints } = body as { endpoints: unknown };
  if (typeof endpoints !== 'object' || endpoints === null || !('simulate' in endpoints)) {
    return null;
  }
  const { simulate } = endpoints as { simulate: unknown };
  return typeof simulate === 'string' && simulate.trim() !== '' ? simulate : null;
}

/** The configuration state from the query's outcome. */
export function simulatorConfigOf(query: { isSuccess: boolean; data?: unknown; error?: unknown }): SimulatorConfig {
  if (query.isSuccess) {
    return simulateEndpointOf(query.data) ? 'ok' : 'missing';
  }
  if (isApiClientError(query.error) && query.error.status === 404) {
    return 'missing';
  }
  return 'unknown';
}

/**
 * `GET /api/simulator/?page=1&pageSize=1` (ADR 0047): the simulator's root names its endpoints; only
 * `endpoints.simulate` is read. Cached like the options (spec §9). The route prefetches it (ADR 0058).
 */
export function simulatorConfigQueryOptions() {
  return queryOptions({
    queryKey: ['simulator', 'index', 'endpoints'],
    queryFn: () => api.get<unknown>('/api/simulator/', { query: { page: 1, pageSize: 1 } }),
    staleTime: NETWORK_OPTIONS_STALE_MS,
    gcTime: NETWORK_OPTIONS_GC_MS,
    retry: shouldRetryOptions,
    refetchOnWindowFocus: false,
  });
}

export function useSimulatorConfig(): SimulatorConfig {
  return simulatorConfigOf(useQuery(simulatorConfigQueryOptions()));
}
