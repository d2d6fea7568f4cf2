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
  { endpoint }: { endpoint: string | undefined } = { endpoint: OPTIMISATION_ENDPOINT },
): Promise<OptimisationResponse> {
  if (!endpoint) {
    throw new OptimisationError(OPTIMISATION_CONFIG_MESSAGE);
  }
  // No schema here: the body is checked below, so a shape mismatch is told apart from a non-JSON answer.
  const data = await api.post<unknown>(endpoint, request);
  const reading = data === undefined ? readOptimisationAnswer({ status: 200, text: '' }) : readOptimisationData(data);
  if (!reading.ok) {
    throw new OptimisationError(reading.message);
  }
  return reading.data;
}

/** An optimisation takes a unit of the `optimisations` quota: the usage is read again afterwards. */
export function useRunOptimisation() {
  const invalidateUsage = useInvalidateUsage();
  return useMutation({
    mutationFn: (request: OptimisationRequest) => runOptimisation(request),
    onSettled: invalidateUsage,
  });
}
