// `npm run db:migrate`: applies the committed migrations to the configured database, then exits.
import { ConfigError, loadConfig } from '../config/env.ts';
import { runMigrations } from './migrate.ts';
import { openConfiguredDatabase } from './open-configured.ts';

try {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  await runMigrations(handle);
  await handle.close();
  console.log(`Migrations appliquées (${config.databaseUrl ? 'PostgreSQL' : `PGlite dans ${config.dataDir}`}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
