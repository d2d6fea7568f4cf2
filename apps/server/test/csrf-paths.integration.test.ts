import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { listStateChangingRoutes } from '../src/plugins/csrf.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PCE = '12345678901234';
const TRUSTED = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';
const SIMPLE_CSV = 'date;kWh\n2025-01-01;100\n2025-01-02;120\n';

/** Every spelling of `/api/…` a router or a proxy might decode, fold or normalise into the real path. */
export function pathVariants(url: string): string[] {
  const rest = url.slice('/api'.length);
  return [
    url,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/%2561pi${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `/api.${rest}`,
    `/./api${rest}`,
    `/x/../api${rest}`,
    `//api${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/api${rest};x=1`,
    // Dot segments, encoded or not, and doubled slashes after the prefix (issue 21: better-auth's URL parser folded
    // `/api/auth/./sign-in/email` into the real path behind a wildcard route).
    `/api/.${rest}`,
    `/api/%2E${rest}`,
    `/api/x/..${rest}`,
    `/api/x/%2e%2e${rest}`,
    `/api/${rest}`,
  ];
}

/**
 * The state-changing routes in groups by their first segment after /api/ (the last group: every other route), one
 * test per group: the whole matrix of routes × spellings × headers in one test grew with the routes past the 5 s
 * timeout on a busy machine (issue #21 §3). Every route is in exactly one group, and each group must have routes.
 */
const ROUTE_GROUPS: readonly (readonly string[])[] = [
  ['auth'],
  ['admin'],
  ['organisations'],
  ['mandates'],
  ['audits'],
  ['simulator', 'optimisation', 'consumption-data'],
  ['sites', 'payments'],
];
const GROUP_NAMES = [...ROUTE_GROUPS.map((segments) => segments.join(', ')), 'every other'];
function groupOf(url: string): string {
  const segment = url.split('/')[2] ?? '';
  return ROUTE_GROUPS.find((segments) => segments.includes(segment))?.join(', ') ?? 'every other';
}

/** A body each route would accept from a legitimate client, so only the CSRF checks can refuse it. */
function bodyFor(url: string): unknown {
  if (url === '/api/consumption-data/') {
    return { pce: PCE, label: 'Forgé', csv: SIMPLE_CSV };
  }
  if (url === '/api/admin/users/:id/role') {
    return { role: 'admin' };
  }
  if (url === '/api/contact/') {
    return {
      name: 'Forge',
      email: 'forge@exemple.fr',
      topic: 'commercial',
      message: 'Message envoyé par une page tierce, qui ne doit jamais être enregistré.',
      website: '',
    };
  }
  if (url === '/api/simulator/simulate/') {
    return { ...PACKAGED_ACCEPTANCE_FORM };
  }
  if (url.includes('/sign-in/')) {
    return { email: 'root@exemple.fr', password: PASSWORD };
  }
  if (url.includes('/sign-up/')) {
    return { email: 'forged-account@exemple.fr', password: PASSWORD };
  }
  return {};
}

describe.each(testDatabaseKinds())('CSRF and Origin checks on every state-changing route on %s', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let plainUserId = '';
  let datasetId = '';

  /**
   * Row count of every table (one statement), and every user's role: any forged request that got through changes
   * one.
   */
  async function databaseState() {
    const db = t.database.handle.db;
    const tables = Object.values(schema).filter((table) => is(table, PgTable)) as PgTable[];
    const rows = await rowsOf<{ name: string; n: number }>(
      db,
      sql.join(
        tables.map((table) => sql`select ${getTableName(table)} as name, count(*)::int as n from ${table}`),
        sql` union all `,
      ),
    );
    const counts = Object.fromEntries(rows.map((row) => [row.name, row.n]));
    expect(Object.keys(counts)).toHaveLength(tables.length);
    const roles = await db.select({ id: schema.users.id, role: schema.users.role }).from(schema.users);
    return { counts, roles: roles.sort((a, b) => a.id.localeCompare(b.id)) };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: TRUSTED,
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '10000',
    });
    const db = t.database.handle.db;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(db, { email: 'root@exemple.fr', name: 'Root', role: 'admin', passwordHash });
    const plain = await insertVerifiedUser(db, {
      email: 'plain@exemple.fr',
      name: 'Plain',
      role: 'user',
      passwordHash,
    });
    plainUserId = plain.id;
    admin = new HttpClient(t.app);
    expect(
      (await admin.post('/api/auth/sign-in/email', { email: 'root@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
    const imported = await admin.post('/api/consumption-data/', { pce: PCE, csv: SIMPLE_CSV });
    expect(imported.statusCode, imported.body).toBe(201);
    datasetId = imported.json().dataset.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  function concrete(url: string): string {
    return url
      .replace('/consumption-data/:id/', `/consumption-data/${datasetId}/`)
      .replace('/users/:id/', `/users/${plainUserId}/`)
      .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
  }

  /** The group's routes that the CSRF checks cover (all but the exempt webhook); never none. */
  function routesOf(group: string) {
    const routes = listStateChangingRoutes(t.app).filter((item) => !item.exempt && groupOf(item.url) === group);
    expect(routes.length, `routes of the group ${group}`).toBeGreaterThan(0);
    return routes;
  }

  it('lists every state-changing route from the router itself, none exempt but the signed payment webhook', async () => {
    const routes = listStateChangingRoutes(t.app);
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /api/consumption-data/',
      'DELETE /api/consumption-data/:id/',
      'POST /api/simulator/simulate/',
      'POST /api/optimisation/',
      'PATCH /api/admin/users/:id/role',
      'POST /api/contact/',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-out',
      'POST /api/auth/revoke-other-sessions',
    ]) {
      expect(keys).toContain(expected);
    }
    // better-auth is reached only through its allow-listed routes: no wildcard forwards whatever path (issue 21).
    expect(keys.filter((key) => key.includes('*'))).toEqual([]);
    // The only exemption: the payment provider's webhook, which checks its own signature first (ADR 0027).
    expect(routes.filter((route) => route.exempt).map((route) => `${route.method} ${route.url}`)).toEqual([
      'POST /api/payments/webhook/',
    ]);
    const before = await databaseState();
    for (const url of pathVariants('/api/payments/webhook/')) {
      const unsigned = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: FOREIGN },
        payload: JSON.stringify({ id: 'evt_forged', type: 'customer.subscription.updated', data: { object: {} } }),
      });
      // The route (signature refused) or, for a spelling the router does not match, the CSRF check or 404.
      expect([400, 403, 404]).toContain(unsigned.statusCode);
      if (unsigned.statusCode !== 404) {
        expect(unsigned.json().code).toBe(unsigned.statusCode === 400 ? 'WEBHOOK_SIGNATURE_INVALID' : 'CSRF_INVALID');
      }
    }
    expect(await databaseState()).toEqual(before);
  });

  it.each(GROUP_NAMES)(
    'refuses every spelling of every state-changing path without X-CSRFToken, and changes nothing: %s',
    async (group) => {
      const before = await databaseState();
      const cookie = admin.cookieHeader();
      const accepted: string[] = [];
      for (const route of routesOf(group)) {
        const variants = pathVariants(concrete(route.url));
        for (const url of variants) {
          // Without an Origin only the token can refuse: that is the case every spelling must meet. The foreign
          // Origin is tried on the route's own path (the next test tries Origins on every spelling).
          for (const origin of url === variants[0] ? [undefined, FOREIGN] : [undefined]) {
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: { cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
              payload: JSON.stringify(bodyFor(route.url)),
            });
            if (
              ![403, 404].includes(response.statusCode) ||
              (response.statusCode === 403 && response.json().code !== 'CSRF_INVALID')
            ) {
              accepted.push(`${route.method} ${url} (Origin ${origin ?? 'absent'}) → ${response.statusCode}`);
            }
          }
        }
      }
      expect(accepted).toEqual([]);
      expect(await databaseState()).toEqual(before);
    },
  );

  it.each(GROUP_NAMES)(
    'refuses a foreign, `null` or unparsable Origin (or a foreign Referer) even with a valid token, on every spelling: %s',
    async (group) => {
      const before = await databaseState();
      const token = await admin.csrf();
      const cookie = admin.cookieHeader();
      const accepted: string[] = [];
      const sources: Record<string, string>[] = [
        { origin: FOREIGN },
        { origin: 'null' },
        { origin: 'http://localhost:3000.evil.example' },
        { origin: 'https://localhost:3000' },
        { origin: 'not a url' },
        { referer: `${FOREIGN}/page` },
        { referer: 'null' },
        { origin: FOREIGN, referer: `${TRUSTED}/app` },
      ];
      // Every source on each route's own path; on its other spellings, a foreign Origin and a foreign Referer (the
      // check reads the headers whatever the path: the product of every source and every spelling cost minutes).
      const sample = [{ origin: FOREIGN }, { referer: `${FOREIGN}/page` }];
      for (const route of routesOf(group)) {
        const variants = pathVariants(concrete(route.url));
        for (const url of variants) {
          for (const source of url === variants[0] ? sources : sample) {
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: { cookie, 'x-csrftoken': token, 'content-type': 'application/json', ...source },
              payload: JSON.stringify(bodyFor(route.url)),
            });
            if (response.statusCode !== 403 || response.json().code !== 'CSRF_INVALID') {
              accepted.push(`${route.method} ${url} (${JSON.stringify(source)}) → ${response.statusCode}`);
            }
          }
        }
      }
      expect(accepted).toEqual([]);
      expect(await databaseState()).toEqual(before);
    },
  );

  it('answers a refused Origin with the CSRF error body', async () => {
    const token = await admin.csrf();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/consumption-data/',
      headers: { cookie: admin.cookieHeader(), 'x-csrftoken': token, origin: FOREIGN },
      payload: bodyFor('/api/consumption-data/') as Record<string, unknown>,
    });
    expect(refused.json()).toEqual({ error: expect.stringContaining('CSRF'), code: 'CSRF_INVALID' });
  });

  it('still accepts the token from the trusted origin, from a same-site Referer, or from a client that sends neither', async () => {
    const token = await admin.csrf();
    const cookie = admin.cookieHeader();
    const body = (label: string) => ({ pce: PCE, label, csv: SIMPLE_CSV });
    for (const [label, headers] of [
      ['origin', { origin: TRUSTED }],
      ['referer', { referer: `${TRUSTED}/app/donnees` }],
      ['api-client', {}],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/consumption-data/',
        headers: { cookie, 'x-csrftoken': token, ...headers },
        payload: body(label),
      });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(201);
    }
    // The router decodes %61 → a: with the token and the trusted Origin the encoded spelling is a normal request.
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/consumption-data/',
      headers: { cookie, 'x-csrftoken': token, origin: TRUSTED },
      payload: body('encoded'),
    });
    expect(encoded.statusCode, encoded.body).toBe(201);
  });
});
