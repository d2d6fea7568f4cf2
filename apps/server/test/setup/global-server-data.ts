// Vitest globalSetup of the server-bundle project: the fresh install, once per run. The bundle (`npm start`'s
// dist/server.mjs, global-bundle.ts) starts on a new DATA_DIR: PGlite's initdb and every migration in the server's
// PGlite thread, the app secret, the mandate keys and seal generated (~7 s of CPU; 9 s on this 2-core machine at
// load 7, 18–22 s beside two CPU burners). Once it answers GET /api/health it is stopped with SIGTERM and must exit
// with 0. The folder it leaves is provided as `serverDataDir`: server-process.test.ts copies it for its starts on an
// installed folder (restarts, ~2.4 s of CPU each) and checks what this process wrote there.
// Nothing else starts the server on a new folder: the browser tests' folder is made by `admin:create` (the operator
// command migrates it) before `npm start` opens it, and the other tests' folders are seeded from the migrated
// snapshot (ADR 0019). A failure here fails the run with what the server printed; its deadline (3 minutes) only
// keeps a start that hangs from holding the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { healthOf, startServerProcess, stopServerProcess } from '../helpers/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the bundled server installed itself on (fresh install), then stopped: copy it, do not use it. */
    serverDataDir: string;
    /** The app_instance id that fresh install created. */
    serverInstanceId: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-installed-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  try {
    // No DATABASE_URL from the environment: the fresh install is PGlite's.
    const running = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, 180_000);
    const health = await healthOf(running).catch((error: unknown) => ({ status: 0, body: String(error) }));
    const code = await stopServerProcess(running, 'SIGTERM');
    if (health.status !== 200) {
      throw new Error(`the fresh install's GET /api/health: ${health.status} ${JSON.stringify(health.body)}`);
    }
    if (code !== 0) {
      throw new Error(`the fresh install's server exited with ${code} on SIGTERM:\n${running.output()}`);
    }
    project.provide('serverDataDir', dataDir);
    project.provide('serverInstanceId', running.instanceId);
  } catch (error) {
    await remove();
    throw error;
  }
  return remove;
}
