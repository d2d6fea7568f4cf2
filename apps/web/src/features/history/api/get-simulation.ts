import { simulationDetailSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { simulationHistoryKey } from './get-simulation-history.ts';

/** `GET /api/simulator/simulations/:id`: a stored simulation, in the shape of the simulate answer. */
export function getSimulation(id: string) {
  return api.get(`/api/simulator/simulations/${encodeURIComponent(id)}`, { schema: simulationDetailSchema });
}

export function simulationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...simulationHistoryKey, 'detail', id],
    queryFn: () => getSimulation(id),
    // The signed PDF link inside expires: read again when reopened later.
    staleTime: 60_000,
    retry: false,
  });
}

export function useSimulation(id: string | null) {
  return useQuery({ ...simulationQueryOptions(id ?? ''), enabled: id !== null });
}
