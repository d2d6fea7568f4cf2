import { randomBytes } from 'node:crypto';
import type { ContactTopic } from '@pilote/contracts';
import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  company: string;
  topic: ContactTopic;
  message: string;
  createdAt: Date;
}

export async function insertContactMessage(
  db: Database,
  input: Omit<ContactMessageRow, 'id' | 'createdAt'>,
): Promise<ContactMessageRow> {
  const [row] = await db
    .insert(contactMessages)
    .values({ id: randomBytes(16).toString('hex'), ...input })
    .returning();
  if (!row) {
    throw new Error('contact message not inserted');
  }
  // The CHECK constraint on topic guarantees the union.
  return row as ContactMessageRow;
}

export async function findContactMessages(
  db: Database,
  options: { limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { rows: rows as ContactMessageRow[], total: totals[0]?.total ?? 0 };
}
