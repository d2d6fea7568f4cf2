import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateCommand } from '../src/cli/admin-create.ts';
import { adminRoleCommand } from '../src/cli/admin-role.ts';
import { users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { createEntitlements } from '../src/modules/plans/entitlements.ts';
import { createQuota } from '../src/modules/plans/quota.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Very-Strong-Pass1';

interface Usage {
  user: { tier: string };
  features: { type: string; name: string; limit?: number | null; allowed?: boolean }[];
}

/** Spec §6: the admin tier is unlimited, every capability allowed. */
function expectAdminTier(usage: Usage): void {
  expect(usage.user.tier).toBe('admin');
  for (const feature of usage.features) {
    if (feature.type === 'quota') {
      expect(feature.limit, feature.name).toBeNull();
    } else {
      expect(feature.allowed, feature.name).toBe(true);
    }
  }
}

describe.each(testDatabaseKinds())('administrators have the admin tier (spec §6, issue #21 §4) (%s)', (kind) => {
  let t: TestApp;
  let passwordHash: string;

  async function signIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    return client;
  }
  const storedTier = async (email: string) =>
    (await t.database.handle.db.select({ tier: users.tier }).from(users).where(eq(users.email, email)))[0]?.tier;
  const context = () => ({ config: t.config, db: t.database.handle.db });

  beforeAll(async () => {
    t = await createTestApp(kind);
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('npm run admin:create makes an administrator on the admin tier: unlimited, monthly capacities allowed', async () => {
    await adminCreateCommand.execute({ email: 'chef@exemple.fr', password: PASSWORD, name: 'Chef' }, context());
    expect(await storedTier('chef@exemple.fr')).toBe('admin');
    const chef = await signIn('chef@exemple.fr');
    const usage = await chef.get('/api/account/usage/');
    expect(usage.statusCode).toBe(200);
    expectAdminTier(usage.json());
    // What the optimisation asks of the plan (docs/plans.md), as its service asks it: monthly capacities (forbidden
    // on free) and four optimisations (three a month on free).
    const quota = createQuota({
      db: t.database.handle.db,
      entitlements: createEntitlements({ db: t.database.handle.db }),
    });
    const [chefRow] = await t.database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'chef@exemple.fr'));
    const chefId = chefRow?.id ?? '';
    await quota.requireAllowed(chefId, 'monthly_capacities');
    for (let run = 0; run < 4; run += 1) {
      await quota.run(chefId, 'optimisations', async () => {});
    }
    expect((await chef.get('/api/account/usage/')).json().features).toContainEqual(
      expect.objectContaining({ name: 'optimisations', used: 4, limit: null }),
    );
  });

  it('npm run admin:role --role admin gives the admin tier, and taking the role away gives free back', async () => {
    await insertVerifiedUser(t.database.handle.db, {
      email: 'promu@exemple.fr',
      name: 'P',
      role: 'user',
      passwordHash,
    });
    expect(await storedTier('promu@exemple.fr')).toBe('free');
    await adminRoleCommand.execute({ email: 'promu@exemple.fr', role: 'admin' }, context());
    expect(await storedTier('promu@exemple.fr')).toBe('admin');
    const promoted = await signIn('promu@exemple.fr');
    expectAdminTier((await promoted.get('/api/account/usage/')).json());

    await adminRoleCommand.execute({ email: 'promu@exemple.fr', role: 'staff' }, context());
    expect(await storedTier('promu@exemple.fr')).toBe('free');
    expect((await promoted.get('/api/account/usage/')).json().user.tier).toBe('free');
  });

  it('a promotion in the admin panel gives the admin tier, recorded as a plan event of source role', async () => {
    const admin = await signIn('chef@exemple.fr');
    const user = await insertVerifiedUser(t.database.handle.db, {
      email: 'panel@exemple.fr',
      name: 'Panel',
      role: 'user',
      passwordHash,
    });
    const promotion = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'admin' });
    expect(promotion.statusCode, promotion.body).toBe(200);
    expect(promotion.json().user).toMatchObject({ role: 'admin', tier: 'admin' });
    expectAdminTier((await (await signIn('panel@exemple.fr')).get('/api/account/usage/')).json());
    const events = (await admin.get(`/api/admin/users/${user.id}/plan-events`)).json();
    expect(events.items[0]).toMatchObject({ source: 'role', from_tier: 'free', to_tier: 'admin' });
  });

  it('an administrator made before this rule (admin role, free tier stored) is on the admin tier too', async () => {
    await insertVerifiedUser(t.database.handle.db, {
      email: 'ancien@exemple.fr',
      name: 'A',
      role: 'admin',
      passwordHash,
    });
    await t.database.handle.db.update(users).set({ tier: 'free' }).where(eq(users.email, 'ancien@exemple.fr'));
    expectAdminTier((await (await signIn('ancien@exemple.fr')).get('/api/account/usage/')).json());
  });
});
