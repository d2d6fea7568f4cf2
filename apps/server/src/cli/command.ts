// The operator commands' runner (ADR 0017). A command is data + two functions: turn the command-line arguments
// into an input, and execute that input against a database. The runner opens the configured database (taking
// the PGlite folder's lock) and executes it here; when the running server holds the lock, it sends the input to
// the server's control channel instead, which executes the same function on the server's own database. A
// command without a channel (db:migrate) stops with a message saying to stop the server first.
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/env.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DatabaseUnavailableError, openAndMigrate } from '../db/open-configured.ts';
import { CliError } from './cli-error.ts';
import { ControlChannelError, sendToControlChannel } from './control-channel.ts';
import type { OperatorCommand } from './operator-command.ts';

export { CliError };

/** Where a command writes and what environment it reads: process.* for the real thing, buffers in tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

export type { CommandContext, OperatorCommand } from './operator-command.ts';

/**
 * Runs `command` with `args` (without the node and script paths); returns the exit code. Messages are French;
 * the result goes to stdout, refusals to stderr.
 */
export async function runOperatorCommand<Input>(
  command: OperatorCommand<Input>,
  args: string[],
  io: CliIo,
): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: command.options,
      strict: true,
      allowPositionals: command.allowPositionals ?? false,
    }) as { values: Record<string, string | boolean | undefined>; positionals: string[] });
  } catch (error) {
    io.stderr.write(`Arguments invalides : ${(error as Error).message}\n\n${command.usage}\n`);
    return 1;
  }
  try {
    const input = await command.parseArguments(values, positionals, io.env);
    command.check?.(input);
    const config = loadConfig(io.env);
    const message = await executeWhereTheDatabaseIs(command, input, config);
    io.stdout.write(`${message}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`${formatFailure(error, command.usage)}\n`);
    return 1;
  }
}

/** The French text printed for a failure; unexpected errors keep their stack for the operator. */
export function formatFailure(error: unknown, usage?: string): string {
  if (error instanceof CliError) {
    return error.showUsage && usage ? `${error.message}\n\n${usage}` : error.message;
  }
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof ControlChannelError
  ) {
    return error.message;
  }
  return `Échec : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

async function executeWhereTheDatabaseIs<Input>(
  command: OperatorCommand<Input>,
  input: Input,
  config: Config,
): Promise<string> {
  let handle: Awaited<ReturnType<typeof openAndMigrate>>;
  try {
    handle = await openAndMigrate(config, command.name);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The server (or another command) has the PGlite folder: hand the input to the server if it listens.
      const answer = await sendToControlChannel(config.dataDir, error.owner, command.name, input);
      if (answer !== undefined) {
        return answer;
      }
    }
    throw error;
  }
  try {
    return await command.execute(input, { config, db: handle.db });
  } finally {
    await handle.close();
  }
}
