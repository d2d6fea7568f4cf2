import {
  type PageQuery,
  type SimulationSummary,
  type SimulatorIndexResponse,
  simulatorEndpoints,
  simulatorPointSchema,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import { findSimulationsOfUser, type SimulationSummaryRow } from './repository.ts';

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
 * `GET /api/simulator/` (spec §7; ADR 0047): the caller's own simulations (nobody else's, whatever the role) and the
 * simulator's endpoints.
 */
export function createSimulatorIndex({ db }: { db: Database }) {
  return {
    async list(actor: Actor | null, query: PageQuery): Promise<SimulatorIndexResponse> {
      const { user } = requireUser(actor);
      const { rows, total } = await findSimulationsOfUser(db, user.id, {
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
