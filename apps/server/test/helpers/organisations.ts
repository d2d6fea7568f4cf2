import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';
import { organisationMembers, organisations } from '../../src/db/schema.ts';

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

/** The identity a checkout asks for (ADR 0078), written on the user's personal organisation. */
export const TEST_ORGANISATION_IDENTITY = {
  siren: '732829320',
  vatNumber: 'FR44732829320',
  address: {
    label: '8 Boulevard du Port 80000 Amiens',
    address: '8 Boulevard du Port',
    postal_code: '80000',
    city: 'Amiens',
    citycode: '80021',
  },
};

export async function completeIdentityOf(db: Executor, userId: string): Promise<string> {
  const organisationId = await personalOrganisationOf(db, userId);
  await db.update(organisations).set(TEST_ORGANISATION_IDENTITY).where(eq(organisations.id, organisationId));
  return organisationId;
}
