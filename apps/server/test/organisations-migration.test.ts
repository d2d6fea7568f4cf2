/** Migration 0016 (ADR 0061) on a database that already has users: each gets a personal organisation it owns. */

import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.ts';
import { findMigrationsFolder, runMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

/** A copy of the migrations folder that stops before 0016. */
async function foldersBefore0016(): Promise<{ before: string; cleanUp: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pe-migrations-'));
  await cp(findMigrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 16);
  await writeFile(journalFile, JSON.stringify(journal));
  return { before: dir, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

async function openEmpty(kind: 'pglite' | 'postgres'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const client = new PGlite();
    await client.waitReady;
    const handle: DatabaseHandle = {
      db: drizzle({ client, schema }),
      kind: 'pglite',
      pglite: client,
      ping: async () => {},
      close: () => client.close(),
    };
    return { handle, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `pe_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

describe.each(testDatabaseKinds())('migration 0016 on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmpty>>;
  let folders: Awaited<ReturnType<typeof foldersBefore0016>>;

  beforeAll(async () => {
    folders = await foldersBefore0016();
    database = await openEmpty(kind);
    await runMigrations(database.handle, folders.before);
    await database.handle.db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('u1', 'Alice Martin', 'alice@exemple.fr', true, '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z'),
        ('u2', '  ', 'bob.durand@exemple.fr', true, '2025-03-04T10:00:00Z', '2025-03-04T10:00:00Z')`);
    await runMigrations(database.handle);
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
    await folders?.cleanUp();
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
