import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optimisations } from '../../db/schema.ts';

export type OptimisationRecord = typeof optimisations.$inferSelect;

export async function insertOptimisation(db: Database, row: typeof optimisations.$inferInsert): Promise<void> {
  await db.insert(optimisations).values(row);
}

/** The user's most recent optimisation (index on user_id, created_at). */
export async function findLastOptimisation(db: Database, userId: string): Promise<OptimisationRecord | undefined> {
  const [row] = await db
    .select()
    .from(optimisations)
    .where(eq(optimisations.userId, userId))
    .orderBy(desc(optimisations.createdAt))
    .limit(1);
  return row;
}
