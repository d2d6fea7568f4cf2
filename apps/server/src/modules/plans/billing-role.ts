import { organisationBillingMessages } from '@pilote/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberRoleIn } from './repository.ts';

/**
 * Only the organisation's owners and administrators change its plan (ADR 0061/0066: admins manage billing; ADR 0078):
 * 404 for a non-member, 403 with the French sentence for a member or a viewer. Platform administrators are not
 * exempt: their tier is their role's, they have nothing to buy.
 */
export async function requireBillingManager(db: Executor, organisationId: string, userId: string): Promise<void> {
  const role = await memberRoleIn(db, organisationId, userId);
  if (!role) {
    throw new AppError('NOT_FOUND', 'Organisation introuvable.');
  }
  if (role !== 'owner' && role !== 'admin') {
    throw new AppError('FORBIDDEN', organisationBillingMessages.managersOnly);
  }
}

/** Whether the role may change the plan (the usage answer tells the web app, which hides the actions). */
export function mayManageBilling(role: string | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
