import { useMutation, type useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { setSessionHint } from '../../../lib/session-hint.ts';

/** `POST /api/auth/sign-out`: ends the session on the server (cookie and bearer token). */
export async function signOut(): Promise<void> {
  await api.post('/api/auth/sign-out', {});
}

/** Forgets everything about the signed-in user on this page: token, session and every cached answer. */
export function forgetSession(queryClient: ReturnType<typeof useQueryClient>): void {
  clearAuthToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
  setSessionHint(null);
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
