// What `npm start` does once the configuration is read: open and migrate the database (PGlite: take the folder's
// lock), build the app, open the control channel for operator commands (PGlite only, ADR 0017) and listen.
// server.ts calls it; tests call it to run a real server in their own process.

import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, resolveMandateSecrets } from './app.ts';
import { channelCommands } from './cli/commands.ts';
import { type ControlChannel, startControlChannel } from './cli/control-channel.ts';
import type { Config } from './config/env.ts';
import { resolveAppSecret } from './config/secrets.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openServerDatabase } from './db/open-configured.ts';
import { recordStart } from './modules/instance/repository.ts';
import { prepareMandateFonts } from './modules/mandates/render.ts';
import { warmOfficialTables } from './modules/reference-data/source.ts';
import { checkInWorker } from './modules/reference-data/worker-check.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  channel: ControlChannel | undefined;
  instanceId: string;
  secretSource: 'env' | 'file' | 'generated';
}

/**
 * Throws DataDirLockedError / DatabaseUnavailableError (French messages) when the database cannot be had.
 * `database`: its opening, already under way (server.ts starts it before loading this module); else opened here.
 */
export async function startServer(
  config: Config,
  options: { logger?: FastifyServerOptions['logger']; database?: Promise<DatabaseHandle> } = {},
): Promise<RunningServer> {
  const database = await (options.database ?? openServerDatabase(config));
  let channel: ControlChannel | undefined;
  try {
    const instance = await recordStart(database.db);
    const { secret, source } = await resolveAppSecret(config.appSecret, config.dataDir);
    // Mandate keys and sealing certificate: from the environment, or generated once into DATA_DIR (ADR 0031).
    const mandateSecrets = await resolveMandateSecrets(config);
    const app = await buildApp({
      config,
      database,
      secret,
      mandateSecrets,
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
    });
    if (database.kind === 'pglite') {
      channel = await startControlChannel({
        dataDir: config.dataDir,
        commands: channelCommands,
        // Imports sent by `tariffs:import` are checked in a worker thread, like the panel's (ADR 0025).
        context: { config, db: database.db, checkReferenceFile: checkInWorker },
        logger: app.log,
      });
    }
    app.addHook('onClose', async () => {
      await channel?.close();
      await database.close();
    });
    // The OpenAPI document is generated on its first call (~0.25 s of one thread here, several times that on a
    // loaded machine): generated before listening, it cannot hold the event loop of a server taking requests, where
    // the lag would make load shedding answer 503 to everyone else (seen in the browser tests at start).
    await app.ready();
    app.swagger();
    // Likewise the official PITD / Zi tables shipped with the server (ADR 0051), read once per process.
    warmOfficialTables();
    await app.listen({ host: config.host, port: config.port });
    // Jobs run in every instance with JOBS_ENABLED (default); app.close() stops them before the database closes.
    if (config.jobs.enabled) {
      app.jobs.start();
    }
    // The mandate PDF's fonts, subset in a worker thread while the server already answers (not in the unit tests'
    // in-process servers: nothing there signs a mandate and each would pay the subsetting).
    if (config.appEnv !== 'test') {
      void prepareMandateFonts();
    }
    return { app, database, channel, instanceId: instance.id, secretSource: source };
  } catch (error) {
    await channel?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
