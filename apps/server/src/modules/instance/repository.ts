import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appInstance } from '../../db/schema.ts';

export interface InstanceRecord {
  id: string;
  createdAt: Date;
  lastStartedAt: Date;
}

/** Returns this installation's record, creating it at the first start and stamping every later start. */
export async function recordStart(db: Database, now: Date = new Date()): Promise<InstanceRecord> {
  const [existing] = await db.select().from(appInstance).limit(1);
  if (existing) {
    const [updated] = await db
      .update(appInstance)
      .set({ lastStartedAt: now })
      .where(eq(appInstance.id, existing.id))
      .returning();
    return updated ?? existing;
  }
  const [created] = await db
    .insert(appInstance)
    .values({ id: randomUUID(), createdAt: now, lastStartedAt: now })
    .returning();
  if (!created) {
    throw new Error('app_instance insert returned nothing');
  }
  return created;
}
