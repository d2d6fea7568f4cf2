// What `npm start` does once the configuration is read: open and migrate the database (PGlite: take the folder's
// lock), build the app, open the control channel for operator commands (PGlite only, ADR 0017) and listen.
// server.ts calls it; tests call it to run a real server in their own process.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { channelCommands } from './cli/commands.ts';
import { type ControlChannel, startControlChannel } from './cli/control-channel.ts';
import type { Config } from './config/env.ts';
import { resolveAppSecret } from './config/secrets.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openAndMigrate } from './db/open-configured.ts';
import { recordStart } from './modules/instance/repository.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  channel: ControlChannel | undefined;
  instanceId: string;
  secretSource: 'env' | 'file' | 'generated';
}

/** Throws DataDirLockedError / DatabaseUnavailableError (French messages) when the database cannot be had. */
export async function startServer(
  config: Config,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<RunningServer> {
  const database = await openAndMigrate(config, 'serveur');
  let channel: ControlChannel | undefined;
  try {
    const instance = await recordStart(database.db);
    const { secret, source } = await resolveAppSecret(config.appSecret, config.dataDir);
    const app = await buildApp({
      config,
      database,
      secret,
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
    });
    if (database.kind === 'pglite') {
      channel = await startControlChannel({
        dataDir: config.dataDir,
        commands: channelCommands,
        context: { config, db: database.db },
        logger: app.log,
      });
    }
    app.addHook('onClose', async () => {
      await channel?.close();
      await database.close();
    });
    await app.listen({ host: config.host, port: config.port });
    // Jobs run in every instance with JOBS_ENABLED (default); app.close() stops them before the database closes.
    if (config.jobs.enabled) {
      app.jobs.start();
    }
    return { app, database, channel, instanceId: instance.id, secretSource: source };
  } catch (error) {
    await channel?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
