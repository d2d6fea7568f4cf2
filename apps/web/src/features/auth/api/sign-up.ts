import { signUpBodySchema } from '@pilote/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { withRedirect } from '../utils/redirect.ts';

export const signUpInputSchema = z.object({
  email: signUpBodySchema.shape.email,
  password: signUpBodySchema.shape.password,
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

/**
 * `POST /api/auth/sign-up/email`. No session yet: the account opens once the link sent by e-mail is followed
 * (it lands on /login/email-verified). A known address gets the same answer (no account enumeration).
 */
export async function signUpWithEmail(
  input: z.output<typeof signUpInputSchema>,
  { redirect }: { redirect?: string | null } = {},
): Promise<void> {
  await api.post(
    '/api/auth/sign-up/email',
    {
      email: input.email,
      password: input.password,
      callbackURL: withRedirect(paths.loginEmailVerified.getHref(), redirect),
    },
    { auth: false },
  );
}

/** `redirect`: where sign-in leads once the address is verified (e.g. the trial page of « Essai gratuit »). */
export function useSignUp({ redirect }: { redirect?: string | null } = {}) {
  return useMutation({
    mutationFn: (input: z.output<typeof signUpInputSchema>) => signUpWithEmail(input, { redirect }),
  });
}
