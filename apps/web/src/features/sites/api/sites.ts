/**
 * The sites' API (issue #24 §2, ADR 0068): one function per endpoint, its query options or mutation hook. Every
 * change invalidates the feature's keys (`sitesKey`): lists, sites and activities are re-read.
 */
import {
  type ConsumptionDatasetSummaryResponse,
  consumptionDatasetSummaryResponseSchema,
  type SiteBodyInput,
  type SiteDataFilter,
  type SiteImportBody,
  type SiteSort,
  siteActivitySchema,
  siteAuditLinkSchema,
  siteDeleteResponseSchema,
  siteImportPreviewSchema,
  siteImportResultSchema,
  type siteOptions,
  siteSchema,
  sitesPageSchema,
} from '@pilote/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const sitesKey = ['sites'] as const;

/** The list's query as the page holds it (`GET /api/sites/` validates it again). */
export type SitesListParams = {
  page: number;
  pageSize: number;
  sort: SiteSort;
  q?: string | undefined;
  tag?: string | undefined;
  option?: (typeof siteOptions)[number] | undefined;
  /** The dashboard's links (ADR 0074): sites whose consumption data is missing and/or stale. */
  data?: SiteDataFilter | undefined;
};
export const SITES_PAGE_SIZE = 20;

const siteUrl = (id: string) => `/api/sites/${encodeURIComponent(id)}`;

export function getSites(query: SitesListParams) {
  return api.get('/api/sites/', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort,
      q: query.q,
      tag: query.tag,
      option: query.option,
      data: query.data,
    },
    schema: sitesPageSchema,
  });
}

export function sitesQueryOptions(query: SitesListParams) {
  return queryOptions({
    queryKey: [...sitesKey, 'list', query],
    queryFn: () => getSites(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSites(query: SitesListParams) {
  return useQuery(sitesQueryOptions(query));
}

export function siteQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...sitesKey, 'site', id],
    queryFn: () => api.get(siteUrl(id), { schema: siteSchema }),
    retry: false,
  });
}

export function useSite(id: string | null) {
  return useQuery({ ...siteQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export function useSiteActivity(id: string) {
  return useQuery({
    queryKey: [...sitesKey, 'activity', id],
    queryFn: () => api.get(`${siteUrl(id)}/activity`, { schema: siteActivitySchema }),
    retry: false,
    staleTime: 0,
  });
}

/** The monthly totals and data quality of a consumption dataset (`GET /api/consumption-data/:id/summary/`). */
export function useDatasetSummary(datasetId: string | null) {
  return useQuery<ConsumptionDatasetSummaryResponse>({
    queryKey: ['consumption-data', 'summary', datasetId],
    queryFn: () =>
      api.get(`/api/consumption-data/${encodeURIComponent(datasetId ?? '')}/summary/`, {
        schema: consumptionDatasetSummaryResponseSchema,
      }),
    enabled: Boolean(datasetId),
  });
}

function useInvalidatingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKey }) });
}

export function useCreateSite() {
  return useInvalidatingMutation((body: SiteBodyInput) => api.post('/api/sites/', body, { schema: siteSchema }));
}

export function useUpdateSite() {
  return useInvalidatingMutation(({ id, body }: { id: string; body: SiteBodyInput }) =>
    api.put(siteUrl(id), body, { schema: siteSchema }),
  );
}

/** « Rattacher à un site » (ADR 0079): the audit saved to the site; the site's page lists it. */
export function attachAuditToSite(siteId: string, auditId: string) {
  return api.put(`${siteUrl(siteId)}/audits/${encodeURIComponent(auditId)}`, {}, { schema: siteAuditLinkSchema });
}

/** The same from an audit's page (« Rattacher à un site existant »): the site's lists and page are re-read. */
export function useAttachAuditToSite() {
  return useInvalidatingMutation(({ siteId, auditId }: { siteId: string; auditId: string }) =>
    attachAuditToSite(siteId, auditId),
  );
}

export function useDeleteSite() {
  return useInvalidatingMutation((id: string) => api.delete(siteUrl(id), { schema: siteDeleteResponseSchema }));
}

/** The preview: nothing is saved (so nothing to invalidate). */
export function usePreviewSiteImport() {
  return useMutation({
    mutationFn: (body: SiteImportBody) => api.post('/api/sites/import/', body, { schema: siteImportPreviewSchema }),
  });
}

export function useConfirmSiteImport() {
  return useInvalidatingMutation((body: SiteImportBody) =>
    api.post('/api/sites/import/confirm', body, { schema: siteImportResultSchema }),
  );
}

export const siteExportHref = (format: 'csv' | 'xlsx') => `/api/sites/export/?format=${format}`;

/** A file's bytes as base64 (the import's JSON body). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
