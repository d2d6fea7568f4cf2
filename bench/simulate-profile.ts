/**
 * Profiling driver of `POST /api/simulator/simulate/` (issue 10 §6): the real app (buildApp, in-memory PGlite or
 * BENCH_DATABASE_URL), one signed-in user, BENCH_PROFILE_REQUESTS (default 400) sequential requests through
 * `app.inject` after a warm-up, and as many `GET /api/account/me` for comparison. Not a benchmark (no network, no
 * concurrency): run it under `node --import tsx --cpu-prof` to see where a request's CPU goes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { insertVerifiedUser } from '../apps/server/src/modules/admin/repository.ts';
import { createPasswordHasher } from '../apps/server/src/modules/auth/password.ts';
import { SIMULATE_BODY } from './api-target.ts';

const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 400);
const PASSWORD = 'Correct-Horse-9';
const handle = await openDatabase(
  process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
);
await runMigrations(handle);
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pe-bench-')),
  AUTH_RATE_LIMIT_MAX: '10000',
  // Sequential requests: no load shedding on a shared machine's event-loop lag.
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, database: handle, secret: randomBytes(32).toString('hex'), logger: false });
await app.ready();
const email = `bench-${randomBytes(4).toString('hex')}@exemple.fr`;
const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
const user = await insertVerifiedUser(handle.db, { email, name: 'Bench', role: 'user', passwordHash });
// An unlimited plan (ADR 0027): the free tier's 20 simulations would end the run with 429s.
await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, user.id));
const csrf = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
const csrfCookie = csrf.cookies.find((c) => c.name === 'pe_csrf')?.value as string;
const csrfToken = csrf.json().csrfToken as string;
const headers = { 'x-csrftoken': csrfToken, origin: 'http://127.0.0.1', 'content-type': 'application/json' };
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { ...headers, cookie: `pe_csrf=${csrfCookie}` },
  payload: { email, password: PASSWORD },
});
const cookie = [`pe_csrf=${csrfCookie}`, ...signIn.cookies.map((c) => `${c.name}=${c.value}`)].join('; ');

/** BENCH_TRACE_QUERIES=1: prints the statements (and rows) of one request of each route (PGlite). */
async function traced(label: string, request: () => Promise<unknown>) {
  const client = handle.pglite;
  if (!process.env.BENCH_TRACE_QUERIES || !client) {
    return;
  }
  const original = client.query.bind(client);
  const seen: string[] = [];
  client.query = (async (query: string, params?: unknown[], options?: unknown) => {
    const result = await original(query, params, options as never);
    seen.push(`${result.rows.length} row(s): ${query.replace(/\s+/g, ' ').slice(0, 160)}`);
    return result;
  }) as typeof client.query;
  await request();
  client.query = original;
  console.log(`${label}: ${seen.length} statement(s)\n  ${seen.join('\n  ')}`);
}

async function timed(label: string, request: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 50; i += 1) {
    await request();
  }
  const u0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const r = await request();
    if (r.statusCode !== 200) {
      throw new Error(`${label}: ${r.statusCode}`);
    }
  }
  const u = process.cpuUsage(u0);
  console.log(
    `${label}: ${((performance.now() - t0) / REQUESTS).toFixed(2)} ms/requête (mur), ${((u.user + u.system) / 1000 / REQUESTS).toFixed(2)} ms CPU`,
  );
}

await traced('GET /api/account/me', () => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } }));
await traced('POST /api/simulator/simulate/', () =>
  app.inject({
    method: 'POST',
    url: '/api/simulator/simulate/',
    headers: { ...headers, cookie },
    payload: SIMULATE_BODY,
  }),
);
await timed('GET /api/account/me', () => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } }));
await timed('POST /api/simulator/simulate/', () =>
  app.inject({
    method: 'POST',
    url: '/api/simulator/simulate/',
    headers: { ...headers, cookie },
    payload: SIMULATE_BODY,
  }),
);
await app.close();
await handle.close();
