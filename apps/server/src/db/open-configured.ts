import path from 'node:path';
import type { Config } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

/** PGlite under DATA_DIR when DATABASE_URL is unset, else a PostgreSQL pool. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.databasePoolMax,
  });
}
