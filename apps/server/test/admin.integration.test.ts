import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser, updateUserRole } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabaseKinds())('admin API on %s', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let staff: HttpClient;
  let user: HttpClient;
  let adminId: string;
  let userId: string;

  async function signedIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const db = t.database.handle.db;
    const hasher = createPasswordHasher(10);
    const passwordHash = await hasher.hash(PASSWORD);
    adminId = (await insertVerifiedUser(db, { email: 'root@exemple.fr', name: 'Root', role: 'admin', passwordHash }))
      .id;
    await insertVerifiedUser(db, { email: 'support@exemple.fr', name: 'Support', role: 'staff', passwordHash });
    userId = (
      await insertVerifiedUser(db, { email: 'plain@exemple.fr', name: 'Plain User', role: 'user', passwordHash })
    ).id;
    for (let n = 0; n < 25; n++) {
      await insertVerifiedUser(db, { email: `client${n}@societe.fr`, name: `Client ${n}`, role: 'user', passwordHash });
    }
    admin = await signedIn('root@exemple.fr');
    staff = await signedIn('support@exemple.fr');
    user = await signedIn('plain@exemple.fr');
    // One mail in the outbox (a password reset link).
    await new HttpClient(t.app).post('/api/auth/request-password-reset', { email: 'plain@exemple.fr' });
    await waitForMail(db, 'plain@exemple.fr', 'Réinitialisation');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries the role to the client (session and me)', async () => {
    expect((await admin.get('/api/account/me')).json().user).toMatchObject({ role: 'admin', email: 'root@exemple.fr' });
    expect((await staff.get('/api/auth/get-session')).json().user.role).toBe('staff');
    expect((await user.get('/api/account/me')).json().user.role).toBe('user');
  });

  it('answers 401 when signed out and 403 to a plain user on every admin endpoint', async () => {
    const anonymous = new HttpClient(t.app);
    const calls = [
      (c: HttpClient) => c.get('/api/admin/users'),
      (c: HttpClient) => c.patch(`/api/admin/users/${userId}/role`, { role: 'admin' }),
      (c: HttpClient) => c.get('/api/admin/outbox'),
    ];
    for (const call of calls) {
      const signedOut = await call(anonymous);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ error: 'Authentification requise', code: 'UNAUTHENTICATED' });
      const forbidden = await call(user);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('FORBIDDEN');
    }
    expect((await user.get('/api/account/me')).json().user.role).toBe('user');
  });

  it('lists users with search and paging for staff and admin', async () => {
    const firstPage = await staff.get('/api/admin/users?page=1&pageSize=10');
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json()).toMatchObject({ total: 28, page: 1, pageSize: 10 });
    expect(firstPage.json().items).toHaveLength(10);
    const lastPage = (await admin.get('/api/admin/users?page=3&pageSize=10')).json();
    expect(lastPage.items).toHaveLength(8);

    const byEmail = (await admin.get('/api/admin/users?q=SOCIETE.fr&pageSize=100')).json();
    expect(byEmail.total).toBe(25);
    const byName = (await admin.get(`/api/admin/users?q=${encodeURIComponent('plain user')}`)).json();
    expect(byName.items.map((item: { email: string }) => item.email)).toEqual(['plain@exemple.fr']);
    expect(byName.items[0]).toEqual({
      id: userId,
      name: 'Plain User',
      email: 'plain@exemple.fr',
      emailVerified: true,
      role: 'user',
      tier: 'free',
      // The organisation whose plan applies (ADR 0078): the personal one the sign-up trigger made.
      organisation: { id: expect.any(String), name: 'Plain User' },
      createdAt: expect.any(String),
    });
    const wildcard = (await admin.get('/api/admin/users?q=%25')).json();
    expect(wildcard.total).toBe(0);

    const badPage = await admin.get('/api/admin/users?pageSize=1000');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets only an admin change roles, never their own', async () => {
    const byStaff = await staff.patch(`/api/admin/users/${userId}/role`, { role: 'staff' });
    expect(byStaff.statusCode).toBe(403);

    const promoted = await admin.patch(`/api/admin/users/${userId}/role`, { role: 'staff' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user).toMatchObject({ id: userId, role: 'staff' });
    // Takes effect at once for the user's live session.
    expect((await user.get('/api/account/me')).json().user.role).toBe('staff');
    expect((await user.get('/api/admin/users')).statusCode).toBe(200);

    const invalid = await admin.patch(`/api/admin/users/${userId}/role`, { role: 'superuser' });
    expect(invalid.statusCode).toBe(400);
    const missing = await admin.patch('/api/admin/users/nope/role', { role: 'user' });
    expect(missing.statusCode).toBe(404);

    const selfDemotion = await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'user' });
    expect(selfDemotion.statusCode).toBe(403);
    expect(selfDemotion.json().error).toContain('votre propre rôle');
    expect((await admin.get('/api/account/me')).json().user.role).toBe('admin');

    await updateUserRole(t.database.handle.db, userId, 'user');
  });

  it('shows the outbox: full mails to admins, headers only to staff', async () => {
    const full = await admin.get('/api/admin/outbox?page=1&pageSize=5');
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ mode: 'outbox', page: 1, pageSize: 5 });
    const mail = full.json().items.find((item: { to: string }) => item.to === 'plain@exemple.fr');
    expect(mail).toMatchObject({ subject: expect.stringContaining('Réinitialisation'), redacted: false });
    expect(mail.links[0]).toContain('/api/auth/reset-password/');
    expect(mail.text).toContain('Bonjour');

    const redacted = (await staff.get('/api/admin/outbox')).json();
    const same = redacted.items.find((item: { id: string }) => item.id === mail.id);
    expect(same).toMatchObject({ to: 'plain@exemple.fr', text: null, html: null, links: [], redacted: true });
  });
});
