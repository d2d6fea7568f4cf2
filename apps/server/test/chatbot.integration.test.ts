import { chatbotStreamEventSchema } from '@pilote/contracts';
import { PARAMETER_REGISTRY } from '@pilote/tariffs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { foldAccents, frenchTerm } from '../src/modules/chatbot/french.ts';
import { createKnowledgeIndex, type Passage, productPassages } from '../src/modules/chatbot/knowledge.ts';
import { MIN_SCORE } from '../src/modules/chatbot/retrieval.ts';
import { DONT_KNOW_ANSWER } from '../src/modules/chatbot/service.ts';
import { blogPassages, readBlogPosts } from '../src/modules/chatbot/sources/blog.ts';
import { parameterPassages } from '../src/modules/chatbot/sources/tariffs.ts';
import { twoUsers } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
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

  const index = createKnowledgeIndex([...productPassages(), ...parameterPassages(PARAMETER_REGISTRY)]);

  it('finds the glossary entry of an acronym and of an accent-less question', () => {
    expect(index.search('Qu’est-ce que la CJA ?')[0]?.passage.url).toBe('/glossaire#cja');
    expect(index.search('capacite journaliere annuelle')[0]?.passage.url).toBe('/glossaire#cja');
  });

  it('scores a request’s own passages with the public ones for that search only', () => {
    const own: Passage = {
      id: 'own:u1:simulation',
      title: 'Votre dernière simulation',
      text: 'Votre dernière simulation date du 23 novembre 2026 : point PITD ZZ-0001, option T2.',
      url: '/private/gas/simulator',
      keywords: 'ma dernière simulation',
    };
    const before = index.search('ma dernière simulation ZZ-0001');
    expect(index.search('ma dernière simulation ZZ-0001', { extra: [own] })[0]?.passage).toBe(own);
    // Gone afterwards: the same search as before gives the same hits and scores.
    expect(index.search('ma dernière simulation ZZ-0001')).toEqual(before);
    expect(JSON.stringify(index.search('ZZ-0001'))).not.toContain('own:');
  });

  it('finds nothing worth answering for questions outside the product', () => {
    for (const question of [
      'Quelle est la recette de la tarte tatin ?',
      'Comment faire une mayonnaise ?',
      'Qui a gagné la coupe du monde de football ?',
      'Bonjour',
      // Shares a word's stem with a glossary entry (« météo » in Zi's), not its subject: below the floor.
      'Quelle météo à Paris demain ?',
    ]) {
      expect(
        index.search(question).filter((hit) => hit.score >= MIN_SCORE),
        question,
      ).toEqual([]);
    }
  });

  it('indexes every section of every blog post, linked to its heading', () => {
    const posts = readBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(2);
    const passages = blogPassages(posts);
    for (const post of posts) {
      const headings = post.blocks.filter((block) => block.type === 'heading');
      const ofPost = passages.filter((passage) => passage.url.startsWith(`/blog/${post.slug}`));
      // The introduction, then one passage per heading (each post's sections have text).
      expect(ofPost.map((passage) => passage.url)).toEqual([
        `/blog/${post.slug}`,
        ...headings.map((heading) => `/blog/${post.slug}#${heading.id}`),
      ]);
    }
    expect(index.search('Comment trouver le bon niveau de CJA ?')[0]?.passage.url).toBe(
      '/blog/cja-ce-que-coute-une-marge-de-securite#trouver-le-bon-niveau',
    );
  });

  it('answers the plans’ prices and limits from the catalogue the server enforces', () => {
    const [best] = index.search('Combien coûte la formule Premium ?');
    expect(best?.passage.title).toBe('Formule Premium — 79 € HT par mois');
    expect(best?.passage.url).toBe('/private/account/settings');
    expect(best?.passage.text).toContain('Simulations tarifaires : illimité');
    expect(index.search('combien de simulations avec la formule gratuite')[0]?.passage.text).toContain(
      'Simulations tarifaires : 20 par mois',
    );
  });

  it('indexes the explanation of each line of /tarifs-energie', () => {
    expect(index.search('Que comprend la ligne de transport ATRT ?')[0]?.passage.url).toBe(
      '/tarifs-energie#ligne-atrt',
    );
  });

  it('describes each dated parameter: its values by date, their status (« estimation ») and its sources', () => {
    const passages = parameterPassages(PARAMETER_REGISTRY);
    expect(passages).toHaveLength(PARAMETER_REGISTRY.length);
    const cta = passages.find((passage) => passage.id === 'parametre:cta.taux-distribution') as Passage;
    expect(cta.text).toContain('à partir du 1er février 2026 : 20,80 % (officielle)');
    expect(cta.text).toContain('https://www.cre.fr/');
    expect(cta.text).toContain('Dernière vérification : ');
    expect(cta.url).toBe('/tarifs-energie#valeurs');
    const estimated = PARAMETER_REGISTRY.find((parameter) =>
      parameter.entries.some((entry) => entry.status === 'estimate' && entry.value !== null),
    );
    expect(estimated).toBeDefined();
    expect(passages.find((passage) => passage.id === `parametre:${estimated?.id}`)?.text).toContain('(estimation');
    // An estimate whose kind is known says it (ADR 0050): the ATRD7 grid of 1 July 2026 and the CTA coefficient.
    const t4 = passages.find((passage) => passage.id === 'parametre:atrd7.grdf.t4.abonnement') as Passage;
    expect(t4.text).toMatch(
      /à partir du 1er juillet 2026 : 22\s973,52 €\/an \(estimation \(formule de la délibération 2024-40\)\)/u,
    );
    const t1 = passages.find((passage) => passage.id === 'parametre:atrd7.grdf.t1.abonnement') as Passage;
    expect(t1.text).toContain('à partir du 1er juillet 2026 : 57,48 €/an (estimation (source secondaire))');
    const coefficient = passages.find(
      (passage) => passage.id === 'parametre:cta.coefficient-proportionnalite',
    ) as Passage;
    expect(coefficient.text).toContain('0,8321 (estimation (valeur précédente reconduite))');
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

  it('cites the dated parameter, with its value, status and source, for « Quel est le taux de la CTA ? »', async () => {
    const body = (await user.post('/api/chatbot/', { message: 'Quel est le taux de la CTA ?' })).json();
    expect(body.sources[0]).toMatchObject({
      url: '/tarifs-energie#valeurs',
      title: expect.stringMatching(/^CTA — taux/),
    });
    expect(body.response).toMatch(/^D’après « CTA — taux/);
    expect(body.response).toMatch(/\d+,\d{2} % \((officielle|source secondaire|estimation)\)/);
    expect(body.response).toContain('Sources : ');
    expect(body.response).toContain('https://');
  });

  it('answers a blog question with the post’s section, linked to its heading', async () => {
    const body = (
      await user.post('/api/chatbot/', { message: 'Comment faire l’inventaire des points de livraison de mes sites ?' })
    ).json();
    expect(body.sources.map((source: { url: string }) => source.url)).toContain(
      '/blog/optimiser-cascade-tarifaire-multi-sites#etape-1-faire-l-inventaire-des-points-de-livraison',
    );
  });

  it('reads the caller’s own last simulation and optimisation, never another user’s', async () => {
    const { alice, bob } = await twoUsers(t);
    // Before any simulation, « ma dernière simulation » finds nothing of the user's.
    const none = (await alice.post('/api/chatbot/', { message: 'ma dernière simulation' })).json();
    expect(none.sources.map((source: { title: string }) => source.title)).not.toContain('Votre dernière simulation');

    const simulated = await alice.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(simulated.statusCode).toBe(200);
    const optimised = await alice.post('/api/optimisation/', {
      pointDeReseau: 'PITD',
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      profil: 'P016',
      assiette: '18 000',
      cjsInterruptible: '',
      cpl: '',
      dateEffetMonth: '2026-02',
    });
    expect(optimised.statusCode).toBe(200);
    const { cjaOptimisee } = optimised.json();

    const mine = (await alice.post('/api/chatbot/', { message: 'ma dernière simulation' })).json();
    expect(mine.sources[0]).toMatchObject({ title: 'Votre dernière simulation', url: '/private/gas/simulator' });
    // Passages far below the best (a parameter whose description says « simulateur ») are not offered.
    expect(mine.sources.map((source: { url: string }) => source.url)).not.toContain('/tarifs-energie#valeurs');
    expect(mine.response).toMatch(/^D’après « Votre dernière simulation » : Votre dernière simulation date du /);
    expect(mine.response).toContain('GD1057');
    expect(mine.response).toContain('option T4');
    expect(mine.response).toContain('grilles du 1er février 2026');
    expect(mine.response).toContain('CJA 109 MWh/j');
    expect(mine.response).toMatch(/total des termes fixes \d[\d\s\u202f]*,\d{2} €/);

    const optimisation = (
      await alice.post('/api/chatbot/', { message: 'Quelle économie pour ma dernière optimisation ?' })
    ).json();
    expect(optimisation.sources[0]).toMatchObject({
      title: 'Votre dernière optimisation de la CJA',
      url: '/private/gas/optimisation',
    });
    expect(optimisation.response).toContain(`CJA optimisée ${cjaOptimisee} MWh/j`);
    expect(optimisation.response).toMatch(/économie de -?\d[\d\s\u202f]*,\d{2} € par an/);

    // Bob has none: his questions never bring Alice's simulation or optimisation.
    for (const message of ['ma dernière simulation', 'ma dernière optimisation', 'GD1057 CJA 109']) {
      const body = (await bob.post('/api/chatbot/', { message })).json();
      expect(JSON.stringify(body), message).not.toMatch(/Votre dernière|GD1057|private\/gas/);
    }
    // Once Bob has one, he gets his own.
    const bobs = await bob.post('/api/simulator/simulate/', { ...PACKAGED_ACCEPTANCE_FORM, cjaMwhj: '250' });
    expect(bobs.statusCode).toBe(200);
    const his = (await bob.post('/api/chatbot/', { message: 'ma dernière simulation' })).json();
    expect(his.response).toContain('CJA 250 MWh/j');
    expect(his.response).not.toContain('CJA 109 MWh/j');
  });

  it('says when it does not know', async () => {
    const response = await user.post('/api/chatbot/', { message: 'Quelle est la recette de la tarte tatin ?' });
    expect(response.json()).toEqual({ response: DONT_KNOW_ANSWER, sources: [] });
  });

  it('keeps the subject of the previous question for a follow-up that finds nothing on its own', async () => {
    const followUp = 'Et depuis quand ?';
    // Alone, the follow-up has no subject.
    expect((await user.post('/api/chatbot/', { message: followUp, history: [] })).json()).toEqual({
      response: DONT_KNOW_ANSWER,
      sources: [],
    });
    const history = [
      { role: 'user', content: 'Quel est le taux de la CTA ?' },
      { role: 'assistant', content: 'D’après « CTA — taux … » : …' },
    ];
    const body = (await user.post('/api/chatbot/', { message: followUp, history })).json();
    expect(body.sources[0]).toMatchObject({ title: expect.stringMatching(/^CTA — taux/) });
    expect(body.response).toMatch(/à partir du \d/);
    // A question that finds passages by itself is not mixed with the previous one: a change of subject stays one.
    const other = (await user.post('/api/chatbot/', { message: 'Qu’est-ce que la CJA ?', history })).json();
    expect(other.sources[0]).toMatchObject({ url: '/glossaire#cja' });
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
