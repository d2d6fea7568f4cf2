import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import { createPdfWorkerPool, type PdfRenderer } from '../../src/modules/simulator/pdf-renderer.ts';
import { configureWorkerPool, type WorkerPoolHandle } from '../../src/workers/pool.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The worker pool of the test process, held by every test app and outliving each (ADR 0049 addendum): a thread's cold
 * start (tsx, then the readers and pdf.js, or pdf-lib, fontkit and the font subsetting: 1–3 s of CPU each) is paid
 * once per Vitest worker instead of once per test file and per database kind of a file, as when every `app.close()`
 * ended the idle threads. Each app still sizes it from its config (WORKER_TASK_THREADS, WORKER_TASK_QUEUE_MAX), and
 * its limits and per-user fairness are the real pool's. Nothing closes it: idle threads are unref'd and end with the
 * test process (the server project shares its module registry, hence this pool, between files: `isolate: false`, so
 * a setup file's `afterAll` would run after every file and end them again). The pool's own tests
 * (worker-task.test.ts) drive the module's functions and close it themselves.
 */
export const sharedWorkerPool: WorkerPoolHandle = { configure: configureWorkerPool, close: async () => {} };

let sharedPool: PdfRenderer | undefined;

/**
 * The simulation PDF renderer of the test worker, shared by the apps of all its files: a renderer's close() aborts
 * its running renders, which must not reach the next app's. The same renderer the app builds from its default config
 * (PDF_WORKERS, PDF_QUEUE_MAX), rendering in the shared pool above. A test that sets PDF_WORKERS or PDF_QUEUE_MAX, or
 * passes its own renderer, gets its own.
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
    | 'operatorData'
    | 'portfolio'
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
    workerPool: sharedWorkerPool,
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
