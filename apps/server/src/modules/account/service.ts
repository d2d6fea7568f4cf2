import type { AccountMeResponse } from '@pilote/contracts';
import { type Actor, requireUser } from '../auth/session.ts';

/** The signed-in user with the role and tier the client needs (admin/staff claim, tier badge). */
export function getMe(actor: Actor | null): AccountMeResponse {
  const { user } = requireUser(actor);
  return { user };
}
