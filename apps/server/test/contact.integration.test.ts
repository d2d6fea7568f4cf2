import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { CONTACT_RATE_LIMIT } from '../src/modules/contact/routes.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

const validMessage = {
  name: 'Claire Martin',
  email: 'Claire.Martin@Industrie-Exemple.fr',
  company: 'Industrie Exemple SAS',
  topic: 'commercial',
  message: 'Bonjour, nous avons douze sites raccordés à GRDF et souhaitons une démonstration.',
  website: '',
};

describe.each(testDatabaseKinds())('contact form API on %s', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let staff: HttpClient;
  let user: HttpClient;
  /** Each test posts from its own address: the rate limit counts per client IP. */
  let ipCounter = 0;
  const nextIp = () => `203.0.113.${++ipCounter}`;

  async function signedIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }

  function post(body: unknown, ip = nextIp()) {
    return new HttpClient(t.app).request('POST', '/api/contact/', body, { 'x-forwarded-for': ip });
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: 'true',
    });
    const db = t.database.handle.db;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(db, { email: 'root@exemple.fr', name: 'Root', role: 'admin', passwordHash });
    await insertVerifiedUser(db, { email: 'support@exemple.fr', name: 'Support', role: 'staff', passwordHash });
    await insertVerifiedUser(db, { email: 'plain@exemple.fr', name: 'Plain', role: 'user', passwordHash });
    admin = await signedIn('root@exemple.fr');
    staff = await signedIn('support@exemple.fr');
    user = await signedIn('plain@exemple.fr');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a message that staff and admins then read, newest first', async () => {
    const first = await post(validMessage);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ received: true });
    const second = await post({ ...validMessage, name: 'Paul Durand', topic: 'donnees', company: undefined });
    expect(second.statusCode).toBe(201);

    for (const reader of [admin, staff]) {
      const list = await reader.get('/api/admin/contact-messages?page=1&pageSize=10');
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const body = list.json();
      expect(body.total).toBe(2);
      expect(body.items.map((item: { name: string }) => item.name)).toEqual(['Paul Durand', 'Claire Martin']);
      expect(body.items[1]).toMatchObject({
        email: 'claire.martin@industrie-exemple.fr',
        company: 'Industrie Exemple SAS',
        topic: 'commercial',
        message: validMessage.message,
      });
      expect(body.items[0].company).toBe('');
      expect(Number.isNaN(Date.parse(body.items[0].createdAt))).toBe(false);
    }
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = (await admin.get('/api/admin/contact-messages')).json().total;
    const response = await post({ ...validMessage, name: 'Robot', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    const after = (await admin.get('/api/admin/contact-messages')).json();
    expect(after.total).toBe(before);
    expect(after.items.some((item: { name: string }) => item.name === 'Robot')).toBe(false);
  });

  it('refuses invalid fields with French messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validMessage, name: '   ' }, 'Veuillez indiquer votre nom.'],
      [{ ...validMessage, email: 'pas-une-adresse' }, 'Veuillez indiquer une adresse e-mail valide.'],
      [{ ...validMessage, topic: 'spam' }, 'Veuillez choisir un sujet.'],
      [{ ...validMessage, message: 'Court' }, 'Votre message doit contenir au moins 10 caractères.'],
      [{ ...validMessage, message: 'x'.repeat(5001) }, 'Votre message ne doit pas dépasser 5000 caractères.'],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it('requires the CSRF token like every state-changing call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact/', payload: validMessage });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_INVALID');
  });

  it(`accepts ${CONTACT_RATE_LIMIT.max} messages per IP and window, then answers 429 in French`, async () => {
    const ip = nextIp();
    for (let n = 0; n < CONTACT_RATE_LIMIT.max; n++) {
      expect((await post({ ...validMessage, name: `Envoi ${n}` }, ip)).statusCode).toBe(201);
    }
    const refused = await post(validMessage, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().error).toMatch(/^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await post(validMessage)).statusCode).toBe(201);
  });

  it('keeps the messages from signed-out callers (401) and plain users (403)', async () => {
    const anonymous = await new HttpClient(t.app).get('/api/admin/contact-messages');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentification requise', code: 'UNAUTHENTICATED' });
    const forbidden = await user.get('/api/admin/contact-messages');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
  });
});
