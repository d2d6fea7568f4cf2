/** Migration 0016 (ADR 0061) on a database that already has users: each gets a personal organisation it owns. */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('migration 0016 on %s', (kind) => {
  let database: MigrationDatabase;

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 16);
    await database.handle.db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('u1', 'Alice Martin', 'alice@exemple.fr', true, '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z'),
        ('u2', '  ', 'bob.durand@exemple.fr', true, '2025-03-04T10:00:00Z', '2025-03-04T10:00:00Z')`);
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('gives every existing user one personal organisation they own and have active, named after them', async () => {
    const rows = await rowsOf<{ user_id: string; name: string; role: string; active: string | null; created: string }>(
      database.handle.db,
      sql`select m.user_id, o.name, m.role, a.organisation_id as active, o.created_at::text as created
          from organisation_members m join organisations o on o.id = m.organisation_id
          left join active_organisations a on a.user_id = m.user_id and a.organisation_id = o.id
          order by m.user_id`,
    );
    expect(rows.map(({ user_id, name, role }) => ({ user_id, name, role }))).toEqual([
      { user_id: 'u1', name: 'Alice Martin', role: 'owner' },
      { user_id: 'u2', name: 'bob.durand', role: 'owner' },
    ]);
    expect(rows.every((row) => row.active !== null)).toBe(true);
    expect(rows[0]?.created.startsWith('2025-01-02')).toBe(true);
  });

  it('gives a user inserted afterwards their own organisation in the same statement', async () => {
    await database.handle.db.execute(
      sql`insert into users (id, name, email) values ('u3', 'Chloé', 'chloe@exemple.fr')`,
    );
    const [row] = await rowsOf<{ name: string; role: string; members: number }>(
      database.handle.db,
      sql`select o.name, m.role, (select count(*)::int from organisation_members x where x.organisation_id = o.id) as members
          from organisation_members m join organisations o on o.id = m.organisation_id where m.user_id = 'u3'`,
    );
    expect(row).toEqual({ name: 'Chloé', role: 'owner', members: 1 });
  });
});
