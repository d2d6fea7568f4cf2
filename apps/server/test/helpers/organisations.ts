import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';
import { organisationMembers } from '../../src/db/schema.ts';

/**
 * The organisation a test user's rows go to when a test writes them directly (ADR 0066): the personal one the users
 * trigger made with them (the first they own).
 */
export async function personalOrganisationOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.role, 'owner')))
    .orderBy(asc(organisationMembers.createdAt))
    .limit(1);
  if (!row) {
    throw new Error(`no organisation owned by ${userId}`);
  }
  return row.organisationId;
}
