import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { findMigrationsFolder } from '../src/db/migrate.ts';
import {
  createTestDatabase,
  pgliteCopiesOpened,
  type TestDatabase,
  testDatabaseKinds,
} from './helpers/test-database.ts';

// The harness (ADR 0019): every test file gets its own copy of the database migrated once per run.
const journal = JSON.parse(readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** First row of a raw query (both drivers answer `{ rows }`). */
async function firstRow<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await rowsOf<T>(database.handle.db, query))[0];
}

describe.each(testDatabaseKinds())('createTestDatabase on %s', (kind) => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
  });
  afterAll(async () => {
    await Promise.all([first?.destroy(), second?.destroy()]);
  });

  it('has every migration applied', async () => {
    for (const database of [first, second]) {
      const row = await firstRow<{ count: number }>(
        database,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(row?.count).toBe(journal.entries.length);
    }
  });

  it('gives each caller its own copy: a row written in one is not in the other', async () => {
    await first.handle.db.execute(sql`create table harness_probe (id int)`);
    await first.handle.db.execute(sql`insert into harness_probe values (1)`);
    const found = await firstRow<{ present: boolean }>(
      second,
      sql`select to_regclass('public.harness_probe') is not null as present`,
    );
    expect(found?.present).toBe(false);
  });
});

// ADR 0089: a PGlite copy given back by a file is emptied and handed to the next one instead of loading the dump again.
describe('a PGlite copy given back', () => {
  it('comes back empty to the next caller: rows, sequences and session settings gone', async () => {
    const used = await createTestDatabase('pglite');
    const client = used.handle.pglite;
    if (!client) {
      throw new Error('no PGlite');
    }
    await client.exec(`insert into users (id, name, email, email_verified, created_at, updated_at)
      values ('u-probe', 'Probe', 'probe@exemple.fr', true, now(), now())`);
    await client.exec(`set statement_timeout = 1234`);
    const sequences = await client.query<{ name: string }>(
      `select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences
        where sequence_schema <> 'drizzle'`,
    );
    for (const { name } of sequences.rows) {
      await client.query(`select nextval('${name}')`);
    }
    await used.destroy();
    // The file that gave it back can no longer reach it.
    expect(() => client.query('select 1')).toThrow(/given back/);

    const opened = pgliteCopiesOpened();
    const next = await createTestDatabase('pglite');
    expect(pgliteCopiesOpened(), 'the copy given back is handed out again').toBe(opened);
    try {
      const nextClient = next.handle.pglite;
      expect(nextClient).toBeDefined();
      const users = await nextClient?.query<{ count: number }>('select count(*)::int as count from users');
      expect(users?.rows[0]?.count).toBe(0);
      const timeout = await nextClient?.query<{ statement_timeout: string }>('show statement_timeout');
      expect(timeout?.rows[0]?.statement_timeout).toBe('0');
      for (const { name } of sequences.rows) {
        const value = await nextClient?.query<{ value: string }>(`select nextval('${name}')::text as value`);
        expect(value?.rows[0]?.value, name).toBe('1');
      }
      const migrations = await nextClient?.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrations?.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await next.destroy();
    }
  });

  it('is closed, not reused, when its file changed the schema', async () => {
    const used = await createTestDatabase('pglite');
    const client = used.handle.pglite;
    await client?.exec('create table harness_schema_probe (id int)');
    await used.destroy();
    const opened = pgliteCopiesOpened();
    const next = await createTestDatabase('pglite');
    expect(pgliteCopiesOpened(), 'a new copy is loaded').toBe(opened + 1);
    try {
      const found = await next.handle.pglite?.query<{ present: boolean }>(
        `select to_regclass('public.harness_schema_probe') is not null as present`,
      );
      expect(found?.rows[0]?.present).toBe(false);
    } finally {
      await next.destroy();
    }
  });
});
