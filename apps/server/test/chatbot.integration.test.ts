import { chatbotStreamEventSchema } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { foldAccents, frenchTerm } from '../src/modules/chatbot/french.ts';
import { createKnowledgeIndex, productPassages } from '../src/modules/chatbot/knowledge.ts';
import { DONT_KNOW_ANSWER } from '../src/modules/chatbot/service.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

describe('chatbot retrieval (French terms)', () => {
  it('folds accents and stems plurals and suffixes so variants meet', () => {
    expect(foldAccents('Échéance')).toBe('echeance');
    expect(frenchTerm('capacités')).toBe(frenchTerm('Capacite'));
    expect(frenchTerm('journalières')).toBe(frenchTerm('journalier'));
    expect(frenchTerm('les')).toBeNull();
  });

  it('finds the glossary entry of an acronym and of an accent-less question', () => {
    const index = createKnowledgeIndex(productPassages());
    expect(index.search('Qu’est-ce que la CJA ?')[0]?.passage.url).toBe('/glossaire#cja');
    expect(index.search('capacite journaliere annuelle')[0]?.passage.url).toBe('/glossaire#cja');
  });
});

describe.each(testDatabaseKinds())('chatbot API on %s', (kind) => {
  let t: TestApp;
  let user: HttpClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'chat@exemple.fr',
      name: 'Chat',
      role: 'user',
      passwordHash,
    });
    user = new HttpClient(t.app);
    expect(
      (await user.post('/api/auth/sign-in/email', { email: 'chat@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers « Qu’est-ce que la CJA ? » in French from the glossary and links to it', async () => {
    const response = await user.post('/api/chatbot/', { message: 'Qu’est-ce que la CJA ?', history: [] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sources[0]).toMatchObject({ url: '/glossaire#cja' });
    expect(body.response).toContain('CJA');
    expect(body.response).toMatch(/^D’après « /);
  });

  it('says when it does not know', async () => {
    const response = await user.post('/api/chatbot/', { message: 'Quelle est la recette de la tarte tatin ?' });
    expect(response.json()).toEqual({ response: DONT_KNOW_ANSWER, sources: [] });
  });

  it('streams the default engine’s answer as one piece, then the answer with its sources (NDJSON)', async () => {
    const response = await user.post('/api/chatbot/stream', { message: 'Qu’est-ce que la CJA ?', history: [] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const events = response.payload
      .trimEnd()
      .split('\n')
      .map((line) => chatbotStreamEventSchema.parse(JSON.parse(line)));
    expect(events).toHaveLength(2);
    const [delta, done] = events;
    expect(done?.type).toBe('done');
    if (delta?.type !== 'delta' || done?.type !== 'done') {
      throw new Error('expected a delta then done');
    }
    expect(delta.text).toBe(done.response);
    expect(done.response).toMatch(/^D’après « /);
    expect(done.sources[0]).toMatchObject({ url: '/glossaire#cja' });
  });

  it.each(['/api/chatbot/', '/api/chatbot/stream'])(
    '%s caps the message (400), the history (400) and the body (413); blank messages are refused',
    async (url) => {
      expect((await user.post(url, { message: 'x'.repeat(2001) })).statusCode).toBe(400);
      expect((await user.post(url, { message: '   ' })).statusCode).toBe(400);
      const history = Array.from({ length: 21 }, () => ({ role: 'user', content: 'bonjour' }));
      expect((await user.post(url, { message: 'CJA', history })).statusCode).toBe(400);
      const big = Array.from({ length: 20 }, () => ({ role: 'assistant', content: 'y'.repeat(4000) }));
      const tooBig = await user.post(url, { message: 'CJA', history: [...big, ...big] });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    },
  );

  it.each(['/api/chatbot/', '/api/chatbot/stream'])(
    '%s refuses signed-out callers (401) and requests without the CSRF token (403)',
    async (url) => {
      const signedOut = await new HttpClient(t.app).post(url, { message: 'CJA' });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().code).toBe('UNAUTHENTICATED');
      const noCsrf = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookieHeader() },
        payload: { message: 'CJA' },
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF_INVALID');
    },
  );

  it('counts answers of both routes against the plan quota (free: 30 a month), then 429', async () => {
    const usage = (await user.get('/api/account/usage/')).json();
    const feature = usage.features.find((f: { name: string }) => f.name === 'chatbot_messages');
    expect(feature.limit).toBe(30);
    for (let n = feature.used; n < 30; n++) {
      const url = n % 2 === 0 ? '/api/chatbot/' : '/api/chatbot/stream';
      expect((await user.post(url, { message: 'CJA' })).statusCode).toBe(200);
    }
    const refused = await user.post('/api/chatbot/', { message: 'CJA' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    const streamRefused = await user.post('/api/chatbot/stream', { message: 'CJA' });
    expect(streamRefused.statusCode).toBe(429);
    expect(streamRefused.headers['content-type']).toMatch(/^application\/json/);
    expect(streamRefused.json().code).toBe('QUOTA_EXCEEDED');
  });
});
