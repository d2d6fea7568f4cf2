/**
 * A database stopped at an earlier migration, for migration tests: `openDatabaseBefore(kind, N)` is a database
 * migrated up to migration N − 1; the test writes its rows, then runs every migration (`runMigrations(handle)`).
 *
 * PGlite: a copy of the dump the global setup made just before N (setup/pglite-snapshot.ts, ADR 0088), loaded in
 * memory (≈ 1.7 s of CPU, where creating a data directory and replaying the migrations took ≈ 6 s in the test's
 * hook). PostgreSQL (TEST_DATABASE_URL set): a new database migrated with a copy of the migrations folder that stops
 * before N (milliseconds per migration there).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';
import { MIGRATION_TEST_POINTS, type MigrationTestPoint, snapshotBeforeFile } from '../setup/pglite-snapshot.ts';
import { migrationsBefore } from './migrations-before.ts';

export { migrationsBefore };

export interface MigrationDatabase {
  handle: DatabaseHandle;
  /** Closes the database (and drops it on PostgreSQL). */
  drop: () => Promise<void>;
}

function pgliteHandle(client: PGlite): MigrationDatabase {
  const handle: DatabaseHandle = {
    db: drizzle({ client, schema }),
    kind: 'pglite',
    pglite: client,
    ping: async () => {},
    close: () => client.close(),
  };
  return { handle, drop: () => handle.close() };
}

/** An empty database of that kind, and how to drop it. */
export async function openEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<MigrationDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite();
    await client.waitReady;
    return pgliteHandle(client);
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

/**
 * A database of that kind migrated up to migration `index` − 1 (`index` is one of MIGRATION_TEST_POINTS, where the
 * global setup dumped the PGlite database).
 */
export async function openDatabaseBefore(
  kind: 'pglite' | 'postgres',
  index: MigrationTestPoint,
): Promise<MigrationDatabase> {
  if (!MIGRATION_TEST_POINTS.includes(index)) {
    throw new Error(`add ${index} to MIGRATION_TEST_POINTS (test/setup/pglite-snapshot.ts)`);
  }
  if (kind === 'pglite') {
    const folder = path.dirname(inject('pgliteSnapshot'));
    const client = new PGlite({ loadDataDir: new Blob([await readFile(snapshotBeforeFile(folder, index))]) });
    await client.waitReady;
    return pgliteHandle(client);
  }
  const database = await openEmptyDatabase(kind);
  const folders = await migrationsBefore(index);
  try {
    await runMigrations(database.handle, folders.before);
  } finally {
    await folders.cleanUp();
  }
  return database;
}
