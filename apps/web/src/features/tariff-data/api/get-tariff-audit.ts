import { type PageQuery, tariffAuditResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const TARIFF_AUDIT_PAGE_SIZE = 10;
export const tariffAuditQueryKey = ['tariff-data', 'audit'] as const;

/** `GET /api/admin/tariff-data/audit?page=&pageSize=` (staff and admins), newest first. */
export function getTariffAudit(query: PageQuery) {
  return api.get('/api/admin/tariff-data/audit', {
    query: { page: query.page, pageSize: query.pageSize },
    schema: tariffAuditResponseSchema,
  });
}

export function tariffAuditQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: [...tariffAuditQueryKey, query],
    queryFn: () => getTariffAudit(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTariffAudit(query: PageQuery) {
  return useQuery(tariffAuditQueryOptions(query));
}
