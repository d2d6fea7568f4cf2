import { isLimitReached, type UsageResponse } from '@pilote/contracts';

/** What the user's plan lets the optimisation form do (spec §6 'Passez au plan supérieur'; the server decides). */
export type OptimisationAccess = {
  /** The `optimisations` quota of the period is used up. */
  quotaReached: boolean;
  /** The plan includes the monthly capacities (M1–M12). */
  monthlyCapacitiesAllowed: boolean;
};

/** Nothing is restricted until the usage is known: the server refuses anyway (429 / 403). */
export const UNRESTRICTED: OptimisationAccess = { quotaReached: false, monthlyCapacitiesAllowed: true };

export function optimisationAccess(usage: UsageResponse | undefined): OptimisationAccess {
  if (!usage) {
    return UNRESTRICTED;
  }
  const quota = usage.features.find((feature) => feature.type === 'quota' && feature.name === 'optimisations');
  const monthly = usage.features.find((feature) => feature.type === 'boolean' && feature.name === 'monthly_capacities');
  return {
    quotaReached: quota?.type === 'quota' ? isLimitReached(quota) : false,
    monthlyCapacitiesAllowed: monthly?.type === 'boolean' ? monthly.allowed : true,
  };
}
