import { resetPasswordBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const resetPasswordInputSchema = z.object({ newPassword: resetPasswordBodySchema.shape.newPassword });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** `POST /api/auth/reset-password`: sets the new password; every open session of the account is closed. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await api.post('/api/auth/reset-password', input, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
