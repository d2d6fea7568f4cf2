import { signUpBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const signUpInputSchema = z.object({
  email: signUpBodySchema.shape.email,
  password: signUpBodySchema.shape.password,
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

/**
 * `POST /api/auth/sign-up/email`. No session yet: the account opens once the link sent by e-mail is followed
 * (it lands on /login/email-verified). A known address gets the same answer (no account enumeration).
 */
export async function signUpWithEmail(input: z.output<typeof signUpInputSchema>): Promise<void> {
  await api.post(
    '/api/auth/sign-up/email',
    { email: input.email, password: input.password, callbackURL: paths.loginEmailVerified.getHref() },
    { auth: false },
  );
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
