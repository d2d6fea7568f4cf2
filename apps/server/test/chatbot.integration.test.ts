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

  it('caps the message (400), the history (400) and the body (413); blank messages are refused', async () => {
    expect((await user.post('/api/chatbot/', { message: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await user.post('/api/chatbot/', { message: '   ' })).statusCode).toBe(400);
    const history = Array.from({ length: 21 }, () => ({ role: 'user', content: 'bonjour' }));
    expect((await user.post('/api/chatbot/', { message: 'CJA', history })).statusCode).toBe(400);
    const big = Array.from({ length: 20 }, () => ({ role: 'assistant', content: 'y'.repeat(4000) }));
    const tooBig = await user.post('/api/chatbot/', { message: 'CJA', history: [...big, ...big] });
    expect(tooBig.statusCode).toBe(413);
  });

  it('refuses signed-out callers (401) and requests without the CSRF token (403)', async () => {
    expect((await new HttpClient(t.app).post('/api/chatbot/', { message: 'CJA' })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot/',
      headers: { cookie: user.cookieHeader() },
      payload: { message: 'CJA' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF_INVALID');
  });

  it('counts answers against the plan quota (free: 30 a month), then 429', async () => {
    const usage = (await user.get('/api/account/usage/')).json();
    const feature = usage.features.find((f: { name: string }) => f.name === 'chatbot_messages');
    expect(feature.limit).toBe(30);
    for (let n = feature.used; n < 30; n++) {
      expect((await user.post('/api/chatbot/', { message: 'CJA' })).statusCode).toBe(200);
    }
    const refused = await user.post('/api/chatbot/', { message: 'CJA' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
  });
});
