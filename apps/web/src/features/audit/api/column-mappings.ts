import {
  type AuditColumns,
  auditColumnsSchema,
  type ColumnMappingList,
  columnMappingListSchema,
  deleteColumnMappingResponseSchema,
  type SaveColumnMappingBody,
  type SaveColumnMappingResponse,
  saveColumnMappingResponseSchema,
} from '@pilote/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './get-audit.ts';
import { auditsQueryKey } from './get-audits.ts';

/** Column mappings of spreadsheet and CSV exports (ADR 0085). */
export const columnMappingsQueryKey = ['audit', 'column-mappings'] as const;
const columnsQueryKey = (id: string) => ['audit', 'columns', id] as const;

/** `GET /api/audits/:id/columns` → the columns to map of a failed audit (`header` null when none is asked). */
export function useAuditColumns(id: string, enabled: boolean) {
  return useQuery({
    queryKey: columnsQueryKey(id),
    queryFn: (): Promise<AuditColumns> =>
      api.get(`/api/audits/${encodeURIComponent(id)}/columns`, { schema: auditColumnsSchema }),
    enabled,
  });
}

/** `PUT /api/audits/:id/column-mapping` → 202: the mapping kept for the organisation, the audit relaunched. */
export function useSaveColumnMapping(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveColumnMappingBody): Promise<SaveColumnMappingResponse> =>
      api.put(`/api/audits/${encodeURIComponent(id)}/column-mapping`, body, {
        schema: saveColumnMappingResponseSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: auditsQueryKey }),
        queryClient.invalidateQueries({ queryKey: columnsQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: columnMappingsQueryKey }),
      ]),
  });
}

/** `GET /api/audits/column-mappings?page=&pageSize=` → the active organisation's mappings, newest first. */
export function useColumnMappings(page: number, pageSize = 10) {
  return useQuery({
    queryKey: [...columnMappingsQueryKey, page, pageSize],
    queryFn: (): Promise<ColumnMappingList> =>
      api.get(`/api/audits/column-mappings?page=${page}&pageSize=${pageSize}`, { schema: columnMappingListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/audits/column-mappings/:id`: the next file with that header asks again. */
export function useDeleteColumnMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/audits/column-mappings/${encodeURIComponent(id)}`, {
        schema: deleteColumnMappingResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnMappingsQueryKey }),
  });
}
