import { type AccountUser, accountUserSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.ts';
import { clearAuthToken } from './auth-token.ts';
import { setSessionHint } from './session-hint.ts';

export const SESSION_STALE_TIME_MS = 5 * 60 * 1000;

/** better-auth's answer: `null` when signed out, else the session and its user (with our `role` and `tier`). */
const getSessionResponseSchema = z
  .object({ user: z.looseObject({ image: z.string().nullish() }) })
  .nullable()
  .transform((session) =>
    session ? accountUserSchema.parse({ ...session.user, image: session.user.image ?? null }) : null,
  );

/**
 * The signed-in user (role = admin/staff claim, tier), or null when nobody is signed in, from
 * `GET /api/auth/get-session` (session cookie or bearer token). It answers 200 `null` when signed out, so the
 * check at every start of /login and /private makes no failing request (ADR 0010); `/api/account/me` gives the same
 * user but answers 401.
 */
export async function getSession(): Promise<AccountUser | null> {
  const user = await api.get('/api/auth/get-session', { schema: getSessionResponseSchema });
  if (!user) {
    clearAuthToken();
  }
  setSessionHint(user);
  return user;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: SESSION_STALE_TIME_MS,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
