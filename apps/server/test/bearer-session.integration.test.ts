/**
 * Bearer tokens (how API clients call, spec §7; ADR 0046): resolved by the same one prepared query as a session
 * cookie, not by better-auth's getSession, with the same answers — and, as for cookies, no cache: a signed-out,
 * revoked or expired token is refused on the very next request, on every instance.
 */
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../src/adapters/mail/index.ts';
import { buildApp } from '../src/app.ts';
import { sessions } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { type Auth, createAuth } from '../src/modules/auth/auth.ts';
import { MailDispatcher } from '../src/modules/auth/mail-dispatcher.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { bearerValue, createActorResolver, type ResolveActor } from '../src/modules/auth/session.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, sharedWorkerPool, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

describe('bearerValue', () => {
  it('reads the header as better-auth’s bearer plugin does, and leaves odd shapes to it', () => {
    expect(bearerValue('Bearer abc.def=', TEST_SECRET)).toBe('abc.def=');
    expect(bearerValue('bEaReR   abc.def%3D  ', TEST_SECRET)).toBe('abc.def=');
    // A bare token is signed as the plugin signs it.
    expect(bearerValue('Bearer abc', TEST_SECRET)).toMatch(/^abc\.[A-Za-z0-9+/]{43}=$/);
    expect(bearerValue('Basic abc.def=', TEST_SECRET)).toBeUndefined();
    expect(bearerValue('Bearer ', TEST_SECRET)).toBeUndefined();
    expect(bearerValue('Bearer a.b.c', TEST_SECRET)).toBeUndefined();
    expect(bearerValue('Bearer a-b', TEST_SECRET)).toBeUndefined();
    expect(bearerValue('Bearer %E0%A4%A.x', TEST_SECRET)).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('bearer tokens on %s', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  let auth: Auth;
  /** Answers who each resolver sees: ours (`fast`) and better-auth's getSession alone (`reference`). */
  let probe: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(kind, { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' });
    // A second instance on the same database, as in production.
    other = await buildApp({
      config: t.config,
      database: t.database.handle,
      secret: TEST_SECRET,
      logger: false,
      workerPool: sharedWorkerPool,
    });
    await other.ready();
    const db = t.database.handle.db;
    await insertVerifiedUser(db, {
      email: 'api@exemple.fr',
      name: 'API',
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const mail = new MailDispatcher(createMailer(t.config, db, t.app.log), t.app.log);
    auth = createAuth({
      config: t.config,
      db,
      secret: TEST_SECRET,
      mail,
      logger: t.app.log,
      hashing: t.app.passwordHashing,
    });
    const fast = createActorResolver(auth, db);
    const reference = createActorResolver(auth);
    const who = async (resolve: ResolveActor, request: FastifyRequest) => (await resolve(request))?.user.id ?? null;
    probe = Fastify({ logger: false });
    probe.get('/fast', async (request) => ({ fast: await who(fast, request) }));
    probe.get('/both', async (request) => ({
      fast: await who(fast, request),
      reference: await who(reference, request),
    }));
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
    await other?.close();
    await t?.close();
  });

  let token: string;
  let userId: string;
  let cookie: string;
  beforeEach(async () => {
    const login = new HttpClient(t.app);
    const signIn = await login.post('/api/auth/sign-in/email', { email: 'api@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    token = String(signIn.headers['set-auth-token']);
    userId = signIn.json().user.id;
    cookie = login.cookieHeader();
  });

  const client = (app: FastifyInstance, bearer: string) => {
    const api = new HttpClient(app);
    api.bearer = bearer;
    return api;
  };
  const me = async (api: HttpClient) => (await api.get('/api/account/me')).statusCode;
  const tokenRow = async () => {
    const [row] = await t.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, token.split('.')[0] as string));
    return row;
  };

  it('resolves a bearer token with the one prepared query, without better-auth’s getSession', async () => {
    const getSession = vi.spyOn(auth.api, 'getSession');
    try {
      const response = await probe.inject({ url: '/fast', headers: { authorization: `Bearer ${token}` } });
      expect(response.json()).toEqual({ fast: userId });
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it('answers every spelling of the header as better-auth does', async () => {
    const [raw, signature] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    const cases: { authorization: string; cookie?: string; expected: 'user' | null }[] = [
      { authorization: `Bearer ${token}`, expected: 'user' },
      { authorization: `bearer   ${token} `, expected: 'user' },
      { authorization: `Bearer ${encodeURIComponent(token)}`, expected: 'user' },
      // better-auth's bearer plugin (requireSignature off) signs a bare token itself.
      { authorization: `Bearer ${raw}`, expected: 'user' },
      { authorization: `Bearer ${raw}.${flip(signature, 3)}`, expected: null },
      { authorization: `Bearer ${flip(raw, 3)}.${signature}`, expected: null },
      { authorization: `Bearer ${flip(raw, 3)}`, expected: null },
      { authorization: `Bearer ${raw}.${signature.replace(/=$/, '')}`, expected: null },
      { authorization: `Bearer ${token}.${signature}`, expected: null },
      { authorization: 'Bearer ', expected: null },
      // A bearer token the plugin does not take leaves the session cookie in charge.
      { authorization: `Bearer ${raw}.${flip(signature, 3)}`, cookie, expected: 'user' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, cookie, expected: 'user' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, expected: null },
    ];
    for (const { authorization, cookie: sent, expected } of cases) {
      const response = await probe.inject({
        url: '/both',
        headers: { authorization, ...(sent ? { cookie: sent } : {}) },
      });
      expect({ authorization, sent: sent !== undefined, ...response.json() }).toEqual({
        authorization,
        sent: sent !== undefined,
        fast: expected === 'user' ? userId : null,
        reference: expected === 'user' ? userId : null,
      });
    }
  });

  it('a token signed out with itself is refused at once, on every instance', async () => {
    const onA = client(t.app, token);
    const onB = client(other, token);
    expect(await me(onA)).toBe(200);
    expect(await me(onB)).toBe(200);
    expect((await onA.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await me(onB)).toBe(401);
    expect(await me(onA)).toBe(401);
  });

  it('a token whose session is revoked in the database is refused on the very next request', async () => {
    const onB = client(other, token);
    expect(await me(onB)).toBe(200);
    await t.database.handle.db.delete(sessions).where(eq(sessions.id, (await tokenRow())?.id as string));
    expect(await me(onB)).toBe(401);
    expect(await me(client(t.app, token))).toBe(401);
  });

  it('an expired token is refused (and its session deleted)', async () => {
    const onB = client(other, token);
    expect(await me(onB)).toBe(200);
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await tokenRow())?.id as string));
    expect(await me(onB)).toBe(401);
    expect(await tokenRow()).toBeUndefined();
  });
});
