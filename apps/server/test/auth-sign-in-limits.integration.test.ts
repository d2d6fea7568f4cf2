import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { HttpClient } from './helpers/http-client.ts';
import { pathOf, waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';
import { cleanRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './helpers/test-redis.ts';

const PASSWORD = 'Correct-Horse-9';

/**
 * Sign-in limits that slow an attacker without locking the owner out (ADR 0044, issue 21 §1.5), on both
 * rate-limit stores: per address and network, a global cap per address that the owner's device cookie escapes,
 * lifted by a reset.
 */
const cases = testDatabaseKinds().flatMap((kind) => (['memory', 'redis'] as const).map((store) => ({ kind, store })));

describe.each(cases)('sign-in limits on $kind with the $store store', ({ kind, store }) => {
  let t: TestApp;
  const prefix = uniqueRedisPrefix();
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_ACCOUNT_LIMIT_MAX: '3',
      AUTH_ACCOUNT_LIMIT_WINDOW_SECONDS: '600',
      AUTH_ACCOUNT_GLOBAL_MAX: '6',
      RATE_LIMIT_STORE: store,
      ...(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
    if (store === 'redis') {
      await cleanRedisPrefix(prefix);
    }
  });

  async function signUpAndVerify(email: string): Promise<void> {
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-up/email', { email, password: PASSWORD })).statusCode).toBe(200);
    const mail = await waitForMail(db(), email, 'Confirmez votre adresse');
    expect((await client.get(pathOf(mail.links[0] ?? ''))).statusCode).toBe(302);
  }

  async function signIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return client;
  }

  async function resetLink(email: string, after: number): Promise<string> {
    const anonymous = new HttpClient(t.app);
    expect(
      (await anonymous.post('/api/auth/request-password-reset', { email, redirectTo: '/login?mode=reset' })).statusCode,
    ).toBe(200);
    const mail = await waitForMail(db(), email, 'Réinitialisation', { after });
    const open = await anonymous.get(pathOf(mail.links[0] ?? ''));
    expect(open.statusCode).toBe(302);
    return new URL(open.headers.location ?? '', 'http://localhost:3000').searchParams.get('token') ?? '';
  }

  function attempt(client: HttpClient, token: string, ip: string, email: string, password = 'Wrong-Horse-9') {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: ip,
      headers: { 'x-csrftoken': token, cookie: client.cookieHeader() },
      payload: { email, password },
    });
  }

  it('blocks an address after 3 failures from one network, not its owner elsewhere; the same for an unknown address', async () => {
    await signUpAndVerify('target@exemple.fr');
    const [target] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'target@exemple.fr'));
    const userSessions = async () =>
      (
        await db()
          .select()
          .from(sessions)
          .where(eq(sessions.userId, target?.id ?? ''))
      ).length;
    const client = new HttpClient(t.app);
    const token = await client.csrf();
    for (const email of ['target@exemple.fr', 'ghost-target@exemple.fr']) {
      for (let n = 0; n < 3; n++) {
        expect((await attempt(client, token, '10.1.0.1', email)).statusCode, email).toBe(401);
      }
      const blocked = await attempt(client, token, '10.1.0.1', email, PASSWORD);
      expect(blocked.statusCode, email).toBe(429);
      expect(blocked.json()).toEqual({
        error: 'Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans 10 min.',
        code: 'RATE_LIMITED',
        message: 'Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans 10 min.',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    }
    // The refusal stops the request: the right password sent while blocked is never checked (no session).
    expect(await userSessions()).toBe(0);
    expect(t.app.passwordHashing.running).toBe(0);
    // The owner, from another network, is not locked out by the attacker's failures (it was, for 15 minutes).
    expect((await attempt(client, token, '10.1.0.2', 'target@exemple.fr', PASSWORD)).statusCode).toBe(200);
    expect(await userSessions()).toBe(1);
    expect((await attempt(client, token, '10.1.0.2', 'ghost-target@exemple.fr')).statusCode).toBe(401);

    // IPv6: one /64 is one network (a subscriber's prefix holds 2^64 addresses).
    await signUpAndVerify('six@exemple.fr');
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) {
      expect((await attempt(client, token, ip, 'six@exemple.fr')).statusCode).toBe(401);
    }
    expect((await attempt(client, token, '2001:db8:1:2::99', 'six@exemple.fr', PASSWORD)).statusCode).toBe(429);
    expect((await attempt(client, token, '2001:db8:1:3::1', 'six@exemple.fr', PASSWORD)).statusCode).toBe(200);
  });

  it('caps an address at AUTH_ACCOUNT_GLOBAL_MAX attempts whatever the network, except from a browser that signed in to it before; a password reset lifts the cap', async () => {
    await signUpAndVerify('capped@exemple.fr');
    // The owner's browser signed in once: it holds a device cookie for this account.
    const owner = await signIn('capped@exemple.fr');
    expect(owner.cookies.get('pe_device')).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const attacker = new HttpClient(t.app);
    const token = await attacker.csrf();
    // Six failures from six networks: the address's budget for the hour (the owner's success did not count).
    for (let n = 0; n < 6; n++) {
      expect((await attempt(attacker, token, `10.3.0.${n + 1}`, 'capped@exemple.fr')).statusCode).toBe(401);
    }
    const capped = await attempt(attacker, token, '10.3.1.1', 'capped@exemple.fr', PASSWORD);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    // A forged or foreign device cookie does not help.
    attacker.cookies.set('pe_device', (owner.cookies.get('pe_device') ?? '').replace(/^./, 'A'));
    expect((await attempt(attacker, token, '10.3.1.2', 'capped@exemple.fr', PASSWORD)).statusCode).toBe(429);
    // The owner's browser still signs in.
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'capped@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);

    // A successful reset lifts the cap for every other client too.
    const link = await resetLink('capped@exemple.fr', Date.now() - 1000);
    const reset = await new HttpClient(t.app).post('/api/auth/reset-password', {
      token: link,
      newPassword: 'Lanterne-Verte-8',
    });
    expect(reset.statusCode).toBe(200);
    // Successful sign-ins without the cookie (new browsers, API clients) do not use up the budget.
    for (let n = 0; n < 8; n++) {
      const fresh = new HttpClient(t.app);
      const freshToken = await fresh.csrf();
      const answer = await attempt(fresh, freshToken, `10.3.2.${n + 1}`, 'capped@exemple.fr', 'Lanterne-Verte-8');
      expect(answer.statusCode).toBe(200);
    }
  });

  it('another address from the same networks is not affected', async () => {
    await signUpAndVerify('bystander@exemple.fr');
    const client = new HttpClient(t.app);
    const token = await client.csrf();
    expect((await attempt(client, token, '10.1.0.1', 'bystander@exemple.fr', PASSWORD)).statusCode).toBe(200);
    expect((await attempt(client, token, '10.3.0.1', 'bystander@exemple.fr', PASSWORD)).statusCode).toBe(200);
  });
});
