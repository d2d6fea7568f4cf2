import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { createPdfWorkerPool, type PdfRenderer } from '../src/modules/simulator/pdf-renderer.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { TEST_SECRET } from './helpers/test-app.ts';
import { cleanRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './helpers/test-redis.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Correct-Horse-9';
const PDF_RATE_LIMIT_MAX = 4;
const SAMPLE = PACKAGED_ACCEPTANCE_FORM;

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  renderer: PdfRenderer & { renders: number };
  base: string;
}

/** Cookies of a Set-Cookie list, as a Cookie header (name=value; …). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

// Several instances share PostgreSQL: PGlite lives inside one process, so without TEST_DATABASE_URL there is
// nothing two instances could share. CI sets TEST_DATABASE_URL (see .ci/run).
describe.skipIf(!adminUrl)(
  'two instances behind a load balancer: one PostgreSQL, one Redis, one APP_SECRET (ADR 0018; skipped without TEST_DATABASE_URL)',
  () => {
    const databaseName = `pe_test_${randomBytes(6).toString('hex')}`;
    const prefix = uniqueRedisPrefix();
    let a: Instance;
    let b: Instance;

    /** One instance: its own connection pool on the shared database, the same secret and Redis as the other. */
    async function start(databaseUrl: string): Promise<Instance> {
      const database = await openDatabase({ databaseUrl, poolMax: 4 });
      await runMigrations(database);
      const pool = createPdfWorkerPool({ size: 1, queueMax: 10 });
      const renderer = {
        renders: 0,
        render: (...args: Parameters<PdfRenderer['render']>) => {
          renderer.renders += 1;
          return pool.render(...args);
        },
        close: () => pool.close(),
      };
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/nonexistent-test-data',
        DATABASE_URL: databaseUrl,
        PASSWORD_HASH_LOG_N: '10',
        AUTH_RATE_LIMIT_MAX: '100',
        PDF_RATE_LIMIT_MAX: String(PDF_RATE_LIMIT_MAX),
        RATE_LIMIT_STORE: 'redis',
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_KEY_PREFIX: prefix,
      });
      const app = await buildApp({
        config,
        database,
        secret: TEST_SECRET,
        logger: process.env.TEST_LOG ? { level: 'debug' } : false,
        pdfRenderer: renderer,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, database, renderer, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(adminUrl as string);
      url.pathname = `/${databaseName}`;
      a = await start(url.toString());
      b = await start(url.toString());
      await insertVerifiedUser(a.database.db, {
        email: 'alice@exemple.fr',
        name: 'Alice',
        role: 'user',
        passwordHash: await createPasswordHasher(10).hash(PASSWORD),
      });
    });
    afterAll(async () => {
      for (const instance of [a, b]) {
        await instance?.app.close();
        await instance?.database.close();
      }
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
      await cleanRedisPrefix(prefix);
    });

    it('a session and a CSRF token made on A are accepted on B; a PDF link signed on A opens on B without a second render; a rate limit counted on A applies on B', async () => {
      const csrf = await fetch(`${a.base}/api/common/get-csrf-token/`);
      const csrfCookie = cookiesOf(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const signIn = await fetch(`${a.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: csrfCookie, 'x-csrftoken': csrfToken },
        body: JSON.stringify({ email: 'alice@exemple.fr', password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const session = cookiesOf(signIn);
      expect(session).toMatch(/pe\.session_token=/);

      // The session made on A works on B.
      const me = await fetch(`${b.base}/api/account/me`, { headers: { cookie: session } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe('alice@exemple.fr');

      // The CSRF token from A is accepted by B (and B still refuses a wrong one).
      const simulateOn = (instance: Instance, token: string) =>
        fetch(`${instance.base}/api/simulator/simulate/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `${csrfCookie}; ${session}`, 'x-csrftoken': token },
          body: JSON.stringify(SAMPLE),
        });
      expect((await simulateOn(b, 'not-the-token')).status).toBe(403);
      expect((await simulateOn(b, csrfToken)).status).toBe(200);

      // A simulation on A; its signed PDF link, downloaded on A then on B: one render, the same bytes.
      const simulate = await simulateOn(a, csrfToken);
      expect(simulate.status).toBe(200);
      const { pdfUrl } = (await simulate.json()) as { pdfUrl: string };
      const fromA = await fetch(a.base + pdfUrl);
      expect(fromA.status).toBe(200);
      const bytesA = Buffer.from(await fromA.arrayBuffer());
      const fromB = await fetch(b.base + pdfUrl);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await fromB.arrayBuffer()).equals(bytesA)).toBe(true);
      expect([a.renderer.renders, b.renderer.renders]).toEqual([1, 0]);

      // PDF_RATE_LIMIT_MAX = 4 per IP, counted in Redis: 2 on A (above) + 2 on B, then B and A refuse.
      expect((await fetch(b.base + pdfUrl)).status).toBe(200);
      expect((await fetch(a.base + pdfUrl)).status).toBe(200);
      const refusedOnB = await fetch(b.base + pdfUrl);
      expect(refusedOnB.status).toBe(429);
      expect(((await refusedOnB.json()) as { error: string }).error).toMatch(
        /^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/,
      );
      expect(Number(refusedOnB.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await fetch(a.base + pdfUrl)).status).toBe(429);
    });
  },
);
