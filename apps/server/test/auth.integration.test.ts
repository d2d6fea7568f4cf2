import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.ts';
import { mailsTo, pathOf, waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

export const AUTH_TEST_ENV = {
  PUBLIC_URL: 'http://localhost:3000',
  PASSWORD_HASH_LOG_N: '10',
  AUTH_RATE_LIMIT_MAX: '1000',
};

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabaseKinds())('auth flows on %s', (kind) => {
  let t: TestApp;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind, AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signUpAndVerify(email: string, password = PASSWORD): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const signUp = await client.post('/api/auth/sign-up/email', { email, password, callbackURL: '/login?verified=1' });
    expect(signUp.statusCode).toBe(200);
    const mail = await waitForMail(db(), email, 'Confirmez votre adresse');
    const verify = await client.get(pathOf(mail.links[0] ?? ''));
    expect(verify.statusCode).toBe(302);
    return client;
  }

  async function signIn(email: string, password = PASSWORD): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password });
    expect(response.statusCode).toBe(200);
    return client;
  }

  it('signs up, verifies through the outbox link, signs in, reads the session and me, signs out', async () => {
    const browser = new HttpClient(t.app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email: 'Alice@Exemple.fr',
      password: PASSWORD,
      callbackURL: '/login?verified=1',
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({ token: null, user: { email: 'alice@exemple.fr', emailVerified: false } });
    expect(browser.sessionCookie()).toBeUndefined();

    const mail = await waitForMail(db(), 'alice@exemple.fr', 'Confirmez votre adresse');
    expect(mail.text).toContain('Bonjour');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const unverified = await browser.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(unverified.json().error).toContain('n’est pas encore vérifiée');

    const verify = await browser.get(pathOf(mail.links[0] ?? ''));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/login?verified=1');

    const signIn = await browser.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email: 'alice@exemple.fr', role: 'user', tier: 'free' });
    expect(signIn.headers['set-auth-token']).toEqual(expect.any(String));
    expect(browser.sessionCookie()).toBe('pe.session_token');
    expect(browser.cookies.has('pe_csrf')).toBe(true);

    const session = await browser.get('/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: 'alice@exemple.fr', role: 'user', emailVerified: true });

    const me = await browser.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'alice',
        email: 'alice@exemple.fr',
        emailVerified: true,
        image: null,
        role: 'user',
        tier: 'free',
      },
    });

    const signOut = await browser.post('/api/auth/sign-out');
    expect(signOut.statusCode).toBe(200);
    expect((await browser.get('/api/account/me')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('refuses auth calls without the CSRF token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'alice@exemple.fr', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_INVALID');
  });

  it('validates sign-up input with French messages (disposable domain, weak password)', async () => {
    const client = new HttpClient(t.app);
    const disposable = await client.post('/api/auth/sign-up/email', { email: 'x@yopmail.com', password: PASSWORD });
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().error).toContain('Les adresses e-mail temporaires ne sont pas autorisées.');
    const weak = await client.post('/api/auth/sign-up/email', { email: 'weak@exemple.fr', password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toContain('au moins 8 caractères, une majuscule, une minuscule et un chiffre');
  });

  describe('no account enumeration', () => {
    it('answers a sign-up with a known address exactly like a new one and tells the owner by mail', async () => {
      await signUpAndVerify('owner@exemple.fr');
      const client = new HttpClient(t.app);
      const fresh = await client.post('/api/auth/sign-up/email', { email: 'newcomer@exemple.fr', password: PASSWORD });
      const known = await client.post('/api/auth/sign-up/email', { email: 'owner@exemple.fr', password: PASSWORD });
      expect(known.statusCode).toBe(fresh.statusCode);
      const shape = (body: { user: Record<string, unknown> }) => ({
        ...body,
        user: { ...body.user, id: 'x', email: 'x', name: 'x', createdAt: 'x', updatedAt: 'x' },
      });
      expect(shape(known.json())).toEqual(shape(fresh.json()));
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      const notice = await waitForMail(db(), 'owner@exemple.fr', 'Tentative d’inscription');
      expect(notice.text).toContain('Aucun nouveau compte n’a été créé');
      // The existing account is untouched: the old password still works.
      await signIn('owner@exemple.fr');
    });

    it('answers a wrong password and an unknown e-mail with the same status and message', async () => {
      await signUpAndVerify('bob@exemple.fr');
      const client = new HttpClient(t.app);
      const wrongPassword = await client.post('/api/auth/sign-in/email', {
        email: 'bob@exemple.fr',
        password: 'Wrong-Password-1',
      });
      const unknown = await client.post('/api/auth/sign-in/email', {
        email: 'nobody@exemple.fr',
        password: 'Wrong-Password-1',
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrongPassword.json());
      expect(wrongPassword.json()).toEqual({
        error: 'E-mail ou mot de passe incorrect.',
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'E-mail ou mot de passe incorrect.',
      });
    });

    it('answers a reset request the same whether the account exists or not', async () => {
      await signUpAndVerify('carol@exemple.fr');
      const client = new HttpClient(t.app);
      const known = await client.post('/api/auth/request-password-reset', {
        email: 'carol@exemple.fr',
        redirectTo: '/login?mode=reset',
      });
      const unknown = await client.post('/api/auth/request-password-reset', {
        email: 'ghost@exemple.fr',
        redirectTo: '/login?mode=reset',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      await waitForMail(db(), 'carol@exemple.fr', 'Réinitialisation');
      expect(await mailsTo(db(), 'ghost@exemple.fr')).toEqual([]);
    });
  });

  it('resets the password through the mailed link and revokes every session', async () => {
    await signUpAndVerify('dave@exemple.fr');
    const laptop = await signIn('dave@exemple.fr');
    const phone = await signIn('dave@exemple.fr');
    expect((await laptop.get('/api/account/me')).statusCode).toBe(200);

    const anonymous = new HttpClient(t.app);
    const requested = Date.now();
    await anonymous.post('/api/auth/request-password-reset', {
      email: 'dave@exemple.fr',
      redirectTo: '/login?mode=reset',
    });
    const mail = await waitForMail(db(), 'dave@exemple.fr', 'Réinitialisation', { after: requested - 1000 });
    const open = await anonymous.get(pathOf(mail.links[0] ?? ''));
    expect(open.statusCode).toBe(302);
    const target = new URL(open.headers.location ?? '', 'http://localhost:3000');
    expect(target.pathname).toBe('/login');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);

    const reset = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'New-Password-42' });
    expect(reset.statusCode).toBe(200);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(401);
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);

    const reused = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'Other-Password-42' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');

    const oldPassword = await new HttpClient(t.app).post('/api/auth/sign-in/email', {
      email: 'dave@exemple.fr',
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn('dave@exemple.fr', 'New-Password-42');
    await waitForMail(db(), 'dave@exemple.fr', 'a été modifié');
  });

  it('changes the e-mail only when signed in, after the new address confirms', async () => {
    const signedOut = new HttpClient(t.app);
    const refused = await signedOut.post('/api/auth/change-email', { newEmail: 'eve-new@exemple.fr' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: 'Vous devez être connecté pour modifier votre adresse e-mail.',
      code: 'UNAUTHENTICATED',
    });

    await signUpAndVerify('eve@exemple.fr');
    const eve = await signIn('eve@exemple.fr');
    const changed = await eve.post('/api/auth/change-email', {
      newEmail: 'eve-new@exemple.fr',
      currentPassword: PASSWORD,
      callbackURL: '/private/account',
    });
    expect(changed.statusCode).toBe(200);
    expect((await eve.get('/api/account/me')).json().user.email).toBe('eve@exemple.fr');

    const mail = await waitForMail(db(), 'eve-new@exemple.fr', 'nouvelle adresse');
    const confirm = await eve.get(pathOf(mail.links[0] ?? ''));
    expect(confirm.statusCode).toBe(302);
    const me = (await eve.get('/api/account/me')).json();
    expect(me.user).toMatchObject({ email: 'eve-new@exemple.fr', emailVerified: true });
    await signIn('eve-new@exemple.fr');
  });

  it('authenticates an API client with the bearer token returned at sign-in', async () => {
    await signUpAndVerify('api@exemple.fr');
    const login = new HttpClient(t.app);
    const signedIn = await login.post('/api/auth/sign-in/email', { email: 'api@exemple.fr', password: PASSWORD });
    const token = signedIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');

    const apiClient = new HttpClient(t.app);
    apiClient.bearer = String(token);
    const me = await apiClient.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('api@exemple.fr');

    const forged = new HttpClient(t.app);
    forged.bearer = `${String(token).slice(0, -2)}xx`;
    expect((await forged.get('/api/account/me')).statusCode).toBe(401);

    // Signing out with the bearer token ends that session.
    expect((await apiClient.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await apiClient.get('/api/account/me')).statusCode).toBe(401);
  });

  it('tells the SPA which social providers are configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/common/auth-providers/' });
    expect(response.json()).toEqual({ google: false, microsoft: false });
    const social = await new HttpClient(t.app).post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/private',
    });
    expect(social.statusCode).toBe(404);
    expect(social.json().code).toBe('PROVIDER_NOT_FOUND');
  });
});
