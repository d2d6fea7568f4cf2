import {
  type PageQuery,
  type SimulationSummary,
  type SimulatorIndexResponse,
  simulatorEndpoints,
  simulatorPointSchema,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import { findSimulationsOf, type SimulationSummaryRow } from './repository.ts';

function amount(text: string | null): number | null {
  const value = text === null ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : null;
}

function toSummary(row: SimulationSummaryRow): SimulationSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    // Written from the validated form: always one of the three.
    pointDeReseau: simulatorPointSchema.parse(row.pointDeReseau),
    code: row.code,
    commune: row.commune,
    tarif: row.tarif,
    profil: row.profil,
    dateEffet: row.dateEffet,
    totalFixeMensuel: amount(row.totalFixeMensuel),
    totalFixeAnnuel: amount(row.totalFixeAnnuel),
    usedSampleData: row.usedSampleData,
  };
}

/**
 * `GET /api/simulator/` (spec §7; ADR 0047): the simulations of the caller's active organisation (ADR 0066; no other
 * organisation's, whatever the platform role) and the simulator's endpoints.
 */
export function createSimulatorIndex({ db, access }: { db: Database; access: Pick<OrganisationAccess, 'scope'> }) {
  return {
    async list(actor: Actor | null, query: PageQuery): Promise<SimulatorIndexResponse> {
      const { organisationId } = await access.scope(requireUser(actor));
      const { rows, total } = await findSimulationsOf(db, organisationId, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map(toSummary),
        total,
        page: query.page,
        pageSize: query.pageSize,
        endpoints: simulatorEndpoints,
      };
    },
  };
}

export type SimulatorIndex = ReturnType<typeof createSimulatorIndex>;
