import type { UserTier } from '@pilote/contracts';

/** Spec §6: admins have unlimited access and see no plan cards. */
export function showsPlanCards(tier: UserTier): boolean {
  return tier !== 'admin';
}
