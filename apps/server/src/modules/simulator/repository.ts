import type { SimulationResultDto } from '@pilote/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { simulationPdfs, simulations } from '../../db/schema.ts';
import { readStoredResult } from './stored-result.ts';

type SimulationRow = typeof simulations.$inferSelect;

/** A stored simulation, its result in today's shape whatever the row's age (`readStoredResult`, ADR 0041). */
export type SimulationRecord = Omit<SimulationRow, 'result'> & { result: SimulationResultDto };

function toRecord(row: SimulationRow | undefined): SimulationRecord | undefined {
  return row ? { ...row, result: readStoredResult(row.result) } : undefined;
}

export type SimulationInsert = Required<Omit<typeof simulations.$inferInsert, 'createdAt'>> & { createdAt: Date };

/** Inserts a simulation row; the statement is prepared once per database (ADR 0038): one per simulation. */
export function simulationInserter(db: Database): (row: SimulationInsert) => Promise<void> {
  const query = db
    .insert(simulations)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      pointDeReseau: sql.placeholder('pointDeReseau'),
      input: sql.placeholder('input'),
      result: sql.placeholder('result'),
      gridDates: sql.placeholder('gridDates'),
      dateEffet: sql.placeholder('dateEffet'),
      usedSampleData: sql.placeholder('usedSampleData'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare('simulations_insert');
  return async (row) => {
    await query.execute(row);
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

/** A user's simulations, newest first, one page of them, and how many there are in all. */
export async function findSimulationsOfUser(
  db: Database,
  userId: string,
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
      .where(eq(simulations.userId, userId))
      .orderBy(desc(simulations.createdAt), desc(simulations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(simulations).where(eq(simulations.userId, userId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
