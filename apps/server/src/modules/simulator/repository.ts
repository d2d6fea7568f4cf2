import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { simulations } from '../../db/schema.ts';

export type SimulationRecord = typeof simulations.$inferSelect;

export async function insertSimulation(db: Database, row: typeof simulations.$inferInsert): Promise<void> {
  await db.insert(simulations).values(row);
}

export async function findSimulation(db: Database, id: string): Promise<SimulationRecord | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).limit(1);
  return row;
}
