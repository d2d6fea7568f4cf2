import { sendVerificationEmailBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const sendVerificationEmailInputSchema = z.object({ email: sendVerificationEmailBodySchema.shape.email });
export type SendVerificationEmailInput = z.input<typeof sendVerificationEmailInputSchema>;

/** `POST /api/auth/send-verification-email`: a new verification link (when the first one expired). */
export async function sendVerificationEmail(input: z.output<typeof sendVerificationEmailInputSchema>): Promise<void> {
  await api.post(
    '/api/auth/send-verification-email',
    { email: input.email, callbackURL: paths.loginEmailVerified.getHref() },
    { auth: false },
  );
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
