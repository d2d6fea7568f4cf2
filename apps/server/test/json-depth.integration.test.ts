import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/plugins/json-body.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

const contactMessage = {
  name: 'Claire Martin',
  email: 'claire.martin@exemple.fr',
  topic: 'commercial',
  message: 'Bonjour, pouvez-vous nous rappeler au sujet de nos douze sites ?',
  website: '',
};

describe.each(testDatabaseKinds())('JSON depth limit on %s', (kind) => {
  let t: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    client = new HttpClient(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each request from its own address, so that the per-IP limits of contact and auth stay out of the way. */
  let peer = 0;
  const post = async (url: string, raw: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: raw,
      remoteAddress: `10.0.${Math.floor(++peer / 250)}.${peer % 250}`,
      headers: {
        'content-type': 'application/json',
        'x-csrftoken': await client.csrf(),
        cookie: client.cookieHeader(),
      },
    });

  it.each([
    ['/api/auth/sign-in/email', (deep: string) => `{"email":${deep},"password":"x"}`],
    ['/api/auth/sign-up/email', (deep: string) => `{"email":"a@exemple.fr","password":${deep}}`],
    ['/api/auth/sign-out', (deep: string) => `{"x":${deep}}`],
    ['/api/contact/', (deep: string) => `{"name":${deep}}`],
    ['/api/consumption-data/', (deep: string) => `{"pce":${deep}}`],
  ])('answers 400 VALIDATION_FAILED in French to a 10 000-level body on %s', async (url, body) => {
    for (const deep of [nested(10_000), nested(10_000, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}')]) {
      const response = await post(url, body(deep));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE, code: 'VALIDATION_FAILED' });
    }
  });

  it('lets through a body at the limit, and brackets inside strings do not count', async () => {
    const atLimit = await post('/api/contact/', `{"name":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().code).toBe('VALIDATION_FAILED');
    expect(atLimit.json().error).not.toBe(JSON_TOO_DEEP_MESSAGE);

    const overLimit = await post('/api/contact/', `{"name":${nested(MAX_JSON_DEPTH)}}`);
    expect(overLimit.json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE, code: 'VALIDATION_FAILED' });

    const bracketsInText = {
      ...contactMessage,
      message: `Tableau collé : ${'[{'.repeat(100)} \\" ${'}]'.repeat(100)} — merci de nous rappeler.`,
    };
    const stored = await post('/api/contact/', JSON.stringify(bracketsInText));
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('still refuses prototype poisoning and broken JSON as before', async () => {
    const poisoned = await post('/api/contact/', '{"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    const broken = await post('/api/contact/', '{"name": ');
    expect(broken.json()).toEqual({ error: 'Le corps de la requête n’est pas un JSON valide.', code: 'BAD_REQUEST' });
  });
});
