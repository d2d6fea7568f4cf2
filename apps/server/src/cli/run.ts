import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';

/** A refusal with a French message for the operator; the script exits with code 1. */
export class CliError extends Error {}

/**
 * Runs an operator command against the configured database (DATABASE_URL, else PGlite in DATA_DIR), applying
 * the migrations first. Prints French messages; exits non-zero on bad input.
 */
export async function runCli<Input>(
  usage: string,
  options: Record<string, { type: 'string' }>,
  /** Checks the arguments before the database is opened (throws CliError). */
  validate: (values: Record<string, string | undefined>) => Input,
  command: (input: Input, context: { config: Config; db: Database }) => Promise<string>,
): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options, strict: true, allowPositionals: false }) as {
      values: Record<string, string | undefined>;
    });
  } catch (error) {
    console.error(`Arguments invalides : ${(error as Error).message}\n\n${usage}`);
    process.exit(1);
  }
  let handle: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
  try {
    const input = validate(values);
    const config = loadConfig();
    handle = await openConfiguredDatabase(config);
    await runMigrations(handle);
    console.log(await command(input, { config, db: handle.db }));
    await handle.close();
  } catch (error) {
    await handle?.close().catch(() => {});
    if (error instanceof CliError) {
      console.error(`${error.message}\n\n${usage}`);
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('Échec :', error);
    }
    process.exit(1);
  }
}
