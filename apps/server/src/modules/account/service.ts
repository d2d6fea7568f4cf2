import type { AccountMeResponse } from '@pilote/contracts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { Entitlements } from '../plans/entitlements.ts';
import { entitlementRowsOfActor } from '../plans/repository.ts';

/**
 * The signed-in user with the role and tier the client needs (admin/staff claim, tier badge). The tier is the plan
 * that applies now — the active organisation's (ADR 0078), an administrator's role tier — not the stored
 * `users.tier`, which is no longer the plan; the session's statement read its rows (ADR 0075): no statement of its own.
 */
export async function getMe(actor: Actor | null, entitlements: Entitlements): Promise<AccountMeResponse> {
  const signedIn = requireUser(actor);
  const { user } = signedIn;
  const tier = await entitlements.tierOf(user.id, entitlementRowsOfActor(signedIn, user.id));
  return { user: { ...user, tier } };
}
