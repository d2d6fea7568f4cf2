import { type GridImportBody, gridImportPreviewSchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/grid-import/preview` (admins): every changed value and reference simulations. */
export function previewGridImport(body: GridImportBody) {
  return api.post('/api/admin/tariff-data/grid-import/preview', body, { schema: gridImportPreviewSchema });
}

export function usePreviewGridImport() {
  return useMutation({ mutationFn: previewGridImport });
}
