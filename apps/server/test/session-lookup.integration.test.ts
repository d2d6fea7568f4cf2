/**
 * The session lookup (ADR 0022): a cookie session is answered with one query instead of better-auth's
 * getSession, but with the same answers. Two app instances share one database, as in production: a sign-out or
 * a revocation on one must end the session on every instance at once (no in-memory cache).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sessions, users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { singleCookie } from '../src/modules/auth/session.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, sharedWorkerPool, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const DAY = 24 * 60 * 60 * 1000;

describe('singleCookie', () => {
  it('reads one cookie like better-call (trimmed, unquoted, URI-decoded) and gives up on a repeated one', () => {
    expect(singleCookie(undefined, 'pe.session_token')).toBeNull();
    expect(singleCookie('a=1; b=2', 'pe.session_token')).toBeNull();
    expect(singleCookie('a=1;  pe.session_token = abc.def%3D ; b=2', 'pe.session_token')).toBe('abc.def=');
    expect(singleCookie('pe.session_token="abc.def="', 'pe.session_token')).toBe('abc.def=');
    expect(singleCookie('pe.session_token=a; pe.session_token=b', 'pe.session_token')).toBeUndefined();
    expect(singleCookie('pe.session_token=%E0%A4%A', 'pe.session_token')).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('session lookup on %s', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' });
    // A second instance on the same database.
    other = await buildApp({
      config: t.config,
      database: t.database.handle,
      secret: TEST_SECRET,
      logger: false,
      workerPool: sharedWorkerPool,
    });
    await other.ready();
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const user = await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    userId = user.id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  let onA: HttpClient;
  let onB: HttpClient;
  beforeEach(async () => {
    onA = new HttpClient(t.app);
    const signIn = await onA.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    onB = new HttpClient(other);
    for (const [name, value] of onA.cookies) {
      onB.cookies.set(name, value);
    }
  });

  const me = async (client: HttpClient) => (await client.get('/api/account/me')).statusCode;
  const sessionName = (client: HttpClient) => client.sessionCookie() as string;
  const rowOf = async (client: HttpClient) => {
    const token = decodeURIComponent(client.cookies.get(sessionName(client)) as string).split('.')[0] as string;
    const [row] = await t.database.handle.db.select().from(sessions).where(eq(sessions.token, token));
    return row;
  };

  it('serves the session on both instances; a sign-out on one ends it on the other at once', async () => {
    expect(await me(onA)).toBe(200);
    const response = await onB.get('/api/account/me');
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: userId, email: 'alice@exemple.fr', role: 'user', image: null });
    expect((await onA.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await me(onB)).toBe(401);
  });

  it('a session revoked in the database stops working on every instance for the very next request', async () => {
    expect(await me(onA)).toBe(200);
    expect(await me(onB)).toBe(200);
    const row = await rowOf(onA);
    await t.database.handle.db.delete(sessions).where(eq(sessions.id, row?.id as string));
    expect(await me(onB)).toBe(401);
    expect(await me(onA)).toBe(401);
  });

  it('a role change applies at once (the user is read with the session, not cached)', async () => {
    expect((await onB.get('/api/account/me')).json().user.role).toBe('user');
    await t.database.handle.db.update(users).set({ role: 'staff' }).where(eq(users.id, userId));
    expect((await onB.get('/api/account/me')).json().user.role).toBe('staff');
    await t.database.handle.db.update(users).set({ role: 'user' }).where(eq(users.id, userId));
  });

  it('refuses a cookie whose signature or token was changed', async () => {
    const name = sessionName(onA);
    const value = decodeURIComponent(onA.cookies.get(name) as string);
    const [token, signature] = value.split('.') as [string, string];
    const forged = new HttpClient(other);
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    forged.cookies.set(name, encodeURIComponent(`${token}.${flip(signature, 3)}`));
    expect(await me(forged)).toBe(401);
    forged.cookies.set(name, encodeURIComponent(`${flip(token, 3)}.${signature}`));
    expect(await me(forged)).toBe(401);
    forged.cookies.set(name, encodeURIComponent(token));
    expect(await me(forged)).toBe(401);
    // The genuine cookie still works.
    expect(await me(onB)).toBe(200);
  });

  it('an expired session is refused and deleted', async () => {
    const row = await rowOf(onA);
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, row?.id as string));
    expect(await me(onB)).toBe(401);
    expect(await rowOf(onA)).toBeUndefined();
  });

  it('a session due for its daily refresh is extended to 7 days (better-auth’s refresh still runs)', async () => {
    const row = await rowOf(onA);
    // Created more than a day ago: 6 days and 23 h left.
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 6 * DAY - 60 * 60 * 1000) })
      .where(eq(sessions.id, row?.id as string));
    expect(await me(onB)).toBe(200);
    const refreshed = await rowOf(onA);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
  });

  it('a bearer token (bearer-session.integration.test.ts), and a repeated cookie (better-auth), are served', async () => {
    const name = sessionName(onA);
    const value = onA.cookies.get(name) as string;
    const api = new HttpClient(other);
    api.bearer = decodeURIComponent(value);
    expect(await me(api)).toBe(200);
    const twice = await other.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { cookie: `${name}=${value}; ${name}=${value}` },
    });
    expect(twice.statusCode).toBe(200);
  });
});
