import { storedTariffValueResponseSchema, type UndoTariffValueBody } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/values/undo` (admins): a new version restoring the previous one. */
export function undoTariffValue(body: UndoTariffValueBody) {
  return api.post('/api/admin/tariff-data/values/undo', body, { schema: storedTariffValueResponseSchema });
}

export function useUndoTariffValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoTariffValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariff-data'] }),
  });
}
