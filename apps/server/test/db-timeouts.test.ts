import { mkdtemp } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { main as migrate } from '../src/db/migrate-cli.ts';
import { DatabaseUnavailableError, openAndMigrate, openConfiguredDatabase } from '../src/db/open-configured.ts';
import { users } from '../src/db/schema.ts';
import { HEALTH_DATABASE_DOWN_MESSAGE } from '../src/modules/health/routes.ts';
import { startServer } from '../src/start-server.ts';
import { runMain } from './helpers/cli.ts';
import { TEST_SECRET } from './helpers/test-app.ts';

/** A "database" that accepts connections and never answers: what a stalled PostgreSQL looks like. */
async function stalledDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') {
    throw new Error('no address');
  }
  return {
    url: `postgres://pilote:secret@127.0.0.1:${address.port}/pilote`,
    close: async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function elapsed<T>(promise: Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const started = performance.now();
  const [result] = await Promise.allSettled([promise]);
  return { ms: performance.now() - started, result: result as PromiseSettledResult<T> };
}

describe('database timeouts against a stalled PostgreSQL (accepts, never answers)', () => {
  let stalled: Awaited<ReturnType<typeof stalledDatabase>>;
  let dataDir: string;

  beforeAll(async () => {
    stalled = await stalledDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pe-stalled-'));
  });
  afterAll(async () => {
    await stalled?.close();
  });

  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: stalled.url,
    ...extra,
  });

  it('GET /api/health answers 503 with a French message after DATABASE_HEALTH_TIMEOUT_MS, not after the connect timeout', async () => {
    // The connect timeout is long on purpose: only the health ping's own timeout can answer quickly.
    const config = loadConfig(env({ DATABASE_HEALTH_TIMEOUT_MS: '300', DATABASE_CONNECT_TIMEOUT_MS: '60000' }));
    const database = await openConfiguredDatabase(config);
    const app = await buildApp({ config, database, secret: TEST_SECRET, logger: false });
    try {
      const { ms, result } = await elapsed(app.inject({ method: 'GET', url: '/api/health' }));
      expect(result.status).toBe('fulfilled');
      const response = result.status === 'fulfilled' ? result.value : undefined;
      expect(response?.statusCode).toBe(503);
      expect(response?.json()).toMatchObject({
        status: 'degraded',
        database: 'error',
        error: HEALTH_DATABASE_DOWN_MESSAGE,
      });
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(5_000);
    } finally {
      await app.close();
      await stalled.close();
      await database.close();
      stalled = await stalledDatabase();
    }
  });

  it('a query gives up after DATABASE_CONNECT_TIMEOUT_MS instead of hanging the request', async () => {
    const config = loadConfig(env({ DATABASE_CONNECT_TIMEOUT_MS: '400' }));
    const database = await openConfiguredDatabase(config);
    try {
      const { ms, result } = await elapsed(database.db.select().from(users).limit(1));
      expect(result.status).toBe('rejected');
      expect(ms).toBeGreaterThanOrEqual(350);
      expect(ms).toBeLessThan(5_000);
    } finally {
      await database.close();
    }
  });

  it('the start and db:migrate give up within the connect timeout with a message naming DATABASE_URL', async () => {
    const config = loadConfig(env({ DATABASE_CONNECT_TIMEOUT_MS: '400', PORT: '0', HOST: '127.0.0.1' }));
    const start = await elapsed(startServer(config, { logger: false }));
    expect(start.result.status).toBe('rejected');
    const reason = start.result.status === 'rejected' ? (start.result.reason as Error) : undefined;
    expect(reason).toBeInstanceOf(DatabaseUnavailableError);
    expect(reason?.message).toMatch(
      /^Base PostgreSQL injoignable \(DATABASE_URL → 127\.0\.0\.1:\d+\/pilote\) : pas de réponse en 400 ms\. Vérifiez DATABASE_URL et que le serveur PostgreSQL répond \(délai : DATABASE_CONNECT_TIMEOUT_MS\)\.$/,
    );
    // The password of the URL is not printed.
    expect(reason?.message).not.toContain('secret');
    expect(start.ms).toBeLessThan(5_000);

    const cli = await elapsed(runMain(migrate, [], env({ DATABASE_CONNECT_TIMEOUT_MS: '400' })));
    const run = cli.result.status === 'fulfilled' ? cli.result.value : undefined;
    expect(run?.code).toBe(1);
    expect(run?.stderr).toContain('Base PostgreSQL injoignable (DATABASE_URL');
    expect(cli.ms).toBeLessThan(5_000);
    await expect(openAndMigrate(config, 'test')).rejects.toBeInstanceOf(DatabaseUnavailableError);

    // Nothing listening at all: refused at once, said so.
    const gone = await stalledDatabase();
    await gone.close();
    await expect(openAndMigrate(loadConfig(env({ DATABASE_URL: gone.url })), 'test')).rejects.toThrow(
      /^Base PostgreSQL injoignable \(DATABASE_URL → 127\.0\.0\.1:\d+\/pilote\) : connexion refusée\./,
    );
  });

  it('the timeouts are configurable, with defaults, and a bad value names its variable', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 5_000, statementMs: 30_000, healthMs: 2_000 });
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '1500',
        DATABASE_STATEMENT_TIMEOUT_MS: '10000',
        DATABASE_HEALTH_TIMEOUT_MS: '500',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 1_500, statementMs: 10_000, healthMs: 500 });
    try {
      loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'longtemps', DATABASE_HEALTH_TIMEOUT_MS: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        {
          variable: 'DATABASE_STATEMENT_TIMEOUT_MS',
          message: 'attendu : une durée en millisecondes (100 à 3600000)',
        },
        { variable: 'DATABASE_HEALTH_TIMEOUT_MS', message: 'attendu : une durée en millisecondes (50 à 60000)' },
      ]);
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('statement timeout on a real PostgreSQL', () => {
  it('cancels a statement that runs longer than DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, statementTimeoutMs: 200 });
    try {
      const { ms, result } = await elapsed(database.db.execute(sql`select pg_sleep(5)`));
      expect(result.status).toBe('rejected');
      expect(result.status === 'rejected' ? String(result.reason?.cause ?? result.reason) : '').toContain(
        'statement timeout',
      );
      expect(ms).toBeLessThan(3_000);
      await database.ping();
    } finally {
      await database.close();
    }
  });
});
