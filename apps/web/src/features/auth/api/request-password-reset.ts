import { requestPasswordResetBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const requestPasswordResetInputSchema = z.object({ email: requestPasswordResetBodySchema.shape.email });
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetInputSchema>;

/**
 * `POST /api/auth/request-password-reset`. The mail's link goes through
 * `/api/auth/reset-password/{token}?callbackURL=/login/reset-password`, which redirects to
 * `/login/reset-password?token=…` (or `?error=INVALID_TOKEN`). Same answer whether the address exists or not.
 */
export async function requestPasswordReset(input: z.output<typeof requestPasswordResetInputSchema>): Promise<void> {
  await api.post(
    '/api/auth/request-password-reset',
    { email: input.email, redirectTo: paths.loginResetPassword.getHref() },
    { auth: false },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
