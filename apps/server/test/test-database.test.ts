import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { findMigrationsFolder } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers/test-database.ts';

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
