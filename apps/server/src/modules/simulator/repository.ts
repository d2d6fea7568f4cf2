import type { SimulationResultDto } from '@pilote/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { simulationPdfs, simulations } from '../../db/schema.ts';
import { type UnitClaim, unitUpsert } from '../plans/repository.ts';
import { readStoredResult } from './stored-result.ts';

type SimulationRow = typeof simulations.$inferSelect;

/** A stored simulation, its result in today's shape whatever the row's age (`readStoredResult`, ADR 0041). */
export type SimulationRecord = Omit<SimulationRow, 'result'> & { result: SimulationResultDto };

function toRecord(row: SimulationRow | undefined): SimulationRecord | undefined {
  return row ? { ...row, result: readStoredResult(row.result) } : undefined;
}

export type SimulationInsert = Required<
  Omit<typeof simulations.$inferInsert, 'createdAt' | 'siteId' | 'annualNetworkEuros'>
> & {
  createdAt: Date;
  /** The site it is saved to (ADR 0068), checked by the caller; null or absent when none. */
  siteId?: string | null;
  /** `result` already written as JSON text by the caller (ADR 0075: the same text is answered), stored as it is. */
  resultJson?: string;
};

/**
 * The year's fixed network cost of a result (`annuel.totalFixe`), stored beside it for the dashboard (migration 0025,
 * ADR 0079); null when the result has none (the table's trigger then reads it from the JSON, and finds none either).
 */
export function annualNetworkEurosOf(result: Record<string, unknown>): number | null {
  const annuel = result.annuel as { totalFixe?: unknown } | undefined;
  return typeof annuel?.totalFixe === 'number' ? annuel.totalFixe : null;
}

/** Inserts a simulation row; the statement is prepared once per database (ADR 0038): one per simulation. */
export function simulationInserter(db: Database): (row: SimulationInsert) => Promise<void> {
  const query = db
    .insert(simulations)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      organisationId: sql.placeholder('organisationId'),
      pointDeReseau: sql.placeholder('pointDeReseau'),
      input: sql.placeholder('input'),
      result: sql.placeholder('result'),
      gridDates: sql.placeholder('gridDates'),
      dateEffet: sql.placeholder('dateEffet'),
      usedSampleData: sql.placeholder('usedSampleData'),
      siteId: sql.placeholder('siteId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare('simulations_insert');
  return async (row) => {
    await query.execute({ ...row, siteId: row.siteId ?? null });
  };
}

/**
 * Takes the simulation's quota unit and inserts its row in ONE statement (ADR 0046): the counter upsert of
 * `unitUpsert` as a data-modifying CTE, and the row inserted from it. The row exists only if the unit was taken,
 * and a failed insert takes no unit. Resolves to the counter after the unit, or null when the limit was reached
 * (no row written). Prepared once per database, with and without a limit (ADR 0038).
 */
export function simulationRecorder(db: Database): (row: SimulationInsert, unit: UnitClaim) => Promise<number | null> {
  const statement = (limited: boolean) => {
    const unit = db.$with('unit').as(unitUpsert(db, limited));
    // Typed casts: the values are not mapped by drizzle's column encoders here (json given as text, time as ISO).
    const value = (name: keyof SimulationInsert, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
    return db
      .with(unit)
      .insert(simulations)
      .select((qb) =>
        qb
          .select({
            id: value('id', 'text').as('id'),
            userId: value('userId', 'text').as('user_id'),
            organisationId: value('organisationId', 'text').as('organisation_id'),
            pointDeReseau: value('pointDeReseau', 'text').as('point_de_reseau'),
            input: value('input', 'jsonb').as('input'),
            result: value('result', 'json').as('result'),
            gridDates: value('gridDates', 'jsonb').as('grid_dates'),
            dateEffet: value('dateEffet', 'text').as('date_effet'),
            usedSampleData: value('usedSampleData', 'boolean').as('used_sample_data'),
            annualNetworkEuros: sql`${sql.placeholder('annualNetworkEuros')}::float8`.as('annual_network_euros'),
            siteId: value('siteId', 'text').as('site_id'),
            createdAt: value('createdAt', 'timestamptz').as('created_at'),
          })
          .from(unit),
      )
      .returning({ used: sql<number>`(select ${unit.used} from ${unit})` })
      .prepare(limited ? 'simulations_record_limited' : 'simulations_record');
  };
  const unlimited = statement(false);
  const limited = statement(true);
  return async (row, unit) => {
    const values = {
      userId: unit.userId,
      feature: unit.feature,
      periodStart: unit.periodStart,
      periodEnd: unit.periodEnd,
      at: unit.at,
      id: row.id,
      organisationId: row.organisationId,
      pointDeReseau: row.pointDeReseau,
      input: JSON.stringify(row.input),
      result: row.resultJson ?? JSON.stringify(row.result),
      gridDates: JSON.stringify(row.gridDates),
      dateEffet: row.dateEffet,
      usedSampleData: row.usedSampleData,
      annualNetworkEuros: annualNetworkEurosOf(row.result),
      siteId: row.siteId ?? null,
      createdAt: row.createdAt.toISOString(),
    };
    if (row.userId !== unit.userId) {
      throw new Error('a simulation is paid by its own user');
    }
    const rows = await (unit.limit === null
      ? unlimited.execute(values)
      : limited.execute({ ...values, limit: unit.limit }));
    return rows[0]?.used ?? null;
  };
}

export async function findSimulation(db: Database, id: string): Promise<SimulationRecord | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).limit(1);
  return toRecord(row);
}

/** The stored PDF of a simulation for this renderer version, if it was rendered before (ADR 0018). */
export async function findSimulationPdf(
  db: Database,
  simulationId: string,
  rendererVersion: string,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ bytes: simulationPdfs.bytes })
    .from(simulationPdfs)
    .where(and(eq(simulationPdfs.simulationId, simulationId), eq(simulationPdfs.rendererVersion, rendererVersion)))
    .limit(1);
  return row?.bytes;
}

/** Keeps the rendered PDF (a concurrent render of the same version wins, the bytes being equivalent). */
export async function storeSimulationPdf(
  db: Database,
  simulationId: string,
  rendererVersion: string,
  bytes: Uint8Array,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(simulationPdfs)
      .where(and(eq(simulationPdfs.simulationId, simulationId), ne(simulationPdfs.rendererVersion, rendererVersion)));
    await tx.insert(simulationPdfs).values({ simulationId, rendererVersion, bytes }).onConflictDoNothing();
  });
}

/** The user's most recent simulation (index on user_id, created_at). */
export async function findLastSimulation(db: Database, userId: string): Promise<SimulationRecord | undefined> {
  const [row] = await db
    .select()
    .from(simulations)
    .where(eq(simulations.userId, userId))
    .orderBy(desc(simulations.createdAt))
    .limit(1);
  return toRecord(row);
}

/** One row of the list `GET /api/simulator/`: read inside the stored json, without the ~17 kB result (ADR 0047). */
export interface SimulationSummaryRow {
  id: string;
  createdAt: Date;
  pointDeReseau: string;
  code: string | null;
  commune: string | null;
  tarif: string | null;
  profil: string | null;
  dateEffet: string;
  totalFixeMensuel: string | null;
  totalFixeAnnuel: string | null;
  usedSampleData: boolean;
}

/** An organisation's simulations (ADR 0066), newest first, one page of them, and how many there are in all. */
export async function findSimulationsOf(
  db: Database,
  organisationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SimulationSummaryRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: simulations.id,
        createdAt: simulations.createdAt,
        pointDeReseau: simulations.pointDeReseau,
        code: sql<string | null>`${simulations.input}->'form'->>'code'`,
        commune: sql<string | null>`${simulations.input}->'form'->>'commune'`,
        tarif: sql<string | null>`${simulations.input}->'form'->>'tarif'`,
        profil: sql<string | null>`${simulations.input}->'form'->>'profil'`,
        dateEffet: simulations.dateEffet,
        totalFixeMensuel: sql<string | null>`${simulations.result}->'mensuel'->>'totalFixe'`,
        totalFixeAnnuel: sql<string | null>`${simulations.result}->'annuel'->>'totalFixe'`,
        usedSampleData: simulations.usedSampleData,
      })
      .from(simulations)
      .where(eq(simulations.organisationId, organisationId))
      .orderBy(desc(simulations.createdAt), desc(simulations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(simulations).where(eq(simulations.organisationId, organisationId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
