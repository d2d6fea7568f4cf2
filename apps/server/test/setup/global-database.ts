// Vitest globalSetup of the server project: migrate once, copy many (ADR 0019).
// - PGlite: one in-memory database is migrated and dumped to a tarball (pglite-snapshot.ts, shared with the
//   server-bundle project; also dumped before each migration test's point, and kept between runs under a hash of
//   the migrations, ADR 0088); every test file then opens its own copy with `new PGlite({ loadDataDir })` (no
//   initdb, no migrations).
// - PostgreSQL (TEST_DATABASE_URL set): one migrated template database; every test file gets
//   `CREATE DATABASE … TEMPLATE <it>` (a file copy, milliseconds). Dropped at the end of the run.
// createTestDatabase() falls back to migrating a fresh database when this setup did not run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { sharedPgliteSnapshot } from './pglite-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory. */
    pgliteSnapshot: string;
    /** Name of a migrated PostgreSQL database on the TEST_DATABASE_URL server, used as TEMPLATE. */
    postgresTemplate: string;
  }
}

async function postgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `pe_test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // runMigrations holds one connection for its advisory lock and migrates through another. Every connection to
  // the template is closed (handle.close) before any test file copies it.
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  return {
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [snapshot, template] = await Promise.all([
    sharedPgliteSnapshot(),
    adminUrl ? postgresTemplate(adminUrl) : Promise.resolve(undefined),
  ]);
  project.provide('pgliteSnapshot', snapshot.file);
  if (template) {
    project.provide('postgresTemplate', template.name);
  }
  return async () => {
    await template?.drop();
    await snapshot.release();
  };
}
