import { type MandateListResponse, mandateListResponseSchema, PAGE_SIZE_MAX } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type MandateListParams = { isActive: boolean; page: number; pageSize: number };

/** The active list shows every active mandate of the user: one page at the largest size the API allows. */
export const ACTIVE_MANDATES = { isActive: true, page: 1, pageSize: PAGE_SIZE_MAX } as const;
export const HISTORY_PAGE_SIZE = 20;

/** `GET /api/mandates/?is_active=&page=&pageSize=` → one page of the user's mandates and the counts of both lists. */
export function getMandates(params: MandateListParams): Promise<MandateListResponse> {
  return api.get('/api/mandates/', {
    query: { is_active: String(params.isActive), page: params.page, pageSize: params.pageSize },
    schema: mandateListResponseSchema,
  });
}

/** A mandate whose operator side is still moving: declaration, GRDF's answer, or the first sync. */
function awaitingOperator(mandate: MandateListResponse['items'][number]): boolean {
  const data = mandate.operator_data;
  if (!data) {
    return false;
  }
  return (
    mandate.status === 'sent' ||
    (mandate.status === 'active' && (data.sync_status === 'syncing' || data.last_sync_at === null))
  );
}

/** Prefix of every list key: any change to a mandate invalidates them all. */
export const mandatesQueryKey = ['mandates', 'list'] as const;

export function mandatesQueryOptions(params: MandateListParams) {
  return queryOptions({
    queryKey: [...mandatesQueryKey, params],
    queryFn: () => getMandates(params),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

export function useMandates(params: MandateListParams) {
  const client = useQueryClient();
  return useQuery({
    ...mandatesQueryOptions(params),
    // A GRDF mandate declared through the API changes without the user (ADR 0072): both lists are read again every
    // few seconds while GRDF's answer or the first data are awaited (a mandate then moves from one to the other).
    refetchInterval: () =>
      client
        .getQueriesData<MandateListResponse>({ queryKey: mandatesQueryKey })
        .some(([, data]) => data?.items.some(awaitingOperator))
        ? 1000
        : false,
  });
}
