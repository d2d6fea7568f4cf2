/** « Optimiser tout le portefeuille » (issue #24 §4, ADR 0077): the latest run, polled while it runs. */
import {
  type PortfolioRun,
  portfolioResultsPageSchema,
  portfolioRunSchema,
  portfolioRunsPageSchema,
} from '@pilote/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const PORTFOLIO_POLL_MS = 500;
export const PORTFOLIO_RESULTS_PAGE_SIZE = 20;
const base = '/api/dashboard/portfolio-optimisations';
export const portfolioKey = ['portfolio-optimisations'] as const;

/** The organisation's newest run (null when none). */
export const latestRunQueryOptions = queryOptions({
  queryKey: [...portfolioKey, 'latest'],
  queryFn: async () =>
    (await api.get(`${base}/`, { query: { page: 1, pageSize: 1 }, schema: portfolioRunsPageSchema })).items[0] ?? null,
  refetchInterval: (current) => (current.state.data?.status === 'running' ? PORTFOLIO_POLL_MS : false),
});

export function useLatestRun() {
  return useQuery(latestRunQueryOptions);
}

export function useRunResults(run: PortfolioRun | null, page: number) {
  return useQuery({
    queryKey: [...portfolioKey, 'results', run?.id, run?.done, page],
    queryFn: () =>
      api.get(`${base}/${encodeURIComponent(run?.id ?? '')}/results`, {
        query: { page, pageSize: PORTFOLIO_RESULTS_PAGE_SIZE },
        schema: portfolioResultsPageSchema,
      }),
    enabled: run !== null && run.status !== 'running',
  });
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${base}/`, {}, { schema: portfolioRunSchema }),
    onSuccess: (run) => {
      queryClient.setQueryData(latestRunQueryOptions.queryKey, run);
      void queryClient.invalidateQueries({ queryKey: portfolioKey });
    },
  });
}

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`${base}/${encodeURIComponent(id)}/cancel`, {}, { schema: portfolioRunSchema }),
    onSuccess: (run) => {
      queryClient.setQueryData(latestRunQueryOptions.queryKey, run);
    },
  });
}

export const portfolioExportHref = (id: string, format: 'xlsx' | 'pdf') =>
  `${base}/${encodeURIComponent(id)}/export?format=${format}`;
