import type { SimulateBody } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';

/**
 * `POST /api/simulator/simulate/` (JSON, anti-forgery header, bearer). The answer is read leniently by
 * `readSimulationResult` (spec §3: results possibly under 'Résultat' / 'resultat', numbers as French strings…), so it
 * is not parsed with the strict response schema here. Errors: `ApiClientError` with the server's `error`.
 */
export function postSimulation(body: SimulateBody): Promise<unknown> {
  return api.post('/api/simulator/simulate/', body);
}

/** A simulation takes a unit of the `simulations` quota (a refusal may change the usage shown too). */
export function useSimulate() {
  const invalidateUsage = useInvalidateUsage();
  return useMutation({ mutationFn: postSimulation, onSettled: invalidateUsage });
}
