import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whatever the driver underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a repository function needs: the database or a transaction of it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** An executor that can open a transaction of its own: the database, or a transaction (a nested one is a savepoint). */
export type TransactionalExecutor = Executor & Pick<Database, 'transaction'>;

/**
 * The rows of a raw query. Both drivers (PGlite, node-postgres) answer `{ rows }`, but `Database` is generic over
 * the driver's result kind, so drizzle cannot type what `execute` returns: this is the one cast of raw rows
 * (ADR 0054); the caller names the columns its SQL selects.
 */
export async function rowsOf<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** `select 1`; rejects after `timeoutMs` (default: DatabaseOptions.healthTimeoutMs) if nothing answers. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Present for PostgreSQL: lets callers take a dedicated connection (advisory locks). */
  pool?: pg.Pool;
  /** PGlite in this thread (operator commands, tests). */
  pglite?: PGlite;
  /** PGlite in a worker thread (the server, ADR 0042): `db` speaks to it through a one-connection pg pool. */
  pgliteThread?: PgliteThread;
  /** Present for a PGlite folder: this process's lock on it (ADR 0017). */
  lock?: DataDirLock;
}

/** Defaults of DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_HEALTH_TIMEOUT_MS. */
export const DEFAULT_DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 30_000, healthMs: 2_000 } as const;

/** The database did not answer in time (or refused): carries a French message for the operator. */
export class DatabaseTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`la base de données n'a pas répondu en ${timeoutMs} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(timeoutMs)), timeoutMs);
  });
  // The losing query settles later on its own; its rejection must not become unhandled.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the PGlite database; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  poolMax?: number;
  /** PostgreSQL: give up connecting after this long (pg `connectionTimeoutMillis`). */
  connectTimeoutMs?: number;
  /** PostgreSQL: server-side `statement_timeout`; the client gives up one second later (`query_timeout`). */
  statementTimeoutMs?: number;
  /** Default timeout of ping() (GET /api/health). */
  healthTimeoutMs?: number;
  /** Who opens a PGlite folder, written in its lock (`serveur`, `admin:create`…). */
  purpose?: string;
  /**
   * PGlite only: run it in a worker thread (PGLITE_THREAD, ADR 0042) so that its WebAssembly work leaves the event
   * loop. Off by default here (operator commands, tests); the server turns it on.
   */
  pgliteThread?: boolean;
  /**
   * PGlite in a thread: start from this tarball of a data directory (tests' migrated snapshot), in memory or into a
   * `pgliteDir` that holds no database yet.
   */
  pgliteLoadDataDirFile?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const healthTimeoutMs = options.healthTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.healthMs;
  if (options.databaseUrl) {
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.statementMs;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // A stalled server (accepts, never answers) must not hang requests, /api/health or the start (ADR 0017).
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1_000,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async (timeoutMs = healthTimeoutMs) => {
        await withTimeout(pool.query('select 1'), timeoutMs);
      },
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    // Never two processes on one PGlite folder: throws DataDirLockedError naming the holder.
    lock = await acquireDataDirLock(options.pgliteDir, options.purpose ?? 'processus');
  }
  if (options.pgliteThread) {
    return openPgliteThread(options, lock, healthTimeoutMs);
  }
  let client: PGlite;
  try {
    client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
    await client.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ...(lock ? { lock } : {}),
    ping: async (timeoutMs = healthTimeoutMs) => {
      await withTimeout(client.query('select 1'), timeoutMs);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPgliteThread(
  options: DatabaseOptions,
  lock: DataDirLock | undefined,
  healthTimeoutMs: number,
): Promise<DatabaseHandle> {
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread({
      dataDir: options.pgliteDir,
      loadDataDirFile: options.pgliteLoadDataDirFile,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePg({ client: thread.pool, schema });
  return {
    db,
    kind: 'pglite',
    pgliteThread: thread,
    ...(lock ? { lock } : {}),
    ping: async (timeoutMs = healthTimeoutMs) => {
      await withTimeout(thread.pool.query('select 1'), timeoutMs);
    },
    close: async () => {
      try {
        await thread.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
