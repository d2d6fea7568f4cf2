import type { OptimisationResponse } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';
import type { OptimisationRequest } from '../utils/optimisation-form.ts';
import {
  OPTIMISATION_CONFIG_MESSAGE,
  OPTIMISATION_ENDPOINT,
  OptimisationError,
  readOptimisationAnswer,
  readOptimisationData,
} from '../utils/optimisation-response.ts';

/**
 * `POST /api/optimisation/` (JSON in and out, `X-CSRFToken`, bearer token — the API client). The answer goes
 * through the §7 rules of `readOptimisationAnswer`; failures reject with what `optimisationErrorMessage` shows.
 */
export async function runOptimisation(
  request: OptimisationRequest,
  { endpoint, siteId }: { endpoint: string | undefined; siteId?: string | null | undefined } = {
    endpoint: OPTIMISATION_ENDPOINT,
  },
): Promise<OptimisationResponse> {
  if (!endpoint) {
    throw new OptimisationError(OPTIMISATION_CONFIG_MESSAGE);
  }
  // No schema here: the body is checked below, so a shape mismatch is told apart from a non-JSON answer.
  // `?site=`: the result is saved to that site of the organisation (ADR 0068).
  const data = await api.post<unknown>(endpoint, request, siteId ? { query: { site: siteId } } : undefined);
  const reading = data === undefined ? readOptimisationAnswer({ status: 200, text: '' }) : readOptimisationData(data);
  if (!reading.ok) {
    throw new OptimisationError(reading.message);
  }
  return reading.data;
}

/** An optimisation takes a unit of the `optimisations` quota: the usage is read again afterwards. */
export function useRunOptimisation(siteId?: string | null) {
  const invalidateUsage = useInvalidateUsage();
  return useMutation({
    mutationFn: (request: OptimisationRequest) => runOptimisation(request, { endpoint: OPTIMISATION_ENDPOINT, siteId }),
    onSettled: invalidateUsage,
  });
}
