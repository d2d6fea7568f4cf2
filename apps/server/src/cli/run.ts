import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';

/** A refusal with a French message for the operator; the script exits with code 1. */
export class CliError extends Error {
  /** False for refusals about the data rather than the arguments: the usage is not repeated. */
  readonly showUsage: boolean;

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message);
    this.showUsage = options.showUsage ?? true;
  }
}

/**
 * Runs an operator command against the configured database (DATABASE_URL, else PGlite in DATA_DIR), applying
 * the migrations first. Prints French messages; exits non-zero on bad input.
 */
export async function runCli<Input>(
  usage: string,
  options: Record<string, { type: 'string' } | { type: 'boolean' }>,
  /** Checks the arguments before the database is opened (throws CliError). */
  validate: (values: Record<string, string | undefined>, positionals: string[]) => Input | Promise<Input>,
  command: (input: Input, context: { config: Config; db: Database }) => Promise<string>,
  settings: { allowPositionals?: boolean } = {},
): Promise<void> {
  let values: Record<string, string | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: process.argv.slice(2),
      options,
      strict: true,
      allowPositionals: settings.allowPositionals ?? false,
    }) as { values: Record<string, string | undefined>; positionals: string[] });
  } catch (error) {
    console.error(`Arguments invalides : ${(error as Error).message}\n\n${usage}`);
    process.exit(1);
  }
  let handle: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
  try {
    const input = await validate(values, positionals);
    const config = loadConfig();
    handle = await openConfiguredDatabase(config);
    await runMigrations(handle);
    console.log(await command(input, { config, db: handle.db }));
    await handle.close();
  } catch (error) {
    await handle?.close().catch(() => {});
    if (error instanceof CliError) {
      console.error(error.showUsage ? `${error.message}\n\n${usage}` : error.message);
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('Échec :', error);
    }
    process.exit(1);
  }
}
