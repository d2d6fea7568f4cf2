import { type AdminSetRoleBody, adminSetRoleResponseSchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './get-users.ts';

/** `PATCH /api/admin/users/:id/role` (admin only). */
export function setUserRole({ userId, role }: { userId: string; role: AdminSetRoleBody['role'] }) {
  return api.patch(
    `/api/admin/users/${encodeURIComponent(userId)}/role`,
    { role },
    { schema: adminSetRoleResponseSchema },
  );
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
