/**
 * CPU time per request of the simulator's routes, in process (no network, no autocannon): `npx tsx
 * bench/simulate-cpu.ts [sourceRoot]`. Builds the real app (buildApp, in-memory PGlite) from this worktree or from
 * baselines extracted by bench/baseline.ts (`BENCH_BASELINE=<ref>[,<ref>…]`: measured in the same run, rounds alternated),
 * signs one user in and sends BENCH_SIM_REQUESTS (default 200) sequential requests per route and round through
 * `app.inject`, reading process.cpuUsage() around each (user + system, PGlite included); BENCH_SIM_ROUNDS (default 3)
 * rounds, the median request of all rounds kept. On a loaded machine wall time moves with the neighbours, CPU time
 * hardly: that is the figure to compare (docs/performance.md, ADR 0046).
 *
 * Routes: POST /api/simulator/simulate/ (the bench body of bench/api-target.ts, or the sample code for a baseline
 * without the official PITD table), GET /api/simulator/options/pitd/ with a code and a commune, and
 * GET /api/simulator/communes/:insee/pitd (Paris 1er).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIMULATE_BODY } from './api-target.ts';
import { extractBaseline } from './baseline.ts';

const REQUESTS = Number(process.env.BENCH_SIM_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_SIM_ROUNDS ?? 3);
const PASSWORD = 'Correct-Horse-9';
const here = path.resolve(import.meta.dirname, '..');

interface Route {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly payload?: string;
}

type Inject = (route: Route) => Promise<{ statusCode: number; body: string }>;

async function open(
  root: string,
  label: string,
): Promise<{ label: string; inject: Inject; routes: Route[]; close(): Promise<void> }> {
  const from = (file: string) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
  const [
    { buildApp },
    { loadConfig },
    { openDatabase },
    { runMigrations },
    { users },
    { insertVerifiedUser },
    { createPasswordHasher },
    { eq },
  ] = await Promise.all([
    from('app.ts'),
    from('config/env.ts'),
    from('db/client.ts'),
    from('db/migrate.ts'),
    from('db/schema.ts'),
    from('modules/admin/repository.ts'),
    from('modules/auth/password.ts'),
    import('drizzle-orm'),
  ]);
  const handle = await openDatabase({});
  await runMigrations(handle);
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pe-bench-')),
    AUTH_RATE_LIMIT_MAX: '10000',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, database: handle, secret: randomBytes(32).toString('hex'), logger: false });
  await app.ready();
  const email = `bench-${randomBytes(4).toString('hex')}@exemple.fr`;
  const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  const user = await insertVerifiedUser(handle.db, { email, name: 'Bench', role: 'user', passwordHash });
  await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, user.id));
  const csrf = await app.inject({ method: 'GET', url: '/api/common/get-csrf-token/' });
  const csrfCookie = csrf.cookies.find((c: { name: string }) => c.name === 'pe_csrf')?.value as string;
  const headers = {
    'x-csrftoken': csrf.json().csrfToken,
    origin: 'http://127.0.0.1',
    'content-type': 'application/json',
  };
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...headers, cookie: `pe_csrf=${csrfCookie}` },
    payload: { email, password: PASSWORD },
  });
  const cookie = [
    `pe_csrf=${csrfCookie}`,
    ...signIn.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`),
  ].join('; ');
  const inject: Inject = (route) =>
    app.inject({ method: route.method, url: route.url, headers: { ...headers, cookie }, payload: route.payload });
  // The bench body's code, or the sample PITD of a baseline that has no official table.
  const official =
    (await inject({ name: 'probe', method: 'POST', url: '/api/simulator/simulate/', payload: SIMULATE_BODY }))
      .statusCode === 200;
  const body = official ? SIMULATE_BODY : SIMULATE_BODY.replace('GD1057', 'ECH-PITD-0001');
  const code = official ? 'GD1057' : 'ECH-PITD-0001';
  const routes: Route[] = [
    { name: 'POST simulate', method: 'POST', url: '/api/simulator/simulate/', payload: body },
    {
      name: 'GET options/pitd',
      method: 'GET',
      url: `/api/simulator/options/pitd/?code=${code}&commune=Paris&tso=NaTran`,
    },
    { name: 'GET communes/75101/pitd', method: 'GET', url: '/api/simulator/communes/75101/pitd' },
  ];
  return {
    label: `${label}${official ? '' : ' (sample PITD)'}`,
    inject,
    routes,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** CPU ms of each of `count` sequential requests. */
async function round(inject: Inject, route: Route, count: number): Promise<number[]> {
  const cpu: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const before = process.cpuUsage();
    const response = await inject(route);
    const used = process.cpuUsage(before);
    if (response.statusCode === 404 && route.name.startsWith('GET communes')) {
      return []; // a baseline without the route
    }
    if (response.statusCode !== 200) {
      throw new Error(`${route.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    cpu.push((used.user + used.system) / 1000);
  }
  return cpu;
}

const median = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : ([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number);

const targets = [await open(here, 'HEAD (worktree)')];
for (const ref of process.env.BENCH_BASELINE?.split(',').filter(Boolean) ?? []) {
  const baseline = extractBaseline(ref);
  targets.push(await open(baseline.root, baseline.label));
}
const samples = new Map<string, number[]>();
for (const target of targets) {
  for (const route of target.routes) {
    await round(target.inject, route, 30); // warm-up
  }
}
for (let r = 0; r < ROUNDS; r += 1) {
  for (const target of targets) {
    for (const route of target.routes) {
      const key = `${target.label}\u0000${route.name}`;
      samples.set(key, [...(samples.get(key) ?? []), ...(await round(target.inject, route, REQUESTS))]);
    }
  }
}
for (const [key, values] of samples) {
  const [label, route] = key.split('\u0000');
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(
    `${label} | ${route} | median ${median(values).toFixed(2)} ms CPU | mean ${mean.toFixed(2)} ms | n=${values.length}`,
  );
}
for (const target of targets) {
  await target.close();
}
