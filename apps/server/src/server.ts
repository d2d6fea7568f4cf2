// Entry point: reads the configuration and starts the server (start-server.ts); stops on signals.
// Everything else lives in app.ts so that tests build the same app without listening.
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DatabaseUnavailableError, openServerDatabase } from './db/open-configured.ts';
import type { RunningServer } from './start-server.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The database opens first (PGlite: the folder's lock, its thread starting, the migrations) while this thread
  // loads the rest of the server (start-server.ts: the app's modules and their dependencies, ~1 s of CPU here,
  // imported only now): on two cores the two overlap.
  const opening: Promise<DatabaseHandle> = openServerDatabase(config);
  // A rejection is handled where it is awaited (startServer, or below), not an unhandled rejection during the load.
  opening.catch(() => {});
  let running: RunningServer;
  try {
    const { startServer } = await import('./start-server.ts').catch(async (error: unknown) => {
      await opening.then((handle) => handle.close()).catch(() => {});
      throw error;
    });
    running = await startServer(config, { database: opening });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
      console.error(`Échec du démarrage : ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, instanceId, secretSource } = running;
  if (secretSource === 'generated' && config.nodeEnv === 'production') {
    app.log.warn(
      'APP_SECRET is not set: a secret was generated in DATA_DIR (set APP_SECRET when running several instances)',
    );
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'fatal error, shutting down');
    } else {
      app.log.info({ signal }, 'shutting down');
    }
    await app.close();
  });

  app.log.info(
    { database: database.kind, instance: instanceId, dataDir: config.dataDir, env: config.appEnv },
    `Pilote Énergie prêt sur ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error('Échec du démarrage :', error);
  process.exit(1);
});
