import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('auth rate limits on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '2',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '120',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After once a client IP exceeds the sign-in limit', async () => {
    const client = new HttpClient(t.app);
    const attempt = () => client.post('/api/auth/sign-in/email', { email: 'x@exemple.fr', password: 'Wrong-Pass-1' });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringContaining('Trop de requêtes'), code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);

    // Another IP is not affected; each route has its own budget.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.0.0.9',
      headers: { 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader() },
      payload: { email: 'x@exemple.fr', password: 'Wrong-Pass-1' },
    });
    expect(elsewhere.statusCode).toBe(401);
    const reset = await client.post('/api/auth/request-password-reset', { email: 'x@exemple.fr' });
    expect(reset.statusCode).toBe(200);
  });

  it('limits sign-up, password reset, verification resends and change-password too', async () => {
    const client = new HttpClient(t.app);
    const routes: [string, (n: number) => unknown][] = [
      ['/api/auth/sign-up/email', (n) => ({ email: `new${n}@exemple.fr`, password: 'Correct-Horse-9' })],
      ['/api/auth/reset-password', () => ({ token: 'nope', newPassword: 'Correct-Horse-9' })],
      ['/api/auth/send-verification-email', () => ({ email: 'x@exemple.fr' })],
      // Each try costs a 128 MiB scrypt: limited like sign-in (ADR 0016).
      ['/api/auth/change-password', () => ({ currentPassword: 'Wrong-Pass-1', newPassword: 'Correct-Horse-9' })],
    ];
    for (const [url, body] of routes) {
      const statuses: number[] = [];
      for (let n = 0; n < 3; n++) {
        statuses.push((await client.post(url, body(n))).statusCode);
      }
      expect(statuses[2], url).toBe(429);
      expect(
        statuses.slice(0, 2).every((status) => status !== 429),
        url,
      ).toBe(true);
    }
  });
});
