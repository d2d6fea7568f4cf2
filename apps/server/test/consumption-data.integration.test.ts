import { CONSUMPTION_MESSAGES } from '@pilote/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionDatasets, consumptionReadings } from '../src/db/schema.ts';
import { grdfYear, PCE, twoUsers } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const BASE = '/api/consumption-data/';
const SIMPLE = 'date;kWh;qualité\n2025-01-01;1 200,5;mesuré\n02/01/2025;800;estimé\n2025-01-04;0\n2025-01-05;;\n';

describe.each(testDatabaseKinds())('consumption data API on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;

  async function storedCounts() {
    const db = t.database.handle.db;
    const [datasets] = await db.select({ n: count() }).from(consumptionDatasets);
    const [readings] = await db.select({ n: count() }).from(consumptionReadings);
    return { datasets: datasets?.n ?? -1, readings: readings?.n ?? -1 };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    ({ alice, bob } = await twoUsers(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 when signed out (every endpoint), 403 without the CSRF token, JSON on non-JSON bodies', async () => {
    const anonymous = new HttpClient(t.app);
    for (const response of [
      await anonymous.get(BASE),
      await anonymous.post(BASE, { pce: PCE, csv: SIMPLE }),
      await anonymous.get(`${BASE}summary/`),
      await anonymous.get(`${BASE}x/`),
      await anonymous.get(`${BASE}x/summary/`),
      await anonymous.request('DELETE', `${BASE}x/`),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentification requise', code: 'UNAUTHENTICATED' });
    }
    const forged = await alice.post(BASE, { pce: PCE, csv: SIMPLE }, { 'x-csrftoken': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_INVALID');

    const text = await alice.post(BASE, 'date;kWh\n2025-01-01;1\n', { 'content-type': 'text/csv' });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const plain = await alice.post(BASE, 'date;kWh\n2025-01-01;1\n', { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await alice.post(BASE, '{"pce": ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Le corps de la requête n’est pas un JSON valide.', code: 'BAD_REQUEST' });
  });

  it('imports a simple date;kWh file: summary, gaps stored as missing, quality flags, detail', async () => {
    const response = await alice.post(BASE, {
      pce: '123 456 789 012 34',
      label: 'Chaufferie',
      fileName: 'conso.csv',
      csv: SIMPLE,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { dataset, warnings } = response.json();
    expect(dataset).toMatchObject({
      pce: PCE,
      label: 'Chaufferie',
      sourceFormat: 'simple',
      sourceFileName: 'conso.csv',
      unit: 'kWh',
      conversionCoefficient: null,
      debut: '2025-01-01',
      fin: '2025-01-05',
      jours: 5,
      totalKwh: 2000.5,
      totalMwh: 2.001,
      maxJournalierKwh: 1200.5,
      qualite: { mesure: 2, estime: 1, manquant: 2 },
      anneeComplete: false,
    });
    expect(warnings).toEqual([expect.stringContaining('1 jour(s) absent(s) du fichier')]);

    const detail = await alice.get(`${BASE}${dataset.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.json().releves).toEqual([
      { date: '2025-01-01', kwh: 1200.5, qualite: 'mesure', volumeM3: null, coefficient: null },
      { date: '2025-01-02', kwh: 800, qualite: 'estime', volumeM3: null, coefficient: null },
      { date: '2025-01-03', kwh: null, qualite: 'manquant', volumeM3: null, coefficient: null },
      { date: '2025-01-04', kwh: 0, qualite: 'mesure', volumeM3: null, coefficient: null },
      { date: '2025-01-05', kwh: null, qualite: 'manquant', volumeM3: null, coefficient: null },
    ]);
  });

  it('imports a GRDF export in kWh, and one in volumes × the coefficient given at import', async () => {
    const year = grdfYear('2025-02-01', 365);
    const kwh = await alice.post(BASE, { pce: PCE, csv: year.csv, fileName: 'grdf.csv' });
    expect(kwh.statusCode, kwh.body).toBe(201);
    expect(kwh.json().dataset).toMatchObject({
      pce: PCE,
      sourceFormat: 'grdf',
      unit: 'kWh',
      debut: '2025-02-01',
      fin: '2026-01-31',
      jours: 365,
      qualite: { mesure: 362, estime: 1, manquant: 2 },
      anneeComplete: true,
    });

    const volumes = [
      'Date de relevé;Volume consommé (m3);Coefficient de conversion;Type de relève',
      '01/03/2025;100;;Mesuré',
      '02/03/2025;50;11,5;Corrigé',
      '03/03/2025;;;Absence de Données',
    ].join('\n');
    const missingCoefficient = await alice.post(BASE, { pce: PCE, csv: volumes });
    expect(missingCoefficient.statusCode).toBe(400);
    expect(missingCoefficient.json().error).toContain('Ligne 2 : coefficient de conversion manquant');
    const badCoefficient = await alice.post(BASE, { pce: PCE, csv: volumes, coefficientConversion: '0' });
    expect(badCoefficient.json().error).toBe(CONSUMPTION_MESSAGES.coefficient);

    const m3 = await alice.post(BASE, { pce: PCE, csv: volumes, coefficientConversion: '11,2', format: 'grdf' });
    expect(m3.statusCode, m3.body).toBe(201);
    expect(m3.json().dataset).toMatchObject({
      unit: 'm3',
      conversionCoefficient: 11.2,
      totalKwh: 1695,
      qualite: { mesure: 1, estime: 1, manquant: 1 },
    });
    const detail = (await alice.get(`${BASE}${m3.json().dataset.id}/`)).json();
    expect(
      detail.releves.map((d: { kwh: number | null; volumeM3: number | null; coefficient: number | null }) => [
        d.kwh,
        d.volumeM3,
        d.coefficient,
      ]),
    ).toEqual([
      [1120, 100, 11.2],
      [575, 50, 11.5],
      [null, null, null],
    ]);
  });

  it('refuses a decimal comma under the « , » separator with its line number, instead of storing 10 kWh', async () => {
    const before = await storedCounts();
    for (const [csv, line] of [
      ['date,kWh\n2025-01-01,10,5\n2025-01-02,11\n', 2],
      ['Date de relevé,Energie consommée (kWh)\n01/01/2025,57\n02/01/2025,59,5\n', 3],
    ] as const) {
      const response = await alice.post(BASE, { pce: PCE, csv });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().error).toMatch(
        new RegExp(`^Ligne ${line} : ligne ambiguë « .+ » : 3 champs pour 2 colonnes`),
      );
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a bad row naming its line, duplicates and bad PCEs — and stores nothing', async () => {
    const before = await storedCounts();
    const bad = await alice.post(BASE, {
      pce: PCE,
      csv: 'date;kWh\n2025-01-01;10\n2025-01-02;11\n2025-13-01;12\n2025-01-04;abc\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Ligne 4 : date invalide « 2025-13-01 » (attendu AAAA-MM-JJ ou JJ/MM/AAAA).',
      code: 'VALIDATION_FAILED',
      details: [
        { path: '/csv', message: 'Ligne 4 : date invalide « 2025-13-01 » (attendu AAAA-MM-JJ ou JJ/MM/AAAA).' },
        { path: '/csv', message: 'Ligne 5 : consommation invalide « abc » (nombre de kWh attendu).' },
      ],
    });
    const duplicate = await alice.post(BASE, { pce: PCE, csv: '2025-01-01;10\n2025-01-02;11\n01/01/2025;12\n' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toBe('Ligne 3 : date « 2025-01-01 » en double (déjà à la ligne 1).');

    const otherPce = await alice.post(BASE, {
      pce: '99999999999999',
      csv: `N° PCE;Date de relevé;Energie consommée (kWh)\n${PCE};01/01/2025;10\n`,
    });
    expect(otherPce.json().error).toContain('PCE « 12345678901234 » différent du PCE indiqué');
    const noPce = await alice.post(BASE, { csv: SIMPLE });
    expect(noPce.json()).toMatchObject({ error: CONSUMPTION_MESSAGES.pceRequired, details: [{ path: '/pce' }] });
    const shortPce = await alice.post(BASE, { pce: '1234', csv: SIMPLE });
    expect(shortPce.json().error).toBe(CONSUMPTION_MESSAGES.pceFormat);
    const unknown = await alice.post(BASE, { pce: PCE, csv: 'a;b;c;d\n1;2;3;4\n' });
    expect(unknown.json().error).toContain('format de fichier non reconnu');
    const tooLarge = await alice.post(BASE, { pce: PCE, csv: 'x'.repeat(2_000_001) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe(`csv : ${CONSUMPTION_MESSAGES.csvTooLarge}`);

    expect(await storedCounts()).toEqual(before);
  });

  it('shows each user only their own datasets (list, detail, summary, delete of another’s → 404)', async () => {
    // No `pce` field: the file's « N° PCE » column gives it.
    const own = await bob.post(BASE, {
      csv: 'N° PCE;Date de relevé;Energie consommée (kWh)\n11111111111111;01/01/2025;5\n',
    });
    expect(own.statusCode).toBe(201);
    const bobList = (await bob.get(BASE)).json().items;
    expect(bobList.map((d: { pce: string }) => d.pce)).toEqual(['11111111111111']);

    const aliceList = (await alice.get(BASE)).json().items as { id: string; pce: string; createdAt: string }[];
    expect(aliceList.length).toBe(3);
    expect(aliceList.every((d) => d.pce === PCE)).toBe(true);
    const created = aliceList.map((d) => d.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const alicesId = aliceList[0]?.id as string;
    for (const response of [
      await bob.get(`${BASE}${alicesId}/`),
      await bob.get(`${BASE}${alicesId}/summary/`),
      await bob.request('DELETE', `${BASE}${alicesId}/`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: CONSUMPTION_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    expect((await alice.get(`${BASE}${alicesId}/`)).statusCode).toBe(200);
    const bobOverview = (await bob.get(`${BASE}summary/`)).json();
    expect(bobOverview).toMatchObject({ datasets: 1, pces: [{ pce: '11111111111111', datasets: 1 }] });
  });

  it('summarises: overview per PCE, monthly totals and the year an optimisation would use', async () => {
    const overview = (await alice.get(`${BASE}summary/`)).json();
    expect(overview).toMatchObject({
      datasets: 3,
      pces: [{ pce: PCE, datasets: 3, debut: '2025-01-01', fin: '2026-01-31' }],
    });
    const year = ((await alice.get(BASE)).json().items as { id: string; jours: number }[]).find(
      (d) => d.jours === 365,
    ) as { id: string };
    const summary = (await alice.get(`${BASE}${year.id}/summary/?dateEffetMonth=2026-02`)).json();
    expect(summary.mois).toHaveLength(12);
    expect(summary.mois[0]).toMatchObject({
      mois: '2025-02',
      jours: 28,
      qualite: { mesure: 26, estime: 1, manquant: 1 },
    });
    expect(summary.serieOptimisation).toMatchObject({
      dateEffet: '2026-02-01',
      utilisable: true,
      regle: 'annee-precedant-date-effet',
      debut: '2025-02-01',
      fin: '2026-01-31',
      joursManquants: 2,
    });
    const later = (await alice.get(`${BASE}${year.id}/summary/?dateEffetMonth=2026-07`)).json();
    expect(later.serieOptimisation).toMatchObject({ regle: 'derniere-annee-complete', debut: '2025-02-01' });
    const short = ((await alice.get(BASE)).json().items as { id: string; jours: number }[]).find(
      (d) => d.jours === 5,
    ) as { id: string };
    const unusable = (await alice.get(`${BASE}${short.id}/summary/?dateEffetMonth=2026-02`)).json();
    expect(unusable.serieOptimisation).toMatchObject({ utilisable: false, regle: null });
    expect(unusable.serieOptimisation.message).toContain('il faut une année complète');
    expect((await alice.get(`${BASE}${short.id}/summary/?dateEffetMonth=2026-13`)).statusCode).toBe(400);
  });

  it('deletes a dataset and its days', async () => {
    const { id } = (await alice.post(BASE, { pce: PCE, csv: '2024-01-01;1\n2024-01-03;2\n' })).json().dataset;
    const db = t.database.handle.db;
    const [before] = await db
      .select({ n: count() })
      .from(consumptionReadings)
      .where(eq(consumptionReadings.datasetId, id));
    expect(before?.n).toBe(3);
    const deleted = await alice.request('DELETE', `${BASE}${id}/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await alice.get(`${BASE}${id}/`)).statusCode).toBe(404);
    expect((await alice.request('DELETE', `${BASE}${id}/`)).statusCode).toBe(404);
    const [after] = await db
      .select({ n: count() })
      .from(consumptionReadings)
      .where(eq(consumptionReadings.datasetId, id));
    expect(after?.n).toBe(0);
  });
});
