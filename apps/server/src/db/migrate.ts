import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Schema } from './client.ts';

/** Arbitrary constant: the advisory lock that serialises migrations between instances sharing a database. */
const MIGRATION_LOCK_ID = 7_240_125;

/** Finds apps/server/drizzle from src/db (tsx) or from dist (bundled server). */
export function findMigrationsFolder(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) {
      return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`Dossier des migrations introuvable depuis ${from}`);
}

export async function runMigrations(handle: DatabaseHandle, migrationsFolder = findMigrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    if (handle.pgliteThread) {
      // PGlite in its thread, through node-postgres: one process holds the folder (its lock), so no advisory lock
      // (the pool's one connection could not hold it and migrate at once).
      await migratePg(handle.db as NodePgDatabase<Schema>, { migrationsFolder });
    } else {
      await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
    }
    return;
  }
  const pool = handle.pool;
  if (!pool) {
    throw new Error('PostgreSQL pool missing');
  }
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(handle.db as NodePgDatabase<Schema>, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}
