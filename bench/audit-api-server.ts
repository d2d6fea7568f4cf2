/**
 * Child process of the audit benchmark (bench/audit-api.ts): the real app of this worktree on an in-memory PGlite
 * with the job queue polling (as in production), local storage in a temporary folder, one verified user on the
 * admin tier (no quota in the way). Sends the port and the credentials to the parent; exits when told to.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';

// Loaded by URL like bench/api-server.ts: the bench's typecheck does not pull in the server's ambient types.
const server = (file: string) => pathToFileURL(path.join(import.meta.dirname, '..', 'apps/server/src', file)).href;
const { buildApp } = await import(server('app.ts'));
const { loadConfig } = await import(server('config/env.ts'));
const { openDatabase } = await import(server('db/client.ts'));
const { runMigrations } = await import(server('db/migrate.ts'));
const { organisationMembers, organisations, users } = await import(server('db/schema.ts'));
const { insertVerifiedUser } = await import(server('modules/admin/repository.ts'));
const { createPasswordHasher } = await import(server('modules/auth/password.ts'));

const PASSWORD = 'Correct-Horse-9';
const ORIGIN = 'http://127.0.0.1';

const handle = await openDatabase({});
await runMigrations(handle);
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pe-bench-audit-')),
  AUTH_RATE_LIMIT_MAX: '10000',
  LOG_LEVEL: 'warn',
  JOBS_POLL_INTERVAL_MS: '200',
  // Warm worker-task threads kept (ADR 0040); WORKER_TASK_THREADS=0 measures the former thread per task.
  WORKER_TASK_THREADS: process.env.WORKER_TASK_THREADS,
  // WORKER_TASK_NICE=0 measures the threads at the server's own priority (before ADR 0091).
  WORKER_TASK_NICE: process.env.WORKER_TASK_NICE,
});
const app = await buildApp({ config, database: handle, secret: randomBytes(32).toString('hex'), logger: false });
await app.ready();

const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
const user = await insertVerifiedUser(handle.db, {
  email: 'bench@exemple.fr',
  name: 'Bench',
  role: 'user',
  passwordHash,
});
await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, user.id));
// Since ADR 0078 the plan is the organisation's: without this the free plan's two audits left the others « Non lancé »
// and the run waited for them forever.
for (const membership of await handle.db
  .select({ id: organisationMembers.organisationId })
  .from(organisationMembers)
  .where(eq(organisationMembers.userId, user.id))) {
  await handle.db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, membership.id));
}

const csrf = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
const csrfCookie = csrf.cookies.find((c: { name: string }) => c.name === 'pe_csrf');
if (!csrfCookie) {
  throw new Error('no CSRF cookie');
}
const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { 'x-csrftoken': csrfToken, cookie: `pe_csrf=${csrfCookie.value}`, origin: ORIGIN },
  payload: { email: 'bench@exemple.fr', password: PASSWORD },
});
if (signIn.statusCode !== 200) {
  throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
}
const cookie = [
  `pe_csrf=${csrfCookie.value}`,
  ...signIn.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`),
].join('; ');

await app.listen({ host: '127.0.0.1', port: 0 });
app.jobs.start();
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0, cookie, csrfToken });

process.on('message', async (message) => {
  if (message === 'close') {
    await app.close();
    await handle.close();
    process.exit(0);
  }
});
