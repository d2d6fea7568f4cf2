// The server as `npm start` runs it: the bundle (dist/server.mjs, built by the project's global setup) in a process of
// its own, started on a folder, stopped by SIGTERM and by SIGINT with exit code 0, its PGlite data kept across
// restarts; on PostgreSQL with DATABASE_URL; and `npm start` refusing a bad PORT at once.
//
// The fresh install (initdb and every migration on a new folder: ~7 s of CPU) is the global setup's
// (setup/global-server-data.ts); here every start is a restart on a copy of the folder that install left, one process
// per hook. A start is setup, and it does not fit a test's 5 s on a busy machine: a restart costs ~2.4 s of CPU, and
// on this 2-core machine it answered in 2.0–3.0 s at load 6 (other sessions' work) and in 3.8–6.5 s beside two CPU
// burners (load 6–8). So each start has a hook's 10 s, with its own deadline below it: a start that does not come
// says how far it went. The tests then only talk to the running process and stop it (0.05–0.3 s).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  healthOf,
  type ServerProcess,
  serverRoot,
  startServerProcess,
  stopServerProcess,
} from './helpers/server-process.ts';

const repoRoot = path.resolve(serverRoot, '..', '..');

/** Below the hook's 10 s. */
const START_DEADLINE_MS = 9_000;

describe('server process', () => {
  const running = new Set<ServerProcess>();
  const start = async (env: NodeJS.ProcessEnv) => {
    const server = await startServerProcess(env, START_DEADLINE_MS);
    running.add(server);
    return server;
  };
  const stop = async (server: ServerProcess, signal: NodeJS.Signals) => {
    const code = await stopServerProcess(server, signal);
    running.delete(server);
    return code;
  };
  afterAll(() => {
    // A test that failed between a start and its stop leaves no server behind.
    for (const server of running) {
      server.child.kill('SIGKILL');
    }
  });

  describe('on PGlite, restarted on the folder it left', () => {
    let dataDir: string;
    let secondStartedAt: number;

    beforeAll(async () => {
      // A directory copy (≈ 40 MB, 0.2 s of system time), not the install itself: it is never started on twice.
      dataDir = await mkdtemp(path.join(tmpdir(), 'pe-data-'));
      await cp(inject('serverDataDir'), dataDir, { recursive: true });
    });
    afterAll(async () => {
      if (dataDir) {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    describe('a first start on the installed folder', () => {
      let server: ServerProcess;
      beforeAll(async () => {
        server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
      });

      it('answers /api/health, names the installation the folder holds, and stops with exit code 0 on SIGTERM', async () => {
        expect(await healthOf(server)).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
        // The app_instance row the fresh install's process wrote, read back after that process stopped.
        expect(server.instanceId).toBe(inject('serverInstanceId'));
        expect(await stop(server, 'SIGTERM')).toBe(0);
      });
    });

    describe('a second start on the folder the stopped server left', () => {
      let server: ServerProcess;
      beforeAll(async () => {
        secondStartedAt = Date.now();
        server = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
      });

      it('answers /api/health and stops with exit code 0 on SIGINT', async () => {
        expect(await healthOf(server)).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
        expect(server.instanceId).toBe(inject('serverInstanceId'));
        expect(await stop(server, 'SIGINT')).toBe(0);
      });
    });

    it('leaves on disk what the stopped servers wrote: one installation, stamped at the last start', async () => {
      const db = new PGlite(path.join(dataDir, 'pglite'));
      try {
        const { rows } = await db.query<{ id: string; created_at: Date; last_started_at: Date }>(
          'select id, created_at, last_started_at from app_instance',
        );
        expect(rows).toHaveLength(1);
        const [row] = rows;
        expect(row?.id).toBe(inject('serverInstanceId'));
        // The row is the fresh install's; the stamp, the second start's (after secondStartedAt), written before its
        // SIGINT.
        expect(row?.created_at.getTime()).toBeLessThan(secondStartedAt);
        expect(row?.last_started_at.getTime()).toBeGreaterThanOrEqual(secondStartedAt);
      } finally {
        await db.close();
      }
    });
  });

  describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL (DATABASE_URL)', () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `pe_test_${randomBytes(6).toString('hex')}`;
    const url = new URL(adminUrl || 'postgres://unused');
    url.pathname = `/${name}`;
    let dataDir: string;
    let server: ServerProcess;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      // The install's secrets and mandate keys (not its PGlite folder): generating them is the fresh install's.
      dataDir = await mkdtemp(path.join(tmpdir(), 'pe-data-'));
      const installed = inject('serverDataDir');
      for (const entry of await readdir(installed)) {
        if (entry !== 'pglite') {
          await cp(path.join(installed, entry), path.join(dataDir, entry), { recursive: true });
        }
      }
      server = await start({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
      if (dataDir) {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('starts on a new database, applies the migrations, and stops with exit code 0 on SIGTERM', async () => {
      expect(await healthOf(server)).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
      expect(await stop(server, 'SIGTERM')).toBe(0);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const installations = await client.query('select id from app_instance');
        expect(installations.rows).toEqual([{ id: server.instanceId }]);
      } finally {
        await client.end();
      }
    });
  });

  // "At once": within the test's 5 s, before any build.
  it('`npm start` with PORT=abc stops at once naming PORT', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).not.toContain('Construction');
  });
});
