import { type GridImportBody, gridImportResultSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/grid-import/confirm` (admins): records every value of the file. */
export function confirmGridImport(body: GridImportBody) {
  return api.post('/api/admin/tariff-data/grid-import/confirm', body, { schema: gridImportResultSchema });
}

export function useConfirmGridImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmGridImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariff-data'] }),
  });
}
