import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users, verifications } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { mailsTo, pathOf, waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'Correct-Horse-9';
const WRONG = 'Wrong-Horse-9';

/**
 * Every spelling of `/api/auth/<tail>` that a URL parser (better-auth's, a browser's, a proxy's) may fold into the
 * real path: dot segments, encoded dots and slashes, double slashes, backslashes, trailing dots and slashes, case.
 */
export function authPathSpellings(path: string): string[] {
  const tail = path.slice('/api/auth/'.length);
  const capitalised = tail.replace(/^[a-z]/, (letter) => letter.toUpperCase());
  return [
    `/api/auth/./${tail}`,
    `/api/auth/%2E/${tail}`,
    `/api/auth/%2e/${tail}`,
    `/api/auth/.%2E/auth/${tail}`,
    `/api/auth/x/../${tail}`,
    `/api/auth/x/%2E%2E/${tail}`,
    `/api/auth/x/.%2e/${tail}`,
    `/api/auth/x%2F..%2F${tail}`,
    `/api/auth/%2F${tail}`,
    `/api/auth//${tail}`,
    `/api/auth/\\${tail}`,
    `/api/auth/%5C${tail}`,
    `/api/auth/${tail}/`,
    `/api/auth/${tail}/.`,
    `/api/auth/${tail}.`,
    `/api/auth/${tail}%2F`,
    `/api/auth/${tail};x=1`,
    `/api/auth/${capitalised}`,
    `/api/auth/${tail.toUpperCase()}`,
    `/api/AUTH/${tail}`,
    `/%61pi/auth/./${tail}`,
    `/api/./auth/${tail}`,
    `/api/%2E/auth/${tail}`,
  ];
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): { code?: string; [key: string]: unknown };
}

describe.each(testDatabaseKinds())('auth paths: one spelling per endpoint, over real HTTP, on %s', (kind) => {
  let t: TestApp;
  let port = 0;
  let passwordHash = '';
  let nextIp = 0;
  let nextUser = 0;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_MAX: '3',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
      AUTH_ACCOUNT_LIMIT_MAX: '3',
      AUTH_ACCOUNT_LIMIT_WINDOW_SECONDS: '600',
      AUTH_ACCOUNT_GLOBAL_MAX: '5',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh client address (behind the trusted loopback proxy), so that every scenario has its own IP budget. */
  function freshIp(): string {
    nextIp += 1;
    return `198.51.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
  }

  /** One raw HTTP request: the path goes on the wire exactly as written (no client-side URL normalisation). */
  function send(
    method: 'GET' | 'POST',
    path: string,
    options: { ip: string; cookie?: string; csrf?: string; body?: unknown },
  ): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip, origin: PUBLIC_URL };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
    }
    if (options.cookie) {
      headers.cookie = options.cookie;
    }
    if (options.csrf) {
      headers['x-csrftoken'] = options.csrf;
    }
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  /** A browser-like session over real HTTP: its CSRF cookie and token, then (optionally) a signed-in session. */
  class Browser {
    private cookies = new Map<string, string>();
    private token = '';

    constructor(readonly ip: string) {}

    cookie(): string {
      return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }

    private keep(answer: Answer): Answer {
      const setCookie = answer.headers['set-cookie'] ?? [];
      for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
        const [pair] = line.split(';');
        const index = pair?.indexOf('=') ?? -1;
        if (pair && index > 0) {
          const value = pair.slice(index + 1);
          if (value === '' || /max-age=0/i.test(line)) {
            this.cookies.delete(pair.slice(0, index));
          } else {
            this.cookies.set(pair.slice(0, index), value);
          }
        }
      }
      return answer;
    }

    async csrf(): Promise<string> {
      if (!this.token) {
        const answer = this.keep(await send('GET', '/api/common/get-csrf-token/', { ip: this.ip }));
        this.token = answer.json().csrfToken as string;
      }
      return this.token;
    }

    async post(path: string, body: unknown): Promise<Answer> {
      const csrf = await this.csrf();
      return this.keep(await send('POST', path, { ip: this.ip, cookie: this.cookie(), csrf, body }));
    }

    async get(path: string): Promise<Answer> {
      return this.keep(await send('GET', path, { ip: this.ip, cookie: this.cookie() }));
    }
  }

  async function newUser(label: string): Promise<{ id: string; email: string }> {
    nextUser += 1;
    const email = `${label}-${nextUser}@exemple.fr`;
    const row = await insertVerifiedUser(db(), { email, name: label, role: 'user', passwordHash });
    return { id: row.id, email };
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(freshIp());
    const answer = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(answer.status, answer.text).toBe(200);
    return browser;
  }

  async function storedHash(userId: string): Promise<string | null> {
    const [row] = await db()
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return row?.password ?? null;
  }

  /** What must hold for a spelled request that a control should have stopped: it did not succeed. */
  function refused(answer: Answer, what: string): void {
    expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  }

  /**
   * Each control of a dedicated route, as a scenario: `arm` brings the control to the point where the canonical
   * path is refused, `attack` sends the same request through a spelling, `holds` checks nothing happened.
   */
  const controls: {
    name: string;
    path: string;
    scenario(spelled: string): Promise<void>;
  }[] = [
    {
      name: 'per-IP sign-in limit',
      path: '/api/auth/sign-in/email',
      async scenario(spelled) {
        const user = await newUser('per-ip');
        const attacker = new Browser(freshIp());
        for (let n = 0; n < 3; n++) {
          await attacker.post('/api/auth/sign-in/email', { email: `nobody-${n}-${user.email}`, password: WRONG });
        }
        const canonical = await attacker.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
        expect(canonical.status).toBe(429);
        refused(await attacker.post(spelled, { email: user.email, password: PASSWORD }), spelled);
      },
    },
    {
      name: 'per-account sign-in limit',
      path: '/api/auth/sign-in/email',
      async scenario(spelled) {
        const user = await newUser('per-account');
        // Wrong passwords from many addresses, up to the account's cap whatever the IP (AUTH_ACCOUNT_GLOBAL_MAX).
        for (let n = 0; n < 5; n++) {
          await new Browser(freshIp()).post('/api/auth/sign-in/email', { email: user.email, password: WRONG });
        }
        const canonical = await new Browser(freshIp()).post('/api/auth/sign-in/email', {
          email: user.email,
          password: PASSWORD,
        });
        expect(canonical.status).toBe(429);
        refused(await new Browser(freshIp()).post(spelled, { email: user.email, password: PASSWORD }), spelled);
      },
    },
    {
      name: 'change-password limit',
      path: '/api/auth/change-password',
      async scenario(spelled) {
        const user = await newUser('change-limit');
        const session = await signedIn(user.email);
        const before = await storedHash(user.id);
        for (let n = 0; n < 3; n++) {
          const wrong = await session.post('/api/auth/change-password', {
            currentPassword: WRONG,
            newPassword: 'Lanterne-Verte-8',
          });
          expect(wrong.status).toBe(400);
        }
        const canonical = await session.post('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'Lanterne-Verte-8',
        });
        expect(canonical.status).toBe(429);
        refused(await session.post(spelled, { currentPassword: PASSWORD, newPassword: 'Lanterne-Verte-8' }), spelled);
        expect(await storedHash(user.id)).toBe(before);
      },
    },
    {
      name: 'password policy of change-password',
      path: '/api/auth/change-password',
      async scenario(spelled) {
        const user = await newUser('change-policy');
        const session = await signedIn(user.email);
        const before = await storedHash(user.id);
        const canonical = await session.post('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'motdepasse',
        });
        expect(canonical.status).toBe(400);
        refused(await session.post(spelled, { currentPassword: PASSWORD, newPassword: 'motdepasse' }), spelled);
        expect(await storedHash(user.id)).toBe(before);
      },
    },
    {
      name: 'password policy of sign-up',
      path: '/api/auth/sign-up/email',
      async scenario(spelled) {
        nextUser += 1;
        const email = `common-${nextUser}@exemple.fr`;
        const browser = new Browser(freshIp());
        expect((await browser.post('/api/auth/sign-up/email', { email, password: 'Password123!' })).status).toBe(400);
        refused(await browser.post(spelled, { email, password: 'Password123!', name: 'Common' }), spelled);
        expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
      },
    },
    {
      name: 're-authentication and old-address mail of an e-mail change',
      path: '/api/auth/change-email',
      async scenario(spelled) {
        const user = await newUser('reauth');
        const session = await signedIn(user.email);
        const newEmail = `new-${user.email}`;
        const canonical = await session.post('/api/auth/change-email', { newEmail });
        expect(canonical.status).toBe(400);
        refused(await session.post(spelled, { newEmail }), spelled);
        // No link left for the new address (the old one was not asked for its password, nor told).
        expect(await mailsTo(db(), newEmail)).toEqual([]);
        expect(
          await db()
            .select({ id: verifications.id })
            .from(verifications)
            .where(and(like(verifications.identifier, 'email-change:%'), eq(verifications.value, user.id))),
        ).toEqual([]);
      },
    },
    {
      name: 'single use of an e-mail change link (undone before it was opened)',
      path: '/api/auth/verify-email',
      async scenario(spelled) {
        const user = await newUser('undo');
        const session = await signedIn(user.email);
        const newEmail = `taken-over-${user.email}`;
        const change = await session.post('/api/auth/change-email', { newEmail, currentPassword: PASSWORD });
        expect(change.status).toBe(200);
        const notice = await waitForMail(db(), user.email, 'Demande de changement');
        const confirm = await waitForMail(db(), newEmail, 'nouvelle adresse');
        expect((await new Browser(freshIp()).get(pathOf(notice.links[0] ?? ''))).headers.location).toBe(
          '/login?emailChange=undone',
        );
        const link = new URL(confirm.links[0] ?? '');
        expect(link.pathname).toBe('/api/auth/verify-email');
        refused(await new Browser(freshIp()).get(`${spelled}${link.search}`), spelled);
        const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, user.id));
        expect(row?.email).toBe(user.email);
      },
    },
    {
      name: 'profile caps of update-user',
      path: '/api/auth/update-user',
      async scenario(spelled) {
        const user = await newUser('profile');
        const session = await signedIn(user.email);
        const name = 'x'.repeat(5000);
        expect((await session.post('/api/auth/update-user', { name })).status).toBe(400);
        refused(await session.post(spelled, { name }), spelled);
        const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, user.id));
        expect(row?.name).toBe('profile');
      },
    },
  ];

  describe.each(controls)('$name', (control) => {
    it.each(authPathSpellings(control.path))('holds through %s', async (spelled) => {
      await control.scenario(spelled);
    });
  });

  it('forwards to better-auth only its allow-listed endpoints, and only under their own spelling', async () => {
    const user = await newUser('allow-list');
    const session = await signedIn(user.email);
    // better-auth endpoints we do not serve (no client of ours uses them): 404, as for any unknown path.
    for (const [method, path] of [
      ['POST', '/api/auth/update-session'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/delete-user/callback'],
      ['POST', '/api/auth/link-social'],
      ['POST', '/api/auth/refresh-token'],
      ['POST', '/api/auth/get-access-token'],
      ['GET', '/api/auth/account-info'],
      ['GET', '/api/auth/ok'],
      ['GET', '/api/auth/error'],
      ['POST', '/api/auth/get-session'],
      ['POST', '/api/auth/forget-password'],
    ] as const) {
      const answer = method === 'GET' ? await session.get(path) : await session.post(path, {});
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json().code, `${method} ${path}`).toBe('NOT_FOUND');
    }
    // The allow-listed ones still reach it, under their canonical path only.
    expect((await session.get('/api/auth/list-sessions')).status).toBe(200);
    expect((await session.get('/api/auth/list-accounts')).status).toBe(200);
    for (const spelled of authPathSpellings('/api/auth/list-sessions')) {
      expect((await session.get(spelled)).status, spelled).toBe(404);
    }
    for (const spelled of authPathSpellings('/api/auth/get-session')) {
      expect((await session.get(spelled)).status, spelled).toBe(404);
    }
    const revoke = await session.post('/api/auth/revoke-other-sessions', {});
    expect(revoke.status).toBe(200);
  });
});
