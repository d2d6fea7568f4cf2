import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organisations, simulationPdfs } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { createPdfWorkerPool, type PdfRenderer } from '../src/modules/simulator/pdf-renderer.ts';
import { PDF_RENDERER_VERSION } from '../src/modules/simulator/pdf-report.ts';
import { LOAD_SHED_MESSAGE } from '../src/plugins/load-shedding.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
/** A simulation on the sample data shipped with @pilote/tariffs (no import needed). */
const SAMPLE = PACKAGED_ACCEPTANCE_FORM;
const PDF_RATE_LIMIT_MAX = 40;

/**
 * The real worker pool, counting the renders asked of it (tests compare with the count before them). One pool for
 * the file, shared by the PGlite and PostgreSQL apps: a worker's start (tsx, pdf-lib, the fonts subset) is paid
 * once, not once per database. The apps' close() leaves it running; the file's afterAll closes it.
 */
const pool = createPdfWorkerPool({ size: 1, queueMax: 50 });
const renderer = {
  renders: 0,
  render: (...args: Parameters<PdfRenderer['render']>) => {
    renderer.renders += 1;
    return pool.render(...args);
  },
  close: async () => {},
} satisfies PdfRenderer & { renders: number };
afterAll(() => pool.close());

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe.each(testDatabaseKinds())('simulation PDF at scale on %s (ADR 0018)', (kind) => {
  let t: TestApp;
  let alice: HttpClient;

  async function newPdfUrl(): Promise<string> {
    const response = await alice.post('/api/simulator/simulate/', SAMPLE);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json<{ pdfUrl: string }>().pdfUrl;
  }

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000', PDF_RATE_LIMIT_MAX: String(PDF_RATE_LIMIT_MAX) },
      undefined,
      { pdfRenderer: renderer },
    );
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    alice = new HttpClient(t.app);
    // Premium: this file renders more PDF reports than the free plan's quota (quotas: plans.integration.test.ts).
    // The plan is the organisation's (ADR 0078): every user's personal organisation is premium.
    await t.database.handle.db.update(organisations).set({ tier: 'premium' });
    const signIn = await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });
  // Starts the render worker (and loads its fonts) before any test measures anything (the first database's run), in
  // a hook of its own (ADR 0056).
  beforeAll(async () => {
    expect((await t.app.inject({ method: 'GET', url: await newPdfUrl() })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders once per simulation: the second download (and concurrent ones) reuse the stored bytes', async () => {
    const pdfUrl = await newPdfUrl();
    const id = pdfUrl.split('/')[4] as string;
    const before = renderer.renders;

    const first = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderer.renders).toBe(before + 1);

    const [stored] = await t.database.handle.db
      .select()
      .from(simulationPdfs)
      .where(eq(simulationPdfs.simulationId, id));
    expect(stored?.rendererVersion).toBe(PDF_RENDERER_VERSION);
    expect(Buffer.from(stored?.bytes ?? []).equals(first.rawPayload)).toBe(true);

    const second = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(renderer.renders).toBe(before + 1);

    // Five simultaneous first downloads of another simulation: one render.
    const other = await newPdfUrl();
    const together = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: other })));
    expect(together.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renderer.renders).toBe(before + 2);
    expect(new Set(together.map((response) => response.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('a stored PDF of an older renderer version is rendered again and replaced', async () => {
    const pdfUrl = await newPdfUrl();
    const id = pdfUrl.split('/')[4] as string;
    await t.database.handle.db
      .insert(simulationPdfs)
      .values({ simulationId: id, rendererVersion: 'old', bytes: new TextEncoder().encode('%PDF-old') });
    const before = renderer.renders;
    const response = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString()).not.toBe('%PDF-old');
    expect(renderer.renders).toBe(before + 1);
    const rows = await t.database.handle.db.select().from(simulationPdfs).where(eq(simulationPdfs.simulationId, id));
    expect(rows.map((row) => row.rendererVersion)).toEqual([PDF_RENDERER_VERSION]);
  });

  describe('three downloads at once', () => {
    // The simulations in a hook: the test's own work is the downloads it measures (ADR 0056). Three renders queued
    // on the file's one-thread pool keep the loop's health measured while they run (six cost 1.9 s of CPU, ADR 0082).
    let urls: string[];
    beforeAll(async () => {
      urls = await Promise.all(Array.from({ length: 3 }, () => newPdfUrl()));
    });

    it('while 3 PDFs render, /api/health keeps answering fast over real HTTP (rendering is off the event loop)', async () => {
      const before = renderer.renders;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

      let downloading = true;
      const downloads = Promise.all(
        urls.map(async (url) => {
          const response = await fetch(base + url);
          return { status: response.status, size: (await response.arrayBuffer()).byteLength };
        }),
      ).finally(() => {
        downloading = false;
      });
      const latencies: number[] = [];
      while (downloading) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.text();
        if (downloading) {
          expect(response.status).toBe(200);
          latencies.push(performance.now() - started);
        }
      }
      const results = await downloads;

      expect(results.every((result) => result.status === 200 && result.size > 10_000)).toBe(true);
      expect(renderer.renders).toBe(before + 3);
      expect(latencies.length).toBeGreaterThanOrEqual(5);
      // On the main thread, each ~150 ms render stalls the loop and health waits behind the queue (seconds at
      // 20 downloads). Off the loop it is a few ms; 250 ms leaves room for a busy 2-core CI machine.
      expect(median(latencies)).toBeLessThan(250);
    });
  });

  it('limits downloads per client IP: 429 in French with Retry-After, other clients unaffected', async () => {
    const pdfUrl = await newPdfUrl();
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: pdfUrl, remoteAddress });
    for (let i = 0; i < PDF_RATE_LIMIT_MAX; i += 1) {
      expect((await from('203.0.113.7')).statusCode).toBe(200);
    }
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});

describe('simulation PDF render queue (ADR 0018)', () => {
  let t: TestApp;
  let alice: HttpClient;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
      PDF_WORKERS: '1',
      PDF_QUEUE_MAX: '1',
    });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    alice = new HttpClient(t.app);
    // Premium: this file renders more PDF reports than the free plan's quota (quotas: plans.integration.test.ts).
    // The plan is the organisation's (ADR 0078): every user's personal organisation is premium.
    await t.database.handle.db.update(organisations).set({ tier: 'premium' });
    expect(
      (await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a full queue answers 503 in French with Retry-After instead of piling renders up', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      urls.push((await alice.post('/api/simulator/simulate/', SAMPLE)).json<{ pdfUrl: string }>().pdfUrl);
    }
    // One render in the worker, one waiting: the third and fourth distinct PDFs do not fit.
    const responses = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    const busy = responses.find((response) => response.statusCode === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.json()).toEqual({
      error: 'Trop de rapports PDF sont en cours de préparation. Veuillez réessayer dans quelques secondes.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

describe('load shedding with @fastify/under-pressure (ADR 0018)', () => {
  let t: TestApp;
  let released = false;

  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '100', PRESSURE_SAMPLE_INTERVAL_MS: '25' },
      (app) => {
        // Test-only: keeps the event loop busy in 200 ms slices (as a CPU-bound overload would) until the test has
        // seen what it waits for (`released`), or for `ms` at most.
        app.get('/test/busy', async (request) => {
          const until = Date.now() + Number((request.query as { ms?: string }).ms ?? 0);
          while (!released && Date.now() < until) {
            const slice = Date.now() + 200;
            while (Date.now() < slice) {
              // busy
            }
            await new Promise((resolve) => setImmediate(resolve));
          }
          return { done: true };
        });
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 + Retry-After + a French body while the loop lags; /api/health stays exempt', async () => {
    // A loaded machine (the other test files) can lag by itself: start once the app answers normally.
    await vi.waitFor(
      async () => {
        expect((await t.app.inject({ method: 'GET', url: '/api/info/backend/' })).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 50 },
    );

    // The loop stays busy until a request was shed (3 s at most: then the test fails below), not for a fixed 3 s
    // (ADR 0056).
    let busy = true;
    const blocking = t.app.inject({ method: 'GET', url: '/test/busy?ms=3000' }).finally(() => {
      busy = false;
    });
    let shed: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const healthStatuses: number[] = [];
    while (busy && !shed) {
      // inject() resolves without leaving the microtask queue: give the loop a turn (timers, the busy route).
      await new Promise((resolve) => setImmediate(resolve));
      const info = await t.app.inject({ method: 'GET', url: '/api/info/backend/' });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      healthStatuses.push(health.statusCode);
      if (info.statusCode === 503) {
        shed = info;
      }
    }
    released = true;
    await blocking;

    expect(shed, 'no request was shed while the event loop was blocked').toBeDefined();
    expect(shed?.headers['retry-after']).toBe('10');
    expect(shed?.json()).toEqual({ error: LOAD_SHED_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect(LOAD_SHED_MESSAGE).toBe(
      'Le service est momentanément surchargé. Veuillez réessayer dans quelques secondes.',
    );
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(healthStatuses.every((status) => status === 200)).toBe(true);
  });
});
