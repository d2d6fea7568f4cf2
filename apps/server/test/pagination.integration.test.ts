import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, paginationMessages } from '@pilote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionDatasets, consumptionReadings, users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { PASSWORD, PCE, twoUsers } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const BASE = '/api/consumption-data/';
const ALICE_DATASETS = 150;

interface ListPage {
  items: { id: string; createdAt: string }[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every list endpoint: `?page=&pageSize=`, 20 by default, 100 at most, French 400 outside (ADR 0020). */
describe.each(testDatabaseKinds())('paginated lists on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;
  let admin: HttpClient;

  /** `count` datasets of one day each, created one minute apart (the newest is `${prefix}-000`). */
  async function seedDatasets(email: string, prefix: string, count: number) {
    const db = t.database.handle.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) {
      throw new Error(`no user ${email}`);
    }
    const start = Date.UTC(2026, 0, 1);
    const organisationId = await personalOrganisationOf(db, user.id);
    const datasets = Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(3, '0')}`,
      userId: user.id,
      organisationId,
      pce: PCE,
      sourceFormat: 'simple',
      unit: 'kWh',
      createdAt: new Date(start - i * 60_000),
    }));
    await db.insert(consumptionDatasets).values(datasets);
    await db
      .insert(consumptionReadings)
      .values(datasets.map((d) => ({ datasetId: d.id, date: '2025-01-01', kwh: 100, quality: 'mesure' })));
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    ({ alice, bob } = await twoUsers(t));
    await seedDatasets('alice@exemple.fr', 'alice', ALICE_DATASETS);
    await seedDatasets('bob@exemple.fr', 'bob', 2);

    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'admin@exemple.fr',
      name: 'Admin',
      role: 'admin',
      passwordHash,
    });
    admin = new HttpClient(t.app);
    const signIn = await admin.post('/api/auth/sign-in/email', { email: 'admin@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the first page of 150 datasets at the default size, with the total, newest first', async () => {
    const response = await alice.get(BASE);
    expect(response.statusCode).toBe(200);
    const body = response.json<ListPage>();
    expect(body).toMatchObject({ total: ALICE_DATASETS, page: 1, pageSize: PAGE_SIZE_DEFAULT });
    expect(PAGE_SIZE_DEFAULT).toBe(20);
    expect(body.items).toHaveLength(20);
    expect(body.items.map((d) => d.id).slice(0, 3)).toEqual(['alice-000', 'alice-001', 'alice-002']);

    // Bob's own list: his 2, none of Alice's.
    const bobs = (await bob.get(BASE)).json<ListPage>();
    expect(bobs).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(bobs.items.map((d) => d.id)).toEqual(['bob-000', 'bob-001']);
  });

  it('walks every page once (no item twice, none missing) and enforces the maximum page size', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page += 1) {
      const body = (await alice.get(`${BASE}?page=${page}&pageSize=20`)).json<ListPage>();
      expect(body.items).toHaveLength(page === 8 ? 10 : 20);
      seen.push(...body.items.map((d) => d.id));
    }
    expect(new Set(seen).size).toBe(ALICE_DATASETS);
    const beyond = (await alice.get(`${BASE}?page=9`)).json<ListPage>();
    expect(beyond).toMatchObject({ items: [], total: ALICE_DATASETS, page: 9 });

    const largest = (await alice.get(`${BASE}?pageSize=${PAGE_SIZE_MAX}`)).json<ListPage>();
    expect(PAGE_SIZE_MAX).toBe(100);
    expect(largest.items).toHaveLength(100);
    expect(largest.pageSize).toBe(100);
  });

  it.each([
    ['pageSize=101', paginationMessages.pageSize],
    ['pageSize=0', paginationMessages.pageSize],
    ['pageSize=abc', paginationMessages.pageSize],
    ['pageSize=2.5', paginationMessages.pageSize],
    ['page=0', paginationMessages.page],
    ['page=-1', paginationMessages.page],
    ['page=100001', paginationMessages.page],
  ])('answers a French 400 to ?%s on every list endpoint', async (query, message) => {
    for (const [client, path] of [
      [alice, BASE],
      [admin, '/api/admin/users'],
      [admin, '/api/admin/outbox'],
      [admin, '/api/admin/contact-messages'],
    ] as const) {
      const response = await client.get(`${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      const body = response.json<{ error: string; code: string }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.error).toContain(message);
    }
  });

  it('pages the admin lists with the same defaults and shape', async () => {
    for (const path of ['/api/admin/users', '/api/admin/outbox', '/api/admin/contact-messages']) {
      const response = await admin.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.json(), path).toMatchObject({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
      expect(typeof response.json<ListPage>().total).toBe('number');
    }
    const users = (await admin.get('/api/admin/users?pageSize=2')).json<ListPage>();
    expect(users).toMatchObject({ total: 3, pageSize: 2 });
    expect(users.items).toHaveLength(2);
  });
});
