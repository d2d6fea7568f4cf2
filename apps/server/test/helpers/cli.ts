import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIo } from '../../src/cli/command.ts';
import { loadConfig } from '../../src/config/env.ts';
import { type RunningServer, startServer } from '../../src/start-server.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout then stderr, for assertions on the whole output. */
  output: string;
}

/** The environment an operator command sees: PGlite in `dataDir`, a cheap password hash. */
export function cliEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { NODE_ENV: 'test', DATA_DIR: dataDir, PASSWORD_HASH_LOG_N: '10', ...extra };
}

/** Runs a command's main() in this process, capturing what it prints. */
export async function runMain(
  main: (args: string[], io: CliIo) => Promise<number>,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  });
  return { code, stdout, stderr, output: stdout + stderr };
}

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'pe-cli-'));

/** The real server (start-server.ts) in this process on `dataDir`: listening on 127.0.0.1:0, holding the lock. */
export function startTestServer(dataDir: string): Promise<RunningServer> {
  return startServer(
    loadConfig({
      ...cliEnv(dataDir),
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
}
