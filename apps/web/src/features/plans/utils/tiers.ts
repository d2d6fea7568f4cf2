import type { UserTier } from '@pilote/contracts';

/** Tier names shown everywhere in the interface (issue 12: never the raw code). */
export const tierLabels: Record<UserTier, string> = {
  free: 'Gratuit',
  basic: 'Basic',
  premium: 'Premium',
  admin: 'Admin',
  business_trial: 'Essai entreprise',
};

/**
 * Spec §6: paid non-admin tiers get the 'Gérer l'abonnement' portal button. The business trial has no
 * subscription to manage (no card, it ends on its own: ADR 0029), so it is not one of them.
 */
export function hasBillingPortal(tier: UserTier): boolean {
  return tier === 'basic' || tier === 'premium';
}

/** Spec §6: admins have unlimited access and see no plan cards. */
export function showsPlanCards(tier: UserTier): boolean {
  return tier !== 'admin';
}
