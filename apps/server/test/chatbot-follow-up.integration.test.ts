import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { isFollowUp } from '../src/modules/chatbot/retrieval.ts';
import { insertOptimisation } from '../src/modules/optimisation/repository.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Correct-Horse-9';

describe('a follow-up that refers to the conversation (issue #21 §4, ADR 0047)', () => {
  it('is told from a question that names its own subject', () => {
    for (const message of [
      'Et comment l’optimiser ?',
      "Et comment l'optimiser ?",
      'Comment la réduire ?',
      'Est-ce que ça change en 2027 ?',
      'Est-elle obligatoire ?',
      'Et en 2027 ?',
      'Alors combien je gagne ?',
    ]) {
      expect(isFollowUp(message), message).toBe(true);
    }
    for (const message of [
      'Qu’est-ce que la CJA ?',
      'Quel est le taux de la CTA ?',
      'Comment lire la facture de transport ?',
      'Quel est le prix de l’abonnement premium ?',
      'Que signifie Zi ?',
      'Ma dernière simulation',
      'Et la CTA ?',
      'Et pour un site en T4 ?',
    ]) {
      expect(isFollowUp(message), message).toBe(false);
    }
  });

  describe('through POST /api/chatbot/ (the embedded retrieval engine)', () => {
    let t: TestApp;
    let user: HttpClient;
    let userId: string;

    beforeAll(async () => {
      t = await createTestApp('pglite');
      const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
      ({ id: userId } = await insertVerifiedUser(t.database.handle.db, {
        email: 'suite@exemple.fr',
        name: 'Suite',
        role: 'user',
        passwordHash,
      }));
      user = new HttpClient(t.app);
      const signIn = await user.post('/api/auth/sign-in/email', { email: 'suite@exemple.fr', password: PASSWORD });
      expect(signIn.statusCode).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers « Et comment l’optimiser ? » after a CJA question from the CJA passages, not from what it finds alone', async () => {
      // The user has optimised a point (the summary the optimisation keeps): alone, the follow-up finds that
      // (« optimiser »), generic to it, and answers without the CJA's own passages.
      await insertOptimisation(t.database.handle.db, {
        id: randomUUID(),
        userId,
        organisationId: await personalOrganisationOf(t.database.handle.db, userId),
        code: 'GD8016',
        commune: 'Paris',
        tso: 'NaTran',
        tarif: 'T4',
        dateEffet: '2026-11-01',
        cjaActuelle: 120,
        cjaOptimisee: 98,
        economieAnnuelle: 3150.5,
        pourcentageEconomie: 7.4,
        coutAvant: 42_500,
        coutApres: 39_349.5,
        seriesEstimated: true,
        hasEstimates: false,
      });
      const followUp = 'Et comment l’optimiser ?';
      const alone = (await user.post('/api/chatbot/', { message: followUp, history: [] })).json();
      expect(alone.sources.length).toBeGreaterThan(0);
      const aloneUrls = alone.sources.map((source: { url: string }) => source.url);
      expect(aloneUrls).toContain('/private/gas/optimisation');
      expect(aloneUrls).not.toContain('/glossaire#cja');

      const asked = (await user.post('/api/chatbot/', { message: 'Qu’est-ce que la CJA ?', history: [] })).json();
      expect(asked.sources.map((source: { url: string }) => source.url)).toContain('/glossaire#cja');
      const history = [
        { role: 'user', content: 'Qu’est-ce que la CJA ?' },
        { role: 'assistant', content: asked.response },
      ];
      const answer = (await user.post('/api/chatbot/', { message: followUp, history })).json();
      const urls = answer.sources.map((source: { url: string }) => source.url);
      // The CJA's own passage joins the user's optimisation: the conversation's subject is kept.
      expect(urls).toContain('/glossaire#cja');
      expect(answer.response).toContain('CJA');

      // A question that names its own subject after it is not mixed with the CJA.
      const other = (await user.post('/api/chatbot/', { message: 'Quel est le taux de la CTA ?', history })).json();
      expect(other.sources[0].title).toMatch(/^CTA/);
    });
  });
});
