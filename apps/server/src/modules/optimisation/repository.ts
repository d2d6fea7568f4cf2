import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optimisations } from '../../db/schema.ts';

/** A stored optimisation's summary (ADR 0037): its request and whole answer (ADR 0064) left in the table. */
export type OptimisationRecord = Omit<typeof optimisations.$inferSelect, 'input' | 'result'>;

const { input: _input, result: _result, ...summaryColumns } = getTableColumns(optimisations);

export async function insertOptimisation(db: Database, row: typeof optimisations.$inferInsert): Promise<void> {
  await db.insert(optimisations).values(row);
}

/** The user's most recent optimisation, its summary only (index on user_id, created_at). */
export async function findLastOptimisation(db: Database, userId: string): Promise<OptimisationRecord | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(optimisations)
    .where(eq(optimisations.userId, userId))
    .orderBy(desc(optimisations.createdAt))
    .limit(1);
  return row;
}
