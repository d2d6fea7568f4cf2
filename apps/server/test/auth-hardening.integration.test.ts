import { randomUUID } from 'node:crypto';
import { sql as drizzleSql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../src/adapters/mail/index.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { sessions, users, verifications } from '../src/db/schema.ts';
import { createAuth } from '../src/modules/auth/auth.ts';
import { MailDispatcher } from '../src/modules/auth/mail-dispatcher.ts';
import { HttpClient } from './helpers/http-client.ts';
import { mailsTo, pathOf, type StoredMail, waitForMail } from './helpers/outbox.ts';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

/**
 * Holds the whole database (PGlite, here or in its thread: an open transaction blocks every other query;
 * PostgreSQL: an exclusive lock on the auth tables) until `release()`.
 */
async function holdDatabase(handle: DatabaseHandle): Promise<() => Promise<void>> {
  if (handle.pglite) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const done = handle.pglite.transaction(async () => {
      started();
      await gate;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }
  if (handle.pgliteThread) {
    // The thread's pool has one connection: holding it in a transaction blocks every other query.
    const client = await handle.pgliteThread.pool.connect();
    await client.query('begin');
    return async () => {
      await client.query('rollback');
      client.release();
    };
  }
  const client = await (handle.pool as NonNullable<DatabaseHandle['pool']>).connect();
  await client.query('begin');
  await client.query('lock table users, accounts, verifications in access exclusive mode');
  return async () => {
    await client.query('rollback');
    client.release();
  };
}

describe.each(testDatabaseKinds())('auth hardening (ADR 0016) on %s', (kind) => {
  let t: TestApp;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_ACCOUNT_LIMIT_MAX: '3',
      AUTH_ACCOUNT_LIMIT_WINDOW_SECONDS: '600',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signUpAndVerify(email: string, password = PASSWORD): Promise<void> {
    const client = new HttpClient(t.app);
    const signUp = await client.post('/api/auth/sign-up/email', { email, password });
    expect(signUp.statusCode).toBe(200);
    const mail = await waitForMail(db(), email, 'Confirmez votre adresse');
    expect((await client.get(pathOf(mail.links[0] ?? ''))).statusCode).toBe(302);
  }

  async function signIn(email: string, password = PASSWORD): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password });
    expect(response.statusCode).toBe(200);
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
    const token = new URL(open.headers.location ?? '', 'http://localhost:3000').searchParams.get('token');
    expect(token).toBeTruthy();
    return String(token);
  }

  async function waitForMails(to: string, subject: string, count: number): Promise<StoredMail[]> {
    return vi.waitFor(
      async () => {
        const found = (await mailsTo(db(), to)).filter((mail) => mail.subject.includes(subject));
        expect(found.length).toBeGreaterThanOrEqual(count);
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
  }

  describe('e-mail change', () => {
    it('requires the current password (400 without it or with a wrong one, and no mail leaves)', async () => {
      await signUpAndVerify('reauth@exemple.fr');
      const user = await signIn('reauth@exemple.fr');
      const missing = await user.post('/api/auth/change-email', { newEmail: 'reauth-new@exemple.fr' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'CURRENT_PASSWORD_REQUIRED',
        error: 'Saisissez votre mot de passe actuel pour confirmer cette modification.',
      });
      const wrong = await user.post('/api/auth/change-email', {
        newEmail: 'reauth-new@exemple.fr',
        currentPassword: 'Wrong-Horse-9',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD', error: 'Mot de passe incorrect.' });
      expect(await mailsTo(db(), 'reauth-new@exemple.fr')).toEqual([]);
      expect((await user.get('/api/account/me')).json().user.email).toBe('reauth@exemple.fr');
    });

    it('mails the old address an undo link, keeps the old address valid until the new one confirms, and undoes (restores, revokes sessions, kills the change link)', async () => {
      await signUpAndVerify('owner-old@exemple.fr');
      const owner = await signIn('owner-old@exemple.fr');
      const attacker = await signIn('owner-old@exemple.fr');
      const changed = await attacker.post('/api/auth/change-email', {
        newEmail: 'attacker@exemple.fr',
        currentPassword: PASSWORD,
        callbackURL: '/private/account',
      });
      expect(changed.statusCode).toBe(200);

      const notice = await waitForMail(db(), 'owner-old@exemple.fr', 'Demande de changement');
      expect(notice.text).toContain('attacker@exemple.fr');
      expect(notice.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/undo-email-change\?token=/);

      // Until the new address confirms, the account is still the old address's: sign-in works with it.
      await signIn('owner-old@exemple.fr');
      const [row] = await db()
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, 'owner-old@exemple.fr'));
      expect(row?.email).toBe('owner-old@exemple.fr');

      const confirm = await waitForMail(db(), 'attacker@exemple.fr', 'nouvelle adresse');
      expect((await attacker.get(pathOf(confirm.links[0] ?? ''))).statusCode).toBe(302);
      expect((await attacker.get('/api/account/me')).json().user.email).toBe('attacker@exemple.fr');

      const undo = await new HttpClient(t.app).get(pathOf(notice.links[0] ?? ''));
      expect(undo.statusCode).toBe(302);
      expect(undo.headers.location).toBe('/login?emailChange=undone');
      // Every session is revoked, the old address is back (verified) and the new one no longer signs in.
      expect((await attacker.get('/api/account/me')).statusCode).toBe(401);
      expect((await owner.get('/api/account/me')).statusCode).toBe(401);
      const back = await signIn('owner-old@exemple.fr');
      expect((await back.get('/api/account/me')).json().user).toMatchObject({
        email: 'owner-old@exemple.fr',
        emailVerified: true,
      });
      expect(
        (
          await new HttpClient(t.app).post('/api/auth/sign-in/email', {
            email: 'attacker@exemple.fr',
            password: PASSWORD,
          })
        ).statusCode,
      ).toBe(401);

      // The change link (a stateless JWT) cannot be replayed, and the undo link is single-use.
      await new HttpClient(t.app).get(pathOf(confirm.links[0] ?? ''));
      expect((await back.get('/api/account/me')).json().user.email).toBe('owner-old@exemple.fr');
      const again = await new HttpClient(t.app).get(pathOf(notice.links[0] ?? ''));
      expect(again.headers.location).toBe('/login?emailChange=invalid');
    });

    it('an undo before confirmation cancels the pending change link', async () => {
      await signUpAndVerify('cancel@exemple.fr');
      const user = await signIn('cancel@exemple.fr');
      expect(
        (await user.post('/api/auth/change-email', { newEmail: 'cancel-new@exemple.fr', currentPassword: PASSWORD }))
          .statusCode,
      ).toBe(200);
      const notice = await waitForMail(db(), 'cancel@exemple.fr', 'Demande de changement');
      const confirm = await waitForMail(db(), 'cancel-new@exemple.fr', 'nouvelle adresse');
      expect((await new HttpClient(t.app).get(pathOf(notice.links[0] ?? ''))).headers.location).toBe(
        '/login?emailChange=undone',
      );
      await new HttpClient(t.app).get(pathOf(confirm.links[0] ?? ''));
      const me = (await (await signIn('cancel@exemple.fr')).get('/api/account/me')).json();
      expect(me.user.email).toBe('cancel@exemple.fr');
    });

    it('asks a Google-only account to sign in again unless its session is less than 5 minutes old', async () => {
      const userId = randomUUID();
      await db().insert(users).values({ id: userId, name: 'G', email: 'google-only@exemple.fr', emailVerified: true });
      const session = async (ageMinutes: number) => {
        const token = `tok${randomUUID().replaceAll('-', '')}`;
        await db()
          .insert(sessions)
          .values({
            id: randomUUID(),
            token,
            userId,
            createdAt: new Date(Date.now() - ageMinutes * 60_000),
            expiresAt: new Date(Date.now() + 3_600_000),
          });
        const client = new HttpClient(t.app);
        client.bearer = token;
        return client;
      };
      const stale = await (await session(10)).post('/api/auth/change-email', { newEmail: 'google-new@exemple.fr' });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
      expect(stale.json().error).toContain('reconnectez-vous');
      const fresh = await (await session(1)).post('/api/auth/change-email', { newEmail: 'google-new@exemple.fr' });
      expect(fresh.statusCode).toBe(200);
      await waitForMail(db(), 'google-only@exemple.fr', 'Demande de changement');
    });
  });

  describe('callback and redirect URLs are checked whatever NODE_ENV', () => {
    it('refuses a foreign redirectTo / callbackURL (reset request, reset link, sign-up)', async () => {
      await signUpAndVerify('origin@exemple.fr');
      const client = new HttpClient(t.app);
      const reset = await client.post('/api/auth/request-password-reset', {
        email: 'origin@exemple.fr',
        redirectTo: 'https://evil.example/steal',
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json()).toMatchObject({
        code: 'INVALID_REDIRECT_URL',
        error: 'Adresse de redirection non autorisée.',
      });

      const after = Date.now() - 1000;
      await resetLink('origin@exemple.fr', after);
      const mail = await waitForMail(db(), 'origin@exemple.fr', 'Réinitialisation', { after });
      const link = new URL(mail.links[0] ?? '');
      link.searchParams.set('callbackURL', 'https://evil.example/steal');
      const open = await client.get(`${link.pathname}${link.search}`);
      expect(open.headers.location ?? '').not.toContain('evil.example');
      expect(open.statusCode).toBe(403);

      const signUp = await client.post('/api/auth/sign-up/email', {
        email: 'origin2@exemple.fr',
        password: PASSWORD,
        callbackURL: 'https://evil.example/verified',
      });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json().code).toBe('INVALID_CALLBACK_URL');
    });

    it('refuses a callback that a URL parser would turn into another site (/.//host, encoded slashes, backslashes) on every endpoint that takes one', async () => {
      // Issue 21: `/.//evil.example/` passed the check and better-auth, normalising it, redirected to `//evil.example/`.
      await signUpAndVerify('dots@exemple.fr');
      const user = await signIn('dots@exemple.fr');
      const anonymous = new HttpClient(t.app);
      const link = await resetLink('dots@exemple.fr', Date.now() - 1000);
      for (const callback of [
        '/.//evil.example/',
        '/x/..//evil.example/',
        '/%2F%2Fevil.example/',
        '/%5C%5Cevil.example',
      ]) {
        const query = encodeURIComponent(callback);
        const answers = {
          'verify-email': await anonymous.get(`/api/auth/verify-email?token=x&callbackURL=${query}`),
          'reset link': await anonymous.get(`/api/auth/reset-password/${link}?callbackURL=${query}`),
          'request-password-reset': await anonymous.post('/api/auth/request-password-reset', {
            email: 'dots@exemple.fr',
            redirectTo: callback,
          }),
          'sign-up': await anonymous.post('/api/auth/sign-up/email', {
            email: 'dots-new@exemple.fr',
            password: PASSWORD,
            callbackURL: callback,
          }),
          'send-verification-email': await anonymous.post('/api/auth/send-verification-email', {
            email: 'dots@exemple.fr',
            callbackURL: callback,
          }),
          'sign-in/social': await anonymous.post('/api/auth/sign-in/social', {
            provider: 'google',
            errorCallbackURL: callback,
          }),
          'change-email': await user.post('/api/auth/change-email', {
            newEmail: 'dots-other@exemple.fr',
            currentPassword: PASSWORD,
            callbackURL: callback,
          }),
        };
        for (const [endpoint, answer] of Object.entries(answers)) {
          expect(answer.statusCode, `${endpoint} ${callback}: ${answer.headers.location ?? answer.body}`).toBe(403);
          expect(answer.json().code, endpoint).toMatch(/^INVALID_(CALLBACK|REDIRECT|ERROR_CALLBACK)_URL$/);
        }
      }
      // The link still works with our own page.
      const open = await anonymous.get(
        `/api/auth/reset-password/${link}?callbackURL=${encodeURIComponent('/login?mode=reset')}`,
      );
      expect(open.statusCode).toBe(302);
      expect(open.headers.location).toMatch(/^(http:\/\/localhost:3000)?\/login\?mode=reset&token=/);
    });

    it('keeps better-auth’s own URL checks on under NODE_ENV=test (no weaker test path)', async () => {
      expect(process.env.NODE_ENV).toBe('test');
      const mail = new MailDispatcher(createMailer(t.config, db(), t.app.log), t.app.log);
      const auth = createAuth({
        config: t.config,
        db: db(),
        secret: TEST_SECRET,
        mail,
        logger: t.app.log,
        hashing: t.app.passwordHashing,
      });
      const context = await auth.$context;
      expect(context.skipOriginCheck).toBe(false);
      expect(context.isTrustedOrigin('https://evil.example/steal', { allowRelativePaths: true })).toBe(false);
      expect(context.isTrustedOrigin('http://localhost:3000/login', { allowRelativePaths: true })).toBe(true);
    });
  });

  describe('password reset request', () => {
    it('answers before any database work, for a known address as for an unknown one (no timing oracle)', async () => {
      await signUpAndVerify('timing@exemple.fr');
      const client = new HttpClient(t.app);
      await client.csrf();
      const requested = Date.now();
      const release = await holdDatabase(t.database.handle);
      try {
        for (const email of ['timing@exemple.fr', 'nobody-timing@exemple.fr']) {
          const answer = client.post('/api/auth/request-password-reset', { email, redirectTo: '/login?mode=reset' });
          // The database is held: an answer can only come if nothing on its path waits for it.
          const bound = new Promise<'waited for the database'>((resolve) =>
            setTimeout(() => resolve('waited for the database'), 3000).unref(),
          );
          const outcome = await Promise.race([answer, bound]);
          expect(outcome, email).not.toBe('waited for the database');
          expect(typeof outcome === 'object' && outcome.statusCode).toBe(200);
        }
      } finally {
        await release();
      }
      // The work happens afterwards: the mail still reaches the known address.
      await waitForMail(db(), 'timing@exemple.fr', 'Réinitialisation', { after: requested - 1000 });
    });

    it('a newer reset (or a password change) kills every older reset link', async () => {
      await signUpAndVerify('links@exemple.fr');
      const start = Date.now() - 1000;
      const older = await resetLink('links@exemple.fr', start);
      await waitForMails('links@exemple.fr', 'Réinitialisation', 1);
      const newer = await resetLink('links@exemple.fr', Date.now());
      expect(newer).not.toBe(older);
      const anonymous = new HttpClient(t.app);
      expect(
        (await anonymous.post('/api/auth/reset-password', { token: newer, newPassword: 'Lanterne-Verte-8' }))
          .statusCode,
      ).toBe(200);
      const stale = await anonymous.post('/api/auth/reset-password', { token: older, newPassword: 'Lanterne-Rouge-8' });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe('INVALID_TOKEN');

      // change-password does the same.
      const pending = await resetLink('links@exemple.fr', Date.now());
      const user = await signIn('links@exemple.fr', 'Lanterne-Verte-8');
      const change = await user.post('/api/auth/change-password', {
        currentPassword: 'Lanterne-Verte-8',
        newPassword: 'Lanterne-Bleue-8',
      });
      expect(change.statusCode).toBe(200);
      const dead = await anonymous.post('/api/auth/reset-password', {
        token: pending,
        newPassword: 'Lanterne-Rouge-8',
      });
      expect(dead.statusCode).toBe(400);
      expect(dead.json().code).toBe('INVALID_TOKEN');
    });
    it('change-password answers 200 only once the older reset links are dead', async () => {
      // The links were killed after the answer had left: on PostgreSQL a reset sent at once could be served by
      // another pooled connection before the deletion ran (issue 21: « got 200 instead of 400 »). A deletion that
      // cannot happen shows the order on every database: the client must not hear « changed » while links live.
      await signUpAndVerify('order@exemple.fr');
      const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'order@exemple.fr'));
      const pending = await resetLink('order@exemple.fr', Date.now() - 1000);
      const user = await signIn('order@exemple.fr');
      const sql = (text: string) => db().execute(drizzleSql.raw(text));
      await sql(`create function pe_test_keep_reset_links() returns trigger language plpgsql as $$
        begin
          if old.identifier like 'reset-password:%' and old.value = '${owner?.id}' then
            raise exception 'reset links held by the test';
          end if;
          return old;
        end $$`);
      await sql(`create trigger pe_test_keep_reset_links before delete on verifications
        for each row execute function pe_test_keep_reset_links()`);
      let change: Awaited<ReturnType<HttpClient['post']>>;
      try {
        change = await user.post('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'Lanterne-Verte-8',
        });
      } finally {
        await sql('drop trigger pe_test_keep_reset_links on verifications');
        await sql('drop function pe_test_keep_reset_links()');
      }
      expect(change.statusCode).toBe(500);
      expect(change.json().code).toBe('INTERNAL_ERROR');
      // Nothing told the client the change was complete while the link lived; once deletions work, they run.
      const [row] = await db()
        .select({ id: verifications.id })
        .from(verifications)
        .where(eq(verifications.identifier, `reset-password:${pending}`));
      expect(row).toBeDefined();
    });
  });

  describe('one password policy', () => {
    it('refuses a common password at sign-up, reset and change, and applies the strength score to change-password', async () => {
      const client = new HttpClient(t.app);
      const common = await client.post('/api/auth/sign-up/email', {
        email: 'common@exemple.fr',
        password: 'Password123!',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().error).toBe(
        'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
      );

      await signUpAndVerify('policy@exemple.fr');
      const token = await resetLink('policy@exemple.fr', Date.now() - 1000);
      const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'Soleil2024!' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toContain('les plus courants');

      const user = await signIn('policy@exemple.fr');
      const weak = await user.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'motdepasse',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toContain('au moins 8 caractères, une majuscule, une minuscule et un chiffre');
      const commonChange = await user.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Password123!',
      });
      expect(commonChange.statusCode).toBe(400);
      expect(commonChange.json().error).toContain('les plus courants');
      // Nothing changed: the old password still signs in.
      await signIn('policy@exemple.fr');
    });
  });

  describe('bounded password hashing', () => {
    it('queues a sign-in when every hashing slot is busy and refuses the next with 503 + Retry-After', async () => {
      await signUpAndVerify('queue@exemple.fr');
      const limiter = t.app.passwordHashing;
      let release!: () => void;
      const held = limiter.run(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      );
      const first = new HttpClient(t.app);
      const second = new HttpClient(t.app);
      await first.csrf();
      await second.csrf();
      const queued = first.post('/api/auth/sign-in/email', { email: 'queue@exemple.fr', password: PASSWORD });
      await vi.waitFor(() => expect(limiter.queued).toBe(1), { timeout: 5000, interval: 10 });

      const refused = await second.post('/api/auth/sign-in/email', { email: 'queue@exemple.fr', password: PASSWORD });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        error: 'Le service est très sollicité. Veuillez réessayer dans quelques secondes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(limiter.running).toBe(1);

      release();
      await held;
      expect((await queued).statusCode).toBe(200);
      expect(limiter.running).toBe(0);
    });

    it('answers 503 too when the queue fills up inside better-auth (a route without the early check)', async () => {
      await signUpAndVerify('inside@exemple.fr');
      const user = await signIn('inside@exemple.fr');
      await user.csrf();
      const limiter = t.app.passwordHashing;
      const gates: (() => void)[] = [];
      const hold = () =>
        limiter.run(
          () =>
            new Promise<void>((resolve) => {
              gates.push(resolve);
            }),
        );
      const held = [hold(), hold()];
      expect(limiter.full).toBe(true);
      try {
        const refused = await user.post('/api/auth/verify-password', { password: PASSWORD });
        expect(refused.statusCode).toBe(503);
        expect(refused.json().code).toBe('SERVICE_UNAVAILABLE');
        expect(refused.headers['retry-after']).toBe('5');
      } finally {
        await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
        gates.shift()?.();
        await vi.waitFor(() => expect(gates.length).toBe(1));
        gates.shift()?.();
        await Promise.all(held);
      }
      expect((await user.post('/api/auth/verify-password', { password: PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('per-user change-password limit', () => {
    it('refuses change-password after 3 tries for one user, whatever the IP', async () => {
      await signUpAndVerify('changer@exemple.fr');
      const user = await signIn('changer@exemple.fr');
      const token = await user.csrf();
      let ip = 1;
      const attempt = (currentPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          remoteAddress: `10.2.0.${ip++}`,
          headers: { 'x-csrftoken': token, cookie: user.cookieHeader() },
          payload: { currentPassword, newPassword: 'Lanterne-Verte-8' },
        });
      for (let n = 0; n < 3; n++) {
        expect((await attempt('Wrong-Horse-9')).json().code).toBe('INVALID_PASSWORD');
      }
      const locked = await attempt(PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('RATE_LIMITED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('update-user', () => {
    it('caps the name like sign-up and takes only an https image URL', async () => {
      await signUpAndVerify('profile@exemple.fr');
      const user = await signIn('profile@exemple.fr');
      const huge = await user.post('/api/auth/update-user', { name: 'x'.repeat(900_000) });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().code).toBe('VALIDATION_FAILED');
      for (const image of [
        'javascript:alert(1)',
        'http://exemple.fr/a.png',
        `https://exemple.fr/${'a'.repeat(2100)}`,
      ]) {
        const refused = await user.post('/api/auth/update-user', { image });
        expect(refused.statusCode, image.slice(0, 30)).toBe(400);
      }
      expect((await user.post('/api/auth/update-user', { role: 'admin' })).statusCode).toBe(400);
      const ok = await user.post('/api/auth/update-user', { name: 'Profil', image: 'https://exemple.fr/a.png' });
      expect(ok.statusCode).toBe(200);
      expect((await user.get('/api/account/me')).json().user).toMatchObject({
        name: 'Profil',
        image: 'https://exemple.fr/a.png',
        role: 'user',
      });
    });
  });
});
