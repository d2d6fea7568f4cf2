import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CliIo } from '../../src/cli/command.ts';
import { loadConfig } from '../../src/config/env.ts';
import { type RunningServer, startServer } from '../../src/start-server.ts';
import { migratedSnapshot, pgliteInThread } from './test-database.ts';

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

/**
 * A new folder gets the migrated database the global setup dumped once (ADR 0019) instead of an initdb and every
 * migration at the server's first start: 10 s and more beside other files on a 2 GHz Xeon (a hook timed out).
 * The server still runs its migrations at start (none left to apply); the fresh install (initdb and every migration)
 * is server-process.test.ts's. An operator command's first run on a new folder: 5.8 s of CPU without this, 0.8–1.2 s
 * for this and 1.3 s for the command after it (ADR 0056).
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const folder = path.join(dataDir, 'pglite');
  const loadDataDir = existsSync(folder) ? undefined : await migratedSnapshot();
  if (!loadDataDir) {
    return;
  }
  const client = new PGlite(folder, { loadDataDir });
  await client.waitReady;
  await client.close();
}

/**
 * The real server (start-server.ts) in this process on `dataDir`: listening on 127.0.0.1:0, holding the lock. Its
 * PGlite stays in this thread like every test file's (TEST_PGLITE_THREAD=true puts it in a worker, ADR 0042): a
 * thread's start costs ~1 s more per server start here, and server-process.test.ts covers the thread.
 */
export async function startTestServer(dataDir: string): Promise<RunningServer> {
  await seedDataDir(dataDir);
  return startServer(
    loadConfig({
      ...cliEnv(dataDir),
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      PGLITE_THREAD: String(pgliteInThread),
    }),
    { logger: false },
  );
}
