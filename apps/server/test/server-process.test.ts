import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

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

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  let output = '';
  // The bundle `npm start` runs (built once by the project's global setup), not the sources under tsx.
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), INIT_CWD: serverRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited early (${child.exitCode}): ${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) {
        return { child, port, output: () => output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health in time: ${output}`);
}

function stopWith(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

// The restart test boots the bundled server twice (no tsx since ADR 0040's addendum): the first boot runs PGlite's
// initdb and every migration on a new folder (17.0 s at load 5), the restart loads the bundle's dependencies (~3.6 s
// of CPU, pdf-lib's fontkit and zod first) and opens the folder (6.0 s at load 5; 10.6 s from source under tsx).
// The test: 25.1 s at load 5 (32.0 s from source), 40–50 s at load 9–11, far above the 5 s default.
describe('server process', { timeout: 60_000 }, () => {
  it('keeps its PGlite data across a restart and stops cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-data-'));
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await stopWith(first, 'SIGTERM')).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await stopWith(second, 'SIGINT')).toBe(0);

    const db = new PGlite(path.join(dataDir, 'pglite'));
    const rows = await db.query<{ created_at: Date; last_started_at: Date }>('select * from app_instance');
    await db.close();
    expect(rows.rows).toHaveLength(1);
    const [row] = rows.rows;
    expect(row?.last_started_at.getTime()).toBeGreaterThan(row?.created_at.getTime() ?? Number.POSITIVE_INFINITY);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'starts on PostgreSQL when DATABASE_URL is set and applies the migrations',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `pe_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-data-'));
        const running = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
        expect(await stopWith(running, 'SIGTERM')).toBe(0);
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const tables = await client.query('select count(*)::int as n from app_instance');
        await client.end();
        expect(tables.rows[0].n).toBe(1);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

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
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).not.toContain('Construction');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
