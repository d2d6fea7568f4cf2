import { type MandateListResponse, mandateListResponseSchema, PAGE_SIZE_MAX } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
  return useQuery(mandatesQueryOptions(params));
}
