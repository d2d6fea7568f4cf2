import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const SIGN_IN = '/api/auth/sign-in/email';
const WRONG = { email: 'x@exemple.fr', password: 'Wrong-Pass-1' };

describe.each(testDatabaseKinds())('TRUST_PROXY and per-IP limits on %s', (kind) => {
  // `true` is read as 1 (config.test.ts); a list names the proxy (the socket peer is 127.0.0.1 under inject).
  for (const setting of ['1', '127.0.0.1']) {
    describe(`TRUST_PROXY=${setting}`, () => {
      let t: TestApp;

      beforeAll(async () => {
        t = await createTestApp(kind, {
          PUBLIC_URL: 'http://localhost:3000',
          PASSWORD_HASH_LOG_N: '10',
          AUTH_RATE_LIMIT_MAX: '2',
          AUTH_RATE_LIMIT_WINDOW_SECONDS: '120',
          TRUST_PROXY: setting,
        });
      });
      afterAll(async () => {
        await t?.close();
      });

      it('keys the auth rate limit on the address our proxy saw: rotating the left-most X-Forwarded-For does not help', async () => {
        const client = new HttpClient(t.app);
        // The proxy (the socket peer, 127.0.0.1 under inject) appends the client's real address, 203.0.113.5;
        // everything left of it is written by the client.
        const attempt = (n: number, realClient = '203.0.113.5') =>
          client.post(SIGN_IN, WRONG, { 'x-forwarded-for': `198.51.100.${n}, 10.${n}.0.1, ${realClient}` });
        expect((await attempt(1)).statusCode).toBe(401);
        expect((await attempt(2)).statusCode).toBe(401);
        const limited = await attempt(3);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().code).toBe('RATE_LIMITED');
        expect((await attempt(4)).statusCode).toBe(429);

        // Another real client behind the same proxy keeps its own budget.
        expect((await attempt(5, '203.0.113.6')).statusCode).toBe(401);
      });
    });
  }
});
