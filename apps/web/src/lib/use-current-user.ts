import type { AccountUser } from '@pilote/contracts';
import { useSession } from './session.ts';

/** The signed-in user inside the private area (its layout renders pages only once a user is present). */
export function useCurrentUser(): AccountUser {
  const { data } = useSession();
  if (!data) {
    throw new Error('useCurrentUser() is only available inside the private area.');
  }
  return data;
}
