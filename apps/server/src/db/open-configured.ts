import path from 'node:path';
import type { Config } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

/** The PGlite folder under DATA_DIR (its lock is `DATA_DIR/pglite.lock`). */
export function pgliteDirOf(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/**
 * PGlite under DATA_DIR when DATABASE_URL is unset (locked for this process), else a PostgreSQL pool. `thread`: PGlite
 * in a worker thread (the server, with PGLITE_THREAD, ADR 0042); operator commands keep it in their own thread.
 */
export function openConfiguredDatabase(
  config: Config,
  purpose = 'processus',
  options: { thread?: boolean } = {},
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config),
    poolMax: config.databasePoolMax,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    healthTimeoutMs: config.databaseTimeouts.healthMs,
    purpose,
    pgliteThread: options.thread ?? false,
  });
}

/** PostgreSQL did not answer (stalled, refused, bad credentials): the message names DATABASE_URL. */
export class DatabaseUnavailableError extends Error {
  constructor(databaseUrl: string, cause: unknown, connectTimeoutMs: number) {
    let where = 'DATABASE_URL';
    try {
      const url = new URL(databaseUrl);
      where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
    } catch {
      // keep the variable name only
    }
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const detail = (cause as Error | undefined)?.message ?? String(cause);
    const reason =
      code === 'ECONNREFUSED'
        ? 'connexion refusée'
        : /timeout|n'a pas répondu/i.test(detail)
          ? `pas de réponse en ${connectTimeoutMs} ms`
          : detail;
    super(
      // Our words for the usual causes; anything else (authentication, unknown database…) as the driver says it.
      `Base PostgreSQL injoignable (DATABASE_URL → ${where}) : ${reason}. Vérifiez DATABASE_URL et que le serveur PostgreSQL répond (délai : DATABASE_CONNECT_TIMEOUT_MS).`,
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Opens the configured database and applies the migrations: what the server and every operator command do
 * first. On PostgreSQL a connection that does not come within DATABASE_CONNECT_TIMEOUT_MS (stalled server)
 * fails with DatabaseUnavailableError instead of waiting for ever.
 */
export async function openAndMigrate(
  config: Config,
  purpose: string,
  options: { thread?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle = await openConfiguredDatabase(config, purpose, options);
  try {
    if (handle.kind === 'postgres' && config.databaseUrl) {
      try {
        await handle.ping(config.databaseTimeouts.connectMs + 500);
      } catch (error) {
        throw new DatabaseUnavailableError(config.databaseUrl, error, config.databaseTimeouts.connectMs);
      }
    }
    await runMigrations(handle);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * The server's database, opened and migrated: PGlite's statements run in a worker thread unless PGLITE_THREAD=false
 * (ADR 0042).
 */
export function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  return openAndMigrate(config, 'serveur', { thread: config.pgliteThread });
}
