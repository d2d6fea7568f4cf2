import { type StaffMandateListQuery, staffMandateListResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const STAFF_MANDATES_PAGE_SIZE = 20;

/** `GET /api/admin/mandates/?status=&manager=&page=&pageSize=` (staff and admin) → a page and the counts per status. */
export function getStaffMandates(query: StaffMandateListQuery) {
  return api.get('/api/admin/mandates/', {
    query: {
      status: query.status,
      manager: query.manager,
      energy_type: query.energy_type,
      page: query.page,
      pageSize: query.pageSize,
    },
    schema: staffMandateListResponseSchema,
  });
}

export const staffMandatesQueryKey = ['admin', 'mandates'] as const;

export function staffMandatesQueryOptions(query: StaffMandateListQuery) {
  return queryOptions({
    queryKey: [...staffMandatesQueryKey, query],
    queryFn: () => getStaffMandates(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useStaffMandates(query: StaffMandateListQuery) {
  return useQuery(staffMandatesQueryOptions(query));
}
