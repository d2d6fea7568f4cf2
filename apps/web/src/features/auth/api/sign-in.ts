import { signInBodySchema } from '@pilote/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { captureAuthToken } from '../../../lib/auth-token.ts';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session.ts';
import { authFormMessages } from '../utils/form-messages.ts';

export const signInInputSchema = z.object({
  email: signInBodySchema.shape.email,
  password: z.string().min(1, { error: authFormMessages.passwordRequired }),
});
export type SignInInput = z.input<typeof signInInputSchema>;

/**
 * `POST /api/auth/sign-in/email`. The answer's `set-auth-token` header is the bearer token (kept in memory); the
 * session cookie is set too. `callbackURL` is where the verification link of an unverified account leads back to
 * (better-auth sends a fresh link when an unverified user signs in with the right password).
 */
export async function signInWithEmail(input: z.output<typeof signInInputSchema>): Promise<void> {
  await api.post(
    '/api/auth/sign-in/email',
    { email: input.email, password: input.password, callbackURL: paths.loginEmailVerified.getHref() },
    { onResponse: captureAuthToken, auth: false },
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: async () => {
      // The /login page redirects as soon as the session query holds a user.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'none' });
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
