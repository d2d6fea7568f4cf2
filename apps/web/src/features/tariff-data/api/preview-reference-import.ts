import { type ReferenceImportBody, referenceImportPreviewSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/reference-imports/:kind/preview` (admins): the importer's checks, nothing written. */
export function previewReferenceImport({ kind, ...body }: ReferenceImportBody & { kind: string }) {
  return api.post(`/api/admin/tariff-data/reference-imports/${encodeURIComponent(kind)}/preview`, body, {
    schema: referenceImportPreviewSchema,
  });
}

export function usePreviewReferenceImport() {
  return useMutation({ mutationFn: previewReferenceImport });
}
