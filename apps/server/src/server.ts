// Entry point: reads the configuration, opens and migrates the database, builds the app and listens.
// Everything else lives in app.ts so that tests build the same app without listening.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { resolveAppSecret } from './config/secrets.ts';
import { runMigrations } from './db/migrate.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { recordStart } from './modules/instance/repository.ts';

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

  const database = await openConfiguredDatabase(config);
  await runMigrations(database);
  const instance = await recordStart(database.db);
  const { secret, source } = await resolveAppSecret(config.appSecret, config.dataDir);

  const app = await buildApp({ config, database, secret });
  app.addHook('onClose', async () => {
    await database.close();
  });
  if (source === 'generated' && config.nodeEnv === 'production') {
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

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, instance: instance.id, dataDir: config.dataDir, env: config.appEnv },
    `Pilote Énergie prêt sur ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error('Échec du démarrage :', error);
  process.exit(1);
});
