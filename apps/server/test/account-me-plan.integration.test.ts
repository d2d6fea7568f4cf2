/**
 * GET /api/account/me reports the plan that applies now (ADR 0078): the active organisation's, never the stored
 * users.tier (no longer the plan); an administrator keeps the unlimited admin tier whatever the organisation holds
 * (spec §6, ADR 0047).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMembers, organisations, usageCounters, users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { createEntitlements } from '../src/modules/plans/entitlements.ts';
import { createQuota } from '../src/modules/plans/quota.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Correct-Horse-9';

describe('GET /api/account/me and the organisation plan', () => {
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(role: 'user' | 'admin'): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `me-plan${counter}@exemple.fr`;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const user = await insertVerifiedUser(t.database.handle.db, { email, name: `Marc ${counter}`, role, passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: user.id };
  }

  async function tierOf(client: HttpClient): Promise<string> {
    const response = await client.get('/api/account/me');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ user: { tier: string } }>().user.tier;
  }

  it('is the active organisation plan, followed when the user switches organisation, not users.tier', async () => {
    const { client, id } = await signedIn('user');
    const db = t.database.handle.db;
    const personal = await personalOrganisationOf(db, id);
    // A stale stored tier: ADR 0078 no longer reads it.
    await db.update(users).set({ tier: 'basic' }).where(eq(users.id, id));
    await db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, personal));
    expect(await tierOf(client)).toBe('premium');

    const created = await client.post('/api/organisations/', { name: 'Filiale gratuite' });
    expect(created.statusCode, created.body).toBe(201);
    // The new organisation is the active one: its free plan applies.
    expect(await tierOf(client)).toBe('free');
    expect((await client.request('PUT', '/api/organisations/active', { organisationId: personal })).statusCode).toBe(
      200,
    );
    expect(await tierOf(client)).toBe('premium');
  });

  it('is admin for an administrator whatever the organisation holds', async () => {
    const { client, id } = await signedIn('admin');
    const db = t.database.handle.db;
    await db
      .update(organisations)
      .set({ tier: 'basic' })
      .where(eq(organisations.id, await personalOrganisationOf(db, id)));
    expect(await tierOf(client)).toBe('admin');
  });

  it('is free for a user in no organisation, whatever the stale users.tier says', async () => {
    const { client, id } = await signedIn('user');
    const db = t.database.handle.db;
    await db.update(users).set({ tier: 'premium' }).where(eq(users.id, id));
    await db.delete(organisationMembers).where(eq(organisationMembers.userId, id));
    expect(await tierOf(client)).toBe('free');
  });

  it('counts a unit on the organisation named (where the object is), not on the active one (ADR 0086)', async () => {
    const { client, id } = await signedIn('user');
    const db = t.database.handle.db;
    const personal = await personalOrganisationOf(db, id);
    const created = await client.post('/api/organisations/', { name: 'Filiale active' });
    expect(created.statusCode, created.body).toBe(201);
    const active = created.json<{ id: string }>().id;
    const quota = createQuota({ db, entitlements: createEntitlements({ db }) });
    const counted = await quota.run(id, 'invoice_audits', async (unit) => unit, personal);
    expect(counted.organisationId).toBe(personal);
    const used = async (organisationId: string) =>
      (
        await db
          .select({ used: usageCounters.used })
          .from(usageCounters)
          .where(and(eq(usageCounters.organisationId, organisationId), eq(usageCounters.feature, 'invoice_audits')))
      ).reduce((sum, row) => sum + row.used, 0);
    expect(await used(personal)).toBe(1);
    expect(await used(active)).toBe(0);
  });
});
