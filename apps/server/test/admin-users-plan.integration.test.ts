/**
 * The admin users list shows the tier that applies to each user (ADR 0078), as the user's plan dialog does (GET
 * /api/admin/users/:id/plan) and as /api/account/me reports it: the plan of their active organisation (else their
 * oldest membership), free once a trial or a canceled subscription has ended, admin for an administrator — not the
 * stored users.tier, which is no longer the plan. The page stays one statement (and one for the total) whatever its
 * size: no statement per user.
 */
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import {
  activeOrganisations,
  billingSubscriptions,
  businessTrials,
  organisationMembers,
  organisations,
  users,
} from '../src/db/schema.ts';
import { findUsers, insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const DAY = 24 * 60 * 60 * 1000;

interface ListedUser {
  id: string;
  email: string;
  role: string;
  tier: string;
  organisation: { id: string; name: string } | null;
}

describe.each(testDatabaseKinds())('admin users list and the organisation plan (%s)', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let passwordHash: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'chef@exemple.fr',
      name: 'Chef',
      role: 'admin',
      passwordHash,
    });
    admin = new HttpClient(t.app);
    const signIn = await admin.post('/api/auth/sign-in/email', { email: 'chef@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newUser(role: 'user' | 'admin' = 'user'): Promise<{ id: string; email: string; personal: string }> {
    counter += 1;
    const email = `liste${counter}@exemple.fr`;
    const db = t.database.handle.db;
    const { id } = await insertVerifiedUser(db, { email, name: `Client ${counter}`, role, passwordHash });
    return { id, email, personal: await personalOrganisationOf(db, id) };
  }

  async function listed(email: string): Promise<ListedUser> {
    const response = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: ListedUser[] }>().items;
    expect(items).toHaveLength(1);
    return items[0] as ListedUser;
  }

  /** What the plan dialog shows for the user: the organisation and the user's tier in it. */
  async function dialog(id: string): Promise<{ tier: string; organisation: string }> {
    const response = await admin.get(`/api/admin/users/${id}/plan`);
    expect(response.statusCode, response.body).toBe(200);
    const plan = response.json<{ user: { tier: string }; organisation: { id: string } }>();
    return { tier: plan.user.tier, organisation: plan.organisation.id };
  }

  async function organisationNamed(name: string, tier: string): Promise<string> {
    const id = `org-${name.toLowerCase().replaceAll(' ', '-')}-${counter}`;
    await t.database.handle.db.insert(organisations).values({ id, name, tier });
    return id;
  }

  async function join(userId: string, organisationId: string, active: boolean): Promise<void> {
    const db = t.database.handle.db;
    await db.insert(organisationMembers).values({ organisationId, userId, role: 'member' });
    if (active) {
      await db
        .insert(activeOrganisations)
        .values({ userId, organisationId })
        .onConflictDoUpdate({ target: activeOrganisations.userId, set: { organisationId } });
    }
  }

  it('is the active organisation plan, as the plan dialog shows it, not the stored users.tier', async () => {
    const db = t.database.handle.db;
    const member = await newUser();
    const premium = await organisationNamed('Client Premium', 'premium');
    await join(member.id, premium, true);
    await db.update(users).set({ tier: 'basic' }).where(eq(users.id, member.id));

    expect(await listed(member.email)).toMatchObject({
      id: member.id,
      tier: 'premium',
      organisation: { id: premium, name: 'Client Premium' },
    });
    expect(await dialog(member.id)).toEqual({ tier: 'premium', organisation: premium });

    // Back to the personal organisation (free): the list follows.
    await db
      .update(activeOrganisations)
      .set({ organisationId: member.personal })
      .where(eq(activeOrganisations.userId, member.id));
    expect(await listed(member.email)).toMatchObject({ tier: 'free', organisation: { id: member.personal } });
    expect(await dialog(member.id)).toEqual({ tier: 'free', organisation: member.personal });
  });

  it('without a remembered active organisation, is the oldest membership’s plan, as the dialog reads it', async () => {
    const db = t.database.handle.db;
    const user = await newUser();
    await db.update(organisations).set({ tier: 'basic' }).where(eq(organisations.id, user.personal));
    const later = await organisationNamed('Filiale', 'premium');
    await join(user.id, later, false);
    await db.delete(activeOrganisations).where(eq(activeOrganisations.userId, user.id));

    expect(await listed(user.email)).toMatchObject({ tier: 'basic', organisation: { id: user.personal } });
    expect(await dialog(user.id)).toEqual({ tier: 'basic', organisation: user.personal });
  });

  it('is free once the trial has ended or a canceled subscription’s period has passed', async () => {
    const db = t.database.handle.db;
    const trialist = await newUser();
    await db.update(organisations).set({ tier: 'business_trial' }).where(eq(organisations.id, trialist.personal));
    const ended = new Date(Date.now() - DAY);
    await db.insert(businessTrials).values({
      organisationId: trialist.personal,
      userId: trialist.id,
      startedAt: new Date(ended.getTime() - 14 * DAY),
      endsAt: ended,
    });
    const canceled = await newUser();
    await db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, canceled.personal));
    await db.insert(billingSubscriptions).values({
      organisationId: canceled.personal,
      userId: canceled.id,
      provider: 'local',
      customerId: `cus-${canceled.id}`,
      subscriptionId: `sub-${canceled.id}`,
      plan: 'premium',
      status: 'active',
      currentPeriodStart: new Date(ended.getTime() - 30 * DAY),
      currentPeriodEnd: ended,
      cancelAtPeriodEnd: true,
    });
    const running = await newUser();
    await db.update(organisations).set({ tier: 'business_trial' }).where(eq(organisations.id, running.personal));
    await db.insert(businessTrials).values({
      organisationId: running.personal,
      userId: running.id,
      startedAt: new Date(),
      endsAt: new Date(Date.now() + 14 * DAY),
    });

    // The list is read first: the dialog records the expiries it finds.
    expect((await listed(trialist.email)).tier).toBe('free');
    expect((await listed(canceled.email)).tier).toBe('free');
    expect((await listed(running.email)).tier).toBe('business_trial');
    expect((await dialog(trialist.id)).tier).toBe('free');
    expect((await dialog(canceled.id)).tier).toBe('free');
    expect((await dialog(running.id)).tier).toBe('business_trial');
  });

  it('is admin for an administrator whatever their organisation holds or users.tier says, free in no organisation', async () => {
    const db = t.database.handle.db;
    const older = await newUser('admin');
    await db.update(users).set({ tier: 'free' }).where(eq(users.id, older.id));
    await db.update(organisations).set({ tier: 'basic' }).where(eq(organisations.id, older.personal));
    expect(await listed(older.email)).toMatchObject({
      role: 'admin',
      tier: 'admin',
      organisation: { id: older.personal },
    });
    expect((await dialog(older.id)).tier).toBe('admin');

    const alone = await newUser();
    await db.update(users).set({ tier: 'premium' }).where(eq(users.id, alone.id));
    await db
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.userId, alone.id), eq(organisationMembers.organisationId, alone.personal)));
    expect(await listed(alone.email)).toMatchObject({ tier: 'free', organisation: null });

    // A role change answers the user as the list shows them: demoted, the organisation's plan applies again.
    const demoted = await admin.patch(`/api/admin/users/${older.id}/role`, { role: 'user' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().user).toMatchObject({ role: 'user', tier: 'basic', organisation: { id: older.personal } });
  });

  it('reads a page in one statement (and one for the total), whatever its size', async () => {
    const handle = t.database.handle;
    let statements = 0;
    const logger = {
      logQuery: () => {
        statements += 1;
      },
    };
    const pool = handle.pool ?? handle.pgliteThread?.pool;
    const counting = (pool
      ? drizzlePg(pool, { schema, logger })
      : drizzlePglite({ client: handle.pglite as never, schema, logger })) as unknown as Database;
    const page = await findUsers(counting, { limit: 100, offset: 0 });
    expect(page.rows.length).toBeGreaterThan(5);
    expect(page.rows.some((row) => row.tier === 'premium' || row.tier === 'basic')).toBe(true);
    expect(statements).toBe(2);
  });
});
