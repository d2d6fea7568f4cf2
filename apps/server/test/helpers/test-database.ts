import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases integration tests run against: always PGlite, and PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it). Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and, for PostgreSQL, drops the database created for this file. */
  destroy(): Promise<void>;
}

let snapshot: Promise<Blob> | undefined;

/** The migrated data directory dumped once per run by test/setup/global-database.ts (read once per file). */
export function migratedSnapshot(): Promise<Blob> | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) {
    return undefined;
  }
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * TEST_PGLITE_THREAD=true: every test file's PGlite runs in a worker thread behind node-postgres, as the server
 * runs it by default (ADR 0042). Off by default: the files are the same and the thread only adds start-up time.
 */
export const pgliteInThread = process.env.TEST_PGLITE_THREAD === 'true';

async function createPgliteDatabase(): Promise<TestDatabase> {
  if (pgliteInThread) {
    const handle = await openDatabase({
      pgliteThread: true,
      pgliteLoadDataDirFile: inject('pgliteSnapshot') || undefined,
    });
    if (!inject('pgliteSnapshot')) {
      await runMigrations(handle);
    }
    return { handle, destroy: () => handle.close() };
  }
  const loadDataDir = await migratedSnapshot();
  if (!loadDataDir) {
    // No global setup (a config without it): migrate a fresh in-memory database.
    const handle = await openDatabase({});
    await runMigrations(handle);
    return { handle, destroy: () => handle.close() };
  }
  const client = new PGlite({ loadDataDir });
  await client.waitReady;
  const handle: DatabaseHandle = {
    db: drizzle({ client, schema }),
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
  return { handle, destroy: () => handle.close() };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  const template = inject('postgresTemplate');
  const name = `pe_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  if (!template) {
    await runMigrations(handle);
  }
  return {
    handle,
    destroy: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database created
 * on the TEST_DATABASE_URL server (and dropped afterwards), so files never see each other's rows.
 * Both are copies of a database migrated once per run (test/setup/global-database.ts, ADR 0019).
 */
export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}
