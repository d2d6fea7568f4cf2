// What an operator command is (ADR 0017): the runner (command.ts) and the control channel (control-channel.ts) both
// read it, and the runner calls the channel, so the shape lives in a file of its own (no import circle, ADR 0054).
import type { ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { ReferenceFileChecker } from '../modules/reference-data/check-file.ts';

export interface CommandContext {
  config: Config;
  db: Database;
  /** Where a reference table is parsed and checked: the running server passes a worker thread (ADR 0025). */
  checkReferenceFile?: ReferenceFileChecker;
}

export interface OperatorCommand<Input> {
  /** The npm script name, also the control channel's command name: `admin:create`. */
  name: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  allowPositionals?: boolean;
  /** Arguments → input, before any database is opened (may read files). Throws CliError. */
  parseArguments(
    values: Record<string, string | boolean | undefined>,
    positionals: string[],
    env: NodeJS.ProcessEnv,
  ): Input | Promise<Input>;
  /** The input as the control channel accepts it; the server parses it again before executing. */
  inputSchema: z.ZodType<Input>;
  /** Checks on the input, run by the command line and again by the server. Throws CliError. */
  check?(input: Input): void;
  execute(input: Input, context: CommandContext): Promise<string>;
}
