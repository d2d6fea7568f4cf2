import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const socialSignInResponseSchema = z.object({ url: z.url() });

/** Where Google sends the user back when the sign-in fails: /login shows 'Échec de la connexion avec Google.' */
export const OAUTH_FAILED_HREF = '/login?oauth=failed';

/**
 * `POST /api/auth/sign-in/social` answers the provider's authorisation URL; the browser goes there and comes back
 * through `/api/auth/callback/google` to `callbackURL` (or to `errorCallbackURL`).
 */
export async function startSocialSignIn(input: { provider: 'google'; callbackURL: string }): Promise<string> {
  const { url } = await api.post(
    '/api/auth/sign-in/social',
    { provider: input.provider, callbackURL: input.callbackURL, errorCallbackURL: OAUTH_FAILED_HREF },
    { schema: socialSignInResponseSchema, auth: false },
  );
  return url;
}

export function useSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });
}
