import type { SimulateBody } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';

/**
 * `POST /api/simulator/simulate/` (JSON, anti-forgery header, bearer). The answer is read leniently by
 * `readSimulationResult` (spec §3: results possibly under 'Résultat' / 'resultat', numbers as French strings…), so it
 * is not parsed with the strict response schema here. Errors: `ApiClientError` with the server's `error`.
 */
export function postSimulation(body: SimulateBody, siteId?: string | null): Promise<unknown> {
  // `?site=`: the result is saved to that site of the organisation (ADR 0068).
  return api.post('/api/simulator/simulate/', body, siteId ? { query: { site: siteId } } : undefined);
}

/** A simulation takes a unit of the `simulations` quota (a refusal may change the usage shown too). */
export function useSimulate(siteId?: string | null) {
  const invalidateUsage = useInvalidateUsage();
  return useMutation({ mutationFn: (body: SimulateBody) => postSimulation(body, siteId), onSettled: invalidateUsage });
}
