import { type ReferenceImportBody, referenceImportResultSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/reference-imports/:kind/confirm` (admins): a new active version of the table. */
export function confirmReferenceImport({ kind, ...body }: ReferenceImportBody & { kind: string }) {
  return api.post(`/api/admin/tariff-data/reference-imports/${encodeURIComponent(kind)}/confirm`, body, {
    schema: referenceImportResultSchema,
  });
}

export function useConfirmReferenceImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReferenceImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariff-data'] }),
  });
}
