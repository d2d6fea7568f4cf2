import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { HttpClient } from './helpers/http-client.ts';
import { followProviderRedirects, type LocalOidcProvider, startOidcProvider } from './helpers/oidc-provider.ts';
import { pathOf, waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/callback/google`;

describe.each(testDatabaseKinds())('Google sign-in (OIDC) against a local provider on %s', (kind) => {
  let oidc: LocalOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    oidc = await startOidcProvider(CALLBACK);
    t = await createTestApp(kind, {
      PUBLIC_URL,
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });

  /** The SPA's "Google" button, the provider's pages, then the browser landing on our callback. */
  async function signInWithGoogle(browser: HttpClient) {
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/private',
      errorCallbackURL: '/login?oauth=failed',
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ redirect: true, url: expect.stringContaining(`${oidc.issuer}/auth?`) });
    const back = await followProviderRedirects(start.json().url, CALLBACK);
    return browser.get(`${back.pathname}${back.search}`);
  }

  it('says Google is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/common/auth-providers/' });
    expect(response.json()).toEqual({ google: true, microsoft: false });
  });

  it('creates a verified user at the first Google sign-in and signs them in', async () => {
    oidc.signInAs({ sub: 'google-1', email: 'Gina@Gmail.test', email_verified: true, name: 'Gina Google' });
    const browser = new HttpClient(t.app);
    const callback = await signInWithGoogle(browser);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/private');
    const me = (await browser.get('/api/account/me')).json();
    expect(me.user).toMatchObject({ email: 'gina@gmail.test', name: 'Gina Google', emailVerified: true, role: 'user' });

    // Second visit: same user, same linked account.
    const again = new HttpClient(t.app);
    expect((await signInWithGoogle(again)).headers.location).toBe('/private');
    expect((await again.get('/api/account/me')).json().user.id).toBe(me.user.id);
    const linked = await t.database.handle.db.select().from(accounts).where(eq(accounts.userId, me.user.id));
    expect(linked.map((account) => [account.providerId, account.accountId])).toEqual([['google', 'google-1']]);
  });

  it('links Google to a local account only once the local e-mail is verified', async () => {
    const local = new HttpClient(t.app);
    const signUp = await local.post('/api/auth/sign-up/email', {
      email: 'lena@exemple.fr',
      password: 'Correct-Horse-9',
      callbackURL: '/login?verified=1',
    });
    expect(signUp.statusCode).toBe(200);
    oidc.signInAs({ sub: 'google-lena', email: 'lena@exemple.fr', email_verified: true, name: 'Lena' });

    // Unverified local address: no link, no session; the SPA gets its error URL.
    const refused = new HttpClient(t.app);
    const refusedCallback = await signInWithGoogle(refused);
    expect(refusedCallback.statusCode).toBe(302);
    const errorUrl = new URL(refusedCallback.headers.location ?? '', PUBLIC_URL);
    expect(errorUrl.pathname).toBe('/login');
    expect(errorUrl.searchParams.get('oauth')).toBe('failed');
    expect(errorUrl.searchParams.get('error')).toBe('account_not_linked');
    expect(refused.sessionCookie()).toBeUndefined();
    const [lena] = await t.database.handle.db.select().from(users).where(eq(users.email, 'lena@exemple.fr'));
    expect(
      await t.database.handle.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, lena?.id ?? '')),
    ).toHaveLength(1);

    // After verification, the same Google account joins the local user.
    const mail = await waitForMail(t.database.handle.db, 'lena@exemple.fr', 'Confirmez votre adresse');
    expect((await local.get(pathOf(mail.links[0] ?? ''))).statusCode).toBe(302);
    const accepted = new HttpClient(t.app);
    expect((await signInWithGoogle(accepted)).headers.location).toBe('/private');
    const me = (await accepted.get('/api/account/me')).json();
    expect(me.user).toMatchObject({ id: lena?.id, email: 'lena@exemple.fr' });
  });

  it('does not link a Google account whose e-mail Google has not verified', async () => {
    const owner = new HttpClient(t.app);
    await owner.post('/api/auth/sign-up/email', { email: 'victor@exemple.fr', password: 'Correct-Horse-9' });
    const mail = await waitForMail(t.database.handle.db, 'victor@exemple.fr', 'Confirmez votre adresse');
    await owner.get(pathOf(mail.links[0] ?? ''));

    oidc.signInAs({ sub: 'google-mallory', email: 'victor@exemple.fr', email_verified: false, name: 'Mallory' });
    const attacker = new HttpClient(t.app);
    const callback = await signInWithGoogle(attacker);
    expect(new URL(callback.headers.location ?? '', PUBLIC_URL).searchParams.get('error')).toBe('account_not_linked');
    expect(attacker.sessionCookie()).toBeUndefined();
  });
});
