/**
 * Terme de débit normalisé (TDN) through the API (ADR 0026): the optional `debitNormalise` of a PITD in T1–T3 from
 * July 2026 reaches the engine, gives an estimated line (and its place in the PDF), and without it the result warns.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { warmSimulationReports } from './helpers/report-warm-up.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

/** A T3 point of the packaged sample table, September 2026 (the TDN applies). */
const T3_FORM = { ...PACKAGED_ACCEPTANCE_FORM, tarif: 'T3', car: '500', cjaMwhj: '', dateEffetMonth: '2026-09' };

type Line = { id: string; annualAmount: number | null; isEstimate: boolean; formula: string; label: string };

describe.each(testDatabaseKinds())('simulator TDN on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    alice = new HttpClient(t.app);
    const signIn = await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });
  // The report of the first test: pdf.js and the render thread start here, not in its 5 s (ADR 0056).
  beforeAll(async () => {
    await warmSimulationReports(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a débit normalisé of 163,36 Nm³/h gives the estimated TDN line, (163,36 − 40) × 5,73 = 706,85 €/an', async () => {
    const response = await alice.post('/api/simulator/simulate/', { ...T3_FORM, debitNormalise: '163,36' });
    expect(response.statusCode, response.body).toBe(200);
    const { resultat, pdfUrl } = response.json();
    const tdn = (resultat.lignes as Line[]).find((l) => l.id === 'atrd.tdn');
    expect(tdn).toMatchObject({
      annualAmount: 706.85,
      isEstimate: true,
      formula: '(163,36 − 40) Nm³/h × 5,73 €/Nm³/h/an',
      label: 'Terme de débit normalisé (ATRD7 GRDF, option T3)',
    });
    expect(resultat.annuel.termeDistribution).toBe(706.85);
    expect((resultat.warnings as string[]).some((w) => w.includes('non inclus'))).toBe(false);

    const pdf = await new HttpClient(t.app).get(pdfUrl);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const flat = text.replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(flat).toContain('Débit normalisé du compteur');
    expect(flat).toContain('163,36 Nm³/h');
    expect(flat).toContain('Terme de débit normalisé');
    expect(flat).toContain('706,85 €');
  });

  it('is optional: without it the result has no TDN line and warns that it is left out', async () => {
    const response = await alice.post('/api/simulator/simulate/', T3_FORM);
    expect(response.statusCode, response.body).toBe(200);
    const { resultat } = response.json();
    expect((resultat.lignes as Line[]).some((l) => l.id === 'atrd.tdn')).toBe(false);
    expect(resultat.annuel.termeDistribution).toBe(0);
    expect(resultat.warnings).toContainEqual(expect.stringContaining('Terme de débit normalisé'));
    expect(resultat.warnings).toContainEqual(expect.stringContaining('non inclus'));
  });

  it('refuses a débit that is not a positive number, naming the field', async () => {
    for (const [value, message] of [
      ['beaucoup', 'Valeur numérique invalide pour le champ « débit normalisé (Nm³/h) » : « beaucoup ».'],
      ['-3', 'La valeur du champ « débit normalisé (Nm³/h) » doit être positive ou nulle.'],
    ] as const) {
      const response = await alice.post('/api/simulator/simulate/', { ...T3_FORM, debitNormalise: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ path: '/debitNormalise', message }],
      });
    }
  });
});
