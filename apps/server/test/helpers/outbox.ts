import { and, desc, eq, like } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema.ts';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Mails are sent in the background (no timing difference in answers): poll the outbox for a while. */
export async function waitForMail(
  db: Database,
  to: string,
  subjectContains: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<StoredMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  while (Date.now() < deadline) {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subjectContains}%`)))
      .orderBy(desc(mailOutbox.createdAt));
    const fresh = rows.filter((row) => row.createdAt.getTime() >= (options.after ?? 0));
    if (fresh[0]) {
      return fresh[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${to} with "${subjectContains}" in the outbox`);
}

export async function mailsTo(db: Database, to: string): Promise<StoredMail[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** better-auth links point at PUBLIC_URL; inject() wants the path and query. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
