import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import { createPdfWorkerPool, type PdfRenderer } from '../../src/modules/simulator/pdf-renderer.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

let sharedPool: PdfRenderer | undefined;

/**
 * The simulation PDF's worker pool of the test worker, shared by the apps of all its files (the server project shares
 * modules between files, ADR 0040): a pool's first render starts a thread under tsx, loads pdf-lib and subsets the
 * fonts (1–2 s of CPU), which every app paid again and a test's 5 s included. The same real pool the app builds from
 * its default config (PDF_WORKERS, PDF_QUEUE_MAX); an app's close() leaves it running, the test worker's end stops it.
 * A test that sets PDF_WORKERS or PDF_QUEUE_MAX, or passes its own renderer, gets its own.
 */
function sharedPdfRenderer(config: Config): PdfRenderer {
  sharedPool ??= createPdfWorkerPool({ size: config.pdf.workers, queueMax: config.pdf.queueMax });
  const pool = sharedPool;
  return { render: (...args) => pool.render(...args), close: async () => {} };
}

/**
 * Builds the real app on a fresh database of the given kind (a copy of the run's migrated database, ADR 0019);
 * logs are silent unless TEST_LOG is set.
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  /** Runs before app.ready(): lets a test register an extra route (e.g. one that throws). */
  setup?: (app: FastifyInstance) => void,
  /** Replaces adapters built from the config (a PDF renderer that counts its renders, billing, the plans' clock). */
  overrides: Pick<
    AppDependencies,
    | 'pdfRenderer'
    | 'billing'
    | 'now'
    | 'jobs'
    | 'storage'
    | 'mandateSecrets'
    | 'renderMandate'
    | 'addressFetch'
    | 'auditLimits'
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  // scrypt at 2^10 unless a test asks for more: the OWASP cost (2^17, 128 MiB) is ~0.3 s per hash per core.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    PASSWORD_HASH_LOG_N: '10',
    ...env,
  });
  const app = await buildApp({
    config,
    database: database.handle,
    secret: TEST_SECRET,
    logger: process.env.TEST_LOG ? { level: 'debug' } : false,
    ...(env.PDF_WORKERS === undefined && env.PDF_QUEUE_MAX === undefined
      ? { pdfRenderer: sharedPdfRenderer(config) }
      : {}),
    ...overrides,
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
