/**
 * `POST /api/simulator/simulate/` answers the result's JSON text as written for the stored row (ADR 0075), not
 * re-serialised through the response schema: the answer must be what that schema's serializer would have answered,
 * the stored result the same value, and the check that guards it outside production must refuse a divergence.
 */
import { simulateResponseSchema } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { findSimulation } from '../src/modules/simulator/repository.ts';
import { checkAnswer } from '../src/modules/simulator/routes.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabaseKinds())('simulate answered as its stored JSON text on %s', (kind) => {
  let t: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', PASSWORD_HASH_LOG_N: '10' });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'answer@exemple.fr',
      name: 'Anne',
      role: 'user',
      passwordHash,
    });
    client = new HttpClient(t.app);
    expect(
      (await client.post('/api/auth/sign-in/email', { email: 'answer@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers JSON equal to the schema-encoded response, its result the stored one', async () => {
    const answer = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = answer.json();
    // Nothing the schema would strip or refuse: encoding the answer gives it back unchanged.
    expect(JSON.parse(JSON.stringify(simulateResponseSchema.encode(body)))).toEqual(body);
    expect(body.resultat.lignes.length).toBeGreaterThan(0);
    const stored = await findSimulation(t.database.handle.db, body.simulationId);
    expect(stored?.result).toEqual(body.resultat);
  });

  it('the check run outside production refuses an extra field and a value the schema refuses', async () => {
    const answer = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    const response = answer.json();
    expect(() => checkAnswer(response, answer.body)).not.toThrow();
    const extra = { ...response, resultat: { ...response.resultat, leaked: 1 } };
    expect(() => checkAnswer(extra, JSON.stringify(extra))).toThrow(/differs/);
    const wrongText = JSON.stringify({ ...response, pdfUrl: 'autre' });
    expect(() => checkAnswer(response, wrongText)).toThrow(/differs/);
    const refused = { ...response, pdfUrlExpiresAt: 'demain' };
    expect(() => checkAnswer(refused, JSON.stringify(refused))).toThrow(/refused/);
  });
});
