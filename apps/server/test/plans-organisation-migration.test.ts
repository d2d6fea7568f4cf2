/**
 * Migration 0024 (ADR 0078) on a database at 0023 with every plan table filled: each user's tier, subscription,
 * trial, usage counters, plan events and demonstration-provider records move to their personal organisation —
 * even when another organisation is active, or the user belongs to none (they get one) — and nothing is lost.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('migration 0024 on %s', (kind) => {
  let database: MigrationDatabase;
  const personal = new Map<string, string>();
  const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(database.handle.db, query);

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 24);
    const { db } = database.handle;
    await db.execute(sql`
      insert into users (id, name, email, email_verified, tier, role, created_at, updated_at) values
        ('alice', 'Alice Martin', 'alice@exemple.fr', true, 'premium', 'user', '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z'),
        ('bob', 'Bob Durand', 'bob@exemple.fr', true, 'business_trial', 'user', '2025-02-02T10:00:00Z', '2025-02-02T10:00:00Z'),
        ('root', 'Root Admin', 'root@exemple.fr', true, 'admin', 'admin', '2025-03-02T10:00:00Z', '2025-03-02T10:00:00Z'),
        ('dan', 'Dan Roux', 'dan@exemple.fr', true, 'basic', 'user', '2025-04-02T10:00:00Z', '2025-04-02T10:00:00Z')`);
    for (const row of await q<{ user_id: string; organisation_id: string }>(
      sql`select user_id, organisation_id from organisation_members`,
    )) {
      personal.set(row.user_id, row.organisation_id);
    }
    // Alice is active in a company she joined as member: her plan stays with her personal organisation.
    await db.execute(sql`
      insert into organisations (id, name, created_at, updated_at)
        values ('company', 'Durand Industries', '2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z')`);
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, role, created_at)
        values ('company', 'bob', 'owner', '2025-06-01T10:00:00Z'), ('company', 'alice', 'member', '2025-06-02T10:00:00Z')`);
    await db.execute(sql`update active_organisations set organisation_id = 'company' where user_id = 'alice'`);
    // Dan belongs to no organisation any more.
    await db.execute(sql`delete from organisations where id = ${personal.get('dan')}`);
    const start = '2026-11-01T00:00:00+01:00';
    const end = '2026-12-01T00:00:00+01:00';
    await db.execute(sql`
      insert into usage_counters (user_id, feature, period_start, period_end, used) values
        ('alice', 'simulations', ${start}, ${end}, 7), ('alice', 'optimisations', ${start}, ${end}, 2),
        ('alice', 'simulations', '2026-10-01T00:00:00+02:00', ${start}, 19),
        ('bob', 'simulations', ${start}, ${end}, 3), ('root', 'simulations', ${start}, ${end}, 500),
        ('dan', 'mandates', ${start}, ${end}, 1)`);
    await db.execute(sql`
      insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status,
        current_period_start, current_period_end, cancel_at_period_end) values
        ('alice', 'stripe', 'cus_a', 'sub_a', 'premium', 'active', ${start}, ${end}, false),
        ('dan', 'local', 'cus_local_d', 'sub_local_d', 'basic', 'active', ${start}, ${end}, true)`);
    await db.execute(sql`
      insert into business_trials (user_id, started_at, ends_at) values
        ('bob', '2026-11-20T10:00:00Z', '2026-12-04T10:00:00Z'), ('alice', '2026-01-01T10:00:00Z', '2026-01-15T10:00:00Z')`);
    await db.execute(sql`
      insert into plan_events (id, user_id, kind, source, from_tier, to_tier) values
        ('e1', 'alice', 'tier_change', 'stripe', 'free', 'premium'), ('e2', 'dan', 'tier_change', 'local', 'free', 'basic')`);
    await db.execute(sql`
      insert into local_billing_subscriptions (id, user_id, customer_id, plan, status, current_period_start,
        current_period_end, cancel_at_period_end) values
        ('sub_local_d', 'dan', 'cus_local_d', 'basic', 'active', ${start}, ${end}, true)`);
    await db.execute(sql`
      insert into local_billing_sessions (id, user_id, kind, plan, status, subscription_id, expires_at) values
        ('cs_local_d', 'dan', 'checkout', 'basic', 'completed', 'sub_local_d', ${end})`);
    await runMigrations(database.handle);
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function personalOf(user: string): Promise<string> {
    const known = personal.get(user);
    if (known && user !== 'dan') {
      return known;
    }
    const [row] = await q<{ organisation_id: string }>(
      sql`select organisation_id from organisation_members where user_id = ${user} and role = 'owner'`,
    );
    return row?.organisation_id ?? '';
  }

  it('gives each personal organisation its user’s tier; an administrator’s stays their role’s', async () => {
    const tiers = new Map(
      (await q<{ id: string; tier: string }>(sql`select id, tier from organisations`)).map((r) => [r.id, r.tier]),
    );
    expect(tiers.get(await personalOf('alice'))).toBe('premium');
    expect(tiers.get(await personalOf('bob'))).toBe('business_trial');
    expect(tiers.get(await personalOf('root'))).toBe('free');
    expect(tiers.get(await personalOf('dan'))).toBe('basic');
    expect(tiers.get('company')).toBe('free');
  });

  it('moves every counter, as it was, to the personal organisation', async () => {
    const rows = await q<{ organisation_id: string; feature: string; used: number; period_start: Date | string }>(
      sql`select organisation_id, feature, used, period_start from usage_counters order by used`,
    );
    expect(rows).toHaveLength(6);
    const alice = await personalOf('alice');
    expect(rows.filter((r) => r.organisation_id === alice).map((r) => r.used)).toEqual([2, 7, 19]);
    expect(rows.find((r) => r.used === 3)?.organisation_id).toBe(await personalOf('bob'));
    expect(rows.find((r) => r.used === 500)?.organisation_id).toBe(await personalOf('root'));
    expect(rows.find((r) => r.used === 1)?.organisation_id).toBe(await personalOf('dan'));
  });

  it('moves subscriptions, trials, plan events and the demonstration records', async () => {
    const subscriptions = await q<{
      organisation_id: string;
      user_id: string;
      subscription_id: string;
      interval: string;
    }>(
      sql`select organisation_id, user_id, subscription_id, interval from billing_subscriptions order by subscription_id`,
    );
    expect(subscriptions).toEqual([
      { organisation_id: await personalOf('alice'), user_id: 'alice', subscription_id: 'sub_a', interval: 'month' },
      { organisation_id: await personalOf('dan'), user_id: 'dan', subscription_id: 'sub_local_d', interval: 'month' },
    ]);
    const trials = await q<{ organisation_id: string; user_id: string }>(
      sql`select organisation_id, user_id from business_trials order by user_id`,
    );
    expect(trials).toEqual([
      { organisation_id: await personalOf('alice'), user_id: 'alice' },
      { organisation_id: await personalOf('bob'), user_id: 'bob' },
    ]);
    const events = await q<{ id: string; organisation_id: string }>(
      sql`select id, organisation_id from plan_events order by id`,
    );
    expect(events).toEqual([
      { id: 'e1', organisation_id: await personalOf('alice') },
      { id: 'e2', organisation_id: await personalOf('dan') },
    ]);
    const [local] = await q<{ organisation_id: string }>(sql`select organisation_id from local_billing_subscriptions`);
    const [session] = await q<{ organisation_id: string }>(sql`select organisation_id from local_billing_sessions`);
    expect(local?.organisation_id).toBe(await personalOf('dan'));
    expect(session?.organisation_id).toBe(await personalOf('dan'));
  });

  it('keys counters by organisation: one row per organisation, feature and period', async () => {
    const alice = await personalOf('alice');
    await expect(
      database.handle.db.execute(sql`
        insert into usage_counters (organisation_id, feature, period_start, period_end, used)
        values (${alice}, 'simulations', '2026-11-01T00:00:00+01:00', '2026-12-01T00:00:00+01:00', 1)`),
    ).rejects.toThrow();
  });
});
