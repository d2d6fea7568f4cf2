import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../src/adapters/rate-limit/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { cleanRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './helpers/test-redis.ts';

const prefix = uniqueRedisPrefix();
const clients: Redis[] = [];

function redisStore(): CounterStore {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return new RedisCounterStore(client, prefix);
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await cleanRedisPrefix(prefix);
});

describe.each([
  ['memory', () => new MemoryCounterStore(prefix)],
  ['redis', redisStore],
] as const)('counter store (%s): increment with TTL (ADR 0018)', (_kind, make) => {
  it('counts hits in a window, peeks without counting, resets, and keys are independent', async () => {
    const store = make();
    expect(await store.peek('sign-in:a@exemple.fr')).toEqual({ count: 0, ttlMs: 0 });
    const first = await store.increment('sign-in:a@exemple.fr', 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await store.increment('sign-in:a@exemple.fr', 60_000)).count).toBe(2);
    expect((await store.peek('sign-in:a@exemple.fr')).count).toBe(2);
    expect((await store.increment('sign-in:b@exemple.fr', 60_000)).count).toBe(1);
    await store.reset('sign-in:a@exemple.fr');
    expect((await store.increment('sign-in:a@exemple.fr', 60_000)).count).toBe(1);
    await store.close();
  });

  it('starts a new window once the TTL has passed', async () => {
    const store = make();
    expect((await store.increment('short', 30)).count).toBe(1);
    const deadline = Date.now() + 2000;
    let hit = await store.increment('short', 30);
    while (hit.count !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      hit = await store.increment('short', 30);
    }
    expect(hit.count).toBe(1);
    await store.close();
  });
});

describe('counter store on Redis: shared by instances (ADR 0018)', () => {
  it('two connections (two instances) count in the same window', async () => {
    const a = redisStore();
    const b = redisStore();
    expect((await a.increment('shared', 60_000)).count).toBe(1);
    expect((await b.increment('shared', 60_000)).count).toBe(2);
    expect((await a.peek('shared')).count).toBe(2);
  });
});

describe('rate limits when Redis is unreachable (ADR 0018: fail closed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_KEY_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a limited route answers 500 instead of going through unlimited; routes without a limit still answer', async () => {
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/simulator/simulations/00000000-0000-4000-8000-000000000000/pdf?exp=1&sig=x',
    });
    expect(limited.statusCode).toBe(500);
    expect(limited.json()).toEqual({
      error: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      code: 'INTERNAL_ERROR',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
