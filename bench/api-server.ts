/**
 * Child process of the API benchmark (bench/api.ts): builds the real app of a source tree (this worktree, or a
 * baseline extracted from git by bench/baseline.ts) on an in-memory PGlite, in its worker thread as the server runs
 * it (or a fresh PostgreSQL database when BENCH_DATABASE_URL is set), creates a verified user, signs in, and listens
 * on 127.0.0.1:0. Sends the port and the credentials to the parent over IPC; answers `cpu` with its
 * process.cpuUsage() (all its threads, PGlite's included); exits when told `close`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const server = (file: string) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;

const { buildApp } = await import(server('app.ts'));
const { loadConfig } = await import(server('config/env.ts'));
const { openDatabase } = await import(server('db/client.ts'));
const { runMigrations } = await import(server('db/migrate.ts'));
const { insertVerifiedUser } = await import(server('modules/admin/repository.ts'));
const { createPasswordHasher } = await import(server('modules/auth/password.ts'));
const { users } = await import(server('db/schema.ts'));

const PASSWORD = 'Correct-Horse-9';

async function openBenchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    // As `npm start` runs it: PGlite in a worker thread (PGLITE_THREAD, default on, ADR 0042). A baseline older than
    // the thread ignores the option and keeps PGlite on the server's thread. BENCH_PGLITE_THREAD=false: in process.
    const handle = await openDatabase({ pgliteThread: process.env.BENCH_PGLITE_THREAD !== 'false' });
    return { handle, drop: async () => {} };
  }
  const pg = (await import('pg')).default;
  const name = `pe_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
  return {
    handle,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const { handle, drop } = await openBenchDatabase();
await runMigrations(handle);
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pe-bench-')),
  AUTH_RATE_LIMIT_MAX: '10000',
  // No load shedding (503) on the event-loop lag of a shared machine: every request is served and measured.
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  LOG_LEVEL: 'warn',
  // Tuning runs: the simulation bulkhead (ADR 0038) from the environment; the server's default otherwise.
  ...(process.env.SIMULATE_CONCURRENCY ? { SIMULATE_CONCURRENCY: process.env.SIMULATE_CONCURRENCY } : {}),
});
const app = await buildApp({ config, database: handle, secret: randomBytes(32).toString('hex'), logger: false });
await app.ready();

const passwordHash = await createPasswordHasher(config.passwordHashLogN ?? 15).hash(PASSWORD);
const benchUser = await insertVerifiedUser(handle.db, {
  email: 'bench@exemple.fr',
  name: 'Bench',
  role: 'user',
  passwordHash,
});
// An unlimited plan (ADR 0027): the free tier's 20 simulations a month would turn the run into 429s. The quota is
// still taken on every simulation (one conditional upsert of the counter), as for any plan.
// A baseline older than the plans (ADR 0027) has no tier to set.
if ('tier' in users) {
  const { eq } = await import('drizzle-orm');
  await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, benchUser.id));
}

const csrf = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
const csrfCookie = csrf.cookies.find((c: { name: string }) => c.name === 'pe_csrf');
const csrfToken = csrf.json().csrfToken as string;
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { 'x-csrftoken': csrfToken, cookie: `pe_csrf=${csrfCookie.value}`, origin: 'http://127.0.0.1' },
  payload: { email: 'bench@exemple.fr', password: PASSWORD },
});
if (signIn.statusCode !== 200) {
  throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
}
const cookies = [
  `pe_csrf=${csrfCookie.value}`,
  ...signIn.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`),
];

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({
  port: typeof address === 'object' && address ? address.port : 0,
  cookie: cookies.join('; '),
  csrfToken,
});

let profiler: Session | undefined;

process.on('message', async (message) => {
  if (message === 'profile') {
    // A CPU profile of what follows (bench/api-cpu.ts), written at `profile-stop`: requests only, no start-up.
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  }
  if (typeof message === 'object' && message !== null && 'profileStop' in message && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(String(message.profileStop), JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    process.send?.({ profiled: String(message.profileStop) });
  }
  if (message === 'cpu') {
    // The server process's own CPU time (bench/api-target.ts): the robust measure on a shared machine.
    process.send?.({ cpu: process.cpuUsage() });
  }
  if (message === 'close') {
    await app.close();
    await handle.close();
    await drop();
    process.exit(0);
  }
});
