import { simulationPdfLinkResponseSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /api/simulator/simulations/:id/pdf-link` (owner only): a fresh signed PDF link when the one received with the
 * result has expired (ADR 0012: links live 1 hour). Asked on demand, when the user clicks the PDF button.
 */
export function getSimulationPdfLink(simulationId: string) {
  return api.get(`/api/simulator/simulations/${encodeURIComponent(simulationId)}/pdf-link`, {
    schema: simulationPdfLinkResponseSchema,
  });
}

export function useSimulationPdfLink() {
  return useMutation({ mutationFn: getSimulationPdfLink });
}
