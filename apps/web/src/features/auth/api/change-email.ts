import { changeEmailBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const changeEmailInputSchema = z.object({
  newEmail: changeEmailBodySchema.shape.newEmail,
  /** Re-authentication (ADR 0016); an account without a password (Google) leaves it empty. */
  currentPassword: changeEmailBodySchema.shape.currentPassword,
});
export type ChangeEmailInput = z.input<typeof changeEmailInputSchema>;

/**
 * `POST /api/auth/change-email` (signed in only, current password required when the account has one). The new
 * address receives a link; the e-mail changes once it is opened, and the link lands on
 * /login/email-verified?change=true. The old address receives a link to undo the change.
 */
export async function changeEmail(input: z.output<typeof changeEmailInputSchema>): Promise<void> {
  await api.post('/api/auth/change-email', {
    newEmail: input.newEmail,
    ...(input.currentPassword ? { currentPassword: input.currentPassword } : {}),
    callbackURL: paths.loginEmailVerified.getHref({ change: true }),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
