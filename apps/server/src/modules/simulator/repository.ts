import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { simulationPdfs, simulations } from '../../db/schema.ts';

export type SimulationRecord = typeof simulations.$inferSelect;

export async function insertSimulation(db: Database, row: typeof simulations.$inferInsert): Promise<void> {
  await db.insert(simulations).values(row);
}

export async function findSimulation(db: Database, id: string): Promise<SimulationRecord | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).limit(1);
  return row;
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
  return row;
}
