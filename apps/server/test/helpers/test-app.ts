import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of the given kind; logs are silent unless TEST_LOG is set. */
export async function createTestApp(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  /** Runs before app.ready(): lets a test register an extra route (e.g. one that throws). */
  setup?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...env });
  const app = await buildApp({
    config,
    database: database.handle,
    secret: TEST_SECRET,
    logger: process.env.TEST_LOG ? { level: 'debug' } : false,
  });
  setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** GET the CSRF token like the SPA does; returns the header and cookie to send with state-changing calls. */
export async function fetchCsrf(app: FastifyInstance): Promise<{ token: string; cookie: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
  const setCookie = response.cookies.find((cookie) => cookie.name === 'pe_csrf');
  if (!setCookie) {
    throw new Error('no CSRF cookie set');
  }
  return { token: response.json<{ csrfToken: string }>().csrfToken, cookie: `pe_csrf=${setCookie.value}` };
}
