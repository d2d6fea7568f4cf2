import { DASHBOARD_MANDATE_DAYS, DASHBOARD_STALE_DAYS, type Dashboard } from '@pilote/contracts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireUser } from '../../lib/actor.ts';
import { addDays, parisDay } from '../mandates/dates.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import { dashboardFigures } from './repository.ts';

export interface DashboardServiceDeps {
  db: Executor;
  access: Pick<OrganisationAccess, 'scope'>;
  now?: () => Date;
}

/** GET /api/dashboard/ (issue #24 §4, ADR 0074): the active organisation's figures, for any member (viewer and above). */
export function createDashboardService(deps: DashboardServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async get(actor: Actor | null): Promise<Dashboard> {
      const user = requireUser(actor);
      const scope = await deps.access.scope(user, 'read');
      const today = parisDay(now());
      const figures = await dashboardFigures(deps.db, scope.organisationId, {
        today,
        staleBefore: addDays(today, -DASHBOARD_STALE_DAYS),
        mandatesUntil: addDays(today, DASHBOARD_MANDATE_DAYS),
      });
      return {
        organisationId: scope.organisationId,
        today,
        sites: { count: figures.sites },
        networkCost: { annualEuros: figures.networkCostEuros, sitesWithResult: figures.sitesWithResult },
        savings: { annualEuros: figures.savingsEuros, sitesOptimised: figures.sitesOptimised },
        audits: { done: figures.auditsDone, anomalies: figures.anomalies, recoverableEuros: figures.recoverableEuros },
        mandates: { active: figures.mandatesActive, expiringSoon: figures.mandatesExpiringSoon },
        data: { missing: figures.dataMissing, stale: figures.dataStale },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
