// `npm run db:migrate`: applies the committed migrations to the configured database, then exits. Never through
// the running server: it applied them when it started; stop it to apply new ones (ADR 0017).
import type { CliIo } from '../cli/command.ts';
import { formatFailure } from '../cli/command.ts';
import { loadConfig } from '../config/env.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openAndMigrate } from './open-configured.ts';

export async function main(args: string[], io: CliIo): Promise<number> {
  if (args.length > 0) {
    io.stderr.write(`Arguments inattendus : ${args.join(' ')}\n\nUsage : npm run db:migrate\n`);
    return 1;
  }
  try {
    const config = loadConfig(io.env);
    const handle = await openAndMigrate(config, 'db:migrate');
    await handle.close();
    io.stdout.write(
      `Migrations appliquées (${config.databaseUrl ? 'PostgreSQL' : `PGlite dans ${config.dataDir}`}).\n`,
    );
    return 0;
  } catch (error) {
    io.stderr.write(
      `${formatFailure(error)}${
        error instanceof DataDirLockedError ? '\nLe serveur applique lui-même les migrations à son démarrage.' : ''
      }\n`,
    );
    return 1;
  }
}
