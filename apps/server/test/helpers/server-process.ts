// The bundled server (`npm start`'s dist/server.mjs, built by the server-bundle project's global setup) in a process of
// its own: started on a DATA_DIR, ready when it logs that it is, stopped by a signal. Used by the global setup that
// makes the fresh install (setup/global-server-data.ts) and by server-process.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The line server.ts logs once the server listens (after the database, the app, the OpenAPI document). */
const READY_MESSAGE = 'Pilote Énergie prêt sur ';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** The `instance` the ready line names: this installation's app_instance row. */
  instanceId: string;
  /** Everything the process printed so far (stdout and stderr, as it came). */
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts dist/server.mjs on `env` (DATA_DIR, DATABASE_URL…) and resolves once it has logged its ready line (it then
 * listens): no polling, the line is the event. At LOG_LEVEL=info, the level the ready line is logged at. Rejects at
 * once when the process exits first, and after `deadlineMs` (then the process is killed): both with what the process
 * printed, so that a failure says how far the start went.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, deadlineMs: number): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), INIT_CWD: serverRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  const instanceId = await new Promise<string>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      child.off('error', onError);
      child.off('exit', onExit);
    };
    const fail = (reason: string) => {
      settle();
      reject(new Error(`${reason}; the server printed:\n${output}`));
    };
    const onError = (error: Error) => fail(`dist/server.mjs could not be started (${error.message})`);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`dist/server.mjs exited before it was ready (${signal ?? code})`);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`dist/server.mjs did not log « ${READY_MESSAGE.trim()} » within ${deadlineMs} ms`);
    }, deadlineMs);
    child.once('error', onError);
    child.once('exit', onExit);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes(READY_MESSAGE)) {
          continue;
        }
        settle();
        let instance: unknown;
        try {
          ({ instance } = JSON.parse(line) as { instance?: unknown });
        } catch {
          // Not a JSON log line (a pretty printer): no instance to name.
        }
        resolve(String(instance ?? ''));
        return;
      }
    });
  });
  return { child, port, instanceId, output: () => output };
}

/** GET /api/health of a started server: its status and body. */
export async function healthOf(running: ServerProcess): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${running.port}/api/health`);
  return { status: response.status, body: await response.json() };
}

/** Sends `signal` and resolves with the exit code (null when a signal ended the process instead). */
export function stopServerProcess(running: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) {
      resolve(running.child.exitCode);
      return;
    }
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}
