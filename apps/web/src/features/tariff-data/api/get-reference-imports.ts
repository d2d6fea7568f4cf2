import { referenceImportKindsResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const referenceImportsQueryKey = ['tariff-data', 'reference-imports'] as const;

/** `GET /api/admin/tariff-data/reference-imports`: the importable tables (one registration per kind on the server). */
export function getReferenceImports() {
  return api.get('/api/admin/tariff-data/reference-imports', { schema: referenceImportKindsResponseSchema });
}

export function referenceImportsQueryOptions() {
  return queryOptions({ queryKey: referenceImportsQueryKey, queryFn: getReferenceImports, staleTime: 0 });
}

export function useReferenceImports() {
  return useQuery(referenceImportsQueryOptions());
}
