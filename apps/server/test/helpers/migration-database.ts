/**
 * A database stopped at an earlier migration, for migration tests: a copy of the migrations folder whose journal
 * ends before `index`, and an empty PGlite (or a fresh PostgreSQL database when TEST_DATABASE_URL is set). The
 * test migrates to the copy, writes its rows, then runs every migration (`runMigrations(handle)`).
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { findMigrationsFolder } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';

/** A copy of the migrations folder that stops before migration `index` (its journal's `idx`). */
export async function migrationsBefore(index: number): Promise<{ before: string; cleanUp: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pe-migrations-'));
  await cp(findMigrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  await writeFile(journalFile, JSON.stringify(journal));
  return { before: dir, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

/** An empty database of that kind, and how to drop it. */
export async function openEmptyDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
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
