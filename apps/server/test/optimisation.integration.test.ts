import { OPTIMISATION_MESSAGES } from '@pilote/contracts';
import { optimiserCja } from '@pilote/tariffs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/schema.ts';
import { grdfYear, PCE, twoUsers } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const URL = '/api/optimisation/';

/** A T4 PITD point of the packaged sample (Paris, NaTran, NTR 2, GRDF), as the form sends it. */
const VALID = {
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
};

const COST_KEYS = ['transport_fixe', 'transport_stockage', 'transport_penalites', 'distribution_fixe', 'total_annuel'];

describe.each(testDatabaseKinds())('optimisation API on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;
  const year = grdfYear('2025-02-01', 365);
  let yearId = '';
  let shortId = '';

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    ({ alice, bob } = await twoUsers(t));
    // Premium: monthly capacities are a paid capability and this file runs more optimisations than the free
    // quota allows (the quotas themselves: plans.integration.test.ts).
    // The plan is the organisation's (ADR 0078): every user's personal organisation is premium.
    await t.database.handle.db.update(organisations).set({ tier: 'premium' });
    const imported = await alice.post('/api/consumption-data/', { pce: PCE, label: 'Usine', csv: year.csv });
    expect(imported.statusCode, imported.body).toBe(201);
    yearId = imported.json().dataset.id;
    const short = await alice.post('/api/consumption-data/', { pce: '22222222222222', csv: '2025-01-01;1000\n' });
    shortId = short.json().dataset.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out, 403 without CSRF, and JSON errors for non-JSON bodies', async () => {
    const anonymous = new HttpClient(t.app);
    const signedOut = await anonymous.post(URL, VALID);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Authentification requise', code: 'UNAUTHENTICATED' });
    const forged = await alice.post(URL, VALID, { 'x-csrftoken': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_INVALID');
    const text = await alice.post(URL, 'pointDeReseau=PITD', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const broken = await alice.post(URL, '{"code":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await alice.post(URL, [])).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('checks the fields in the spec’s order, with its exact messages', async () => {
    // Fill the form one field at a time: each step must fail on the next field of the spec's list.
    const order: [keyof typeof VALID, string][] = [
      ['pointDeReseau', OPTIMISATION_MESSAGES.pointDeReseau],
      ['code', OPTIMISATION_MESSAGES.code],
      ['commune', OPTIMISATION_MESSAGES.commune],
      ['tso', OPTIMISATION_MESSAGES.tso],
      ['tarif', OPTIMISATION_MESSAGES.tarif],
      ['profil', OPTIMISATION_MESSAGES.profil],
      ['assiette', OPTIMISATION_MESSAGES.assiette],
    ];
    const body: Record<string, unknown> = { dateEffetMonth: '2026-02' };
    for (const [field, message] of order) {
      const response = await alice.post(URL, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ path: `/${field}`, message }],
      });
      body[field] = VALID[field];
    }
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['unknown point', { pointDeReseau: 'XYZ' }, OPTIMISATION_MESSAGES.pointDeReseau, '/pointDeReseau'],
      ['blank code', { code: '  ' }, OPTIMISATION_MESSAGES.code, '/code'],
      ['unknown tarif', { tarif: 'T9' }, OPTIMISATION_MESSAGES.tarif, '/tarif'],
      ['PITD T2', { tarif: 'T2' }, OPTIMISATION_MESSAGES.tarifPitd, '/tarif'],
      ['unknown profil', { profil: 'P099' }, OPTIMISATION_MESSAGES.profil, '/profil'],
      ['assiette text', { assiette: '12abc' }, 'Valeur numérique invalide: « 12abc » (assiette).', '/assiette'],
      [
        'interruptible text',
        { cjsInterruptible: 'deux' },
        'Valeur numérique invalide: « deux » (capacité interruptible).',
        '/cjsInterruptible',
      ],
      ['negative CJA', { cjaActuelle: '-3' }, 'Valeur numérique invalide: « -3 » (CJA actuelle).', '/cjaActuelle'],
      [
        '11 capacities',
        { capacitesMensuelles: Array(11).fill(0) },
        OPTIMISATION_MESSAGES.capacitesCount,
        '/capacitesMensuelles',
      ],
      [
        '13 capacities',
        { capacitesMensuelles: Array(13).fill(0) },
        OPTIMISATION_MESSAGES.capacitesCount,
        '/capacitesMensuelles',
      ],
      ['no capacity', { capacitesMensuelles: [] }, OPTIMISATION_MESSAGES.capacitesCount, '/capacitesMensuelles'],
      [
        'a text capacity (and an empty one)',
        { capacitesMensuelles: ['', 'x', ...Array(10).fill('1')] },
        OPTIMISATION_MESSAGES.capacitesNumbers,
        '/capacitesMensuelles',
      ],
      [
        'an empty capacity',
        { capacitesMensuelles: [...Array(11).fill('1'), ''] },
        OPTIMISATION_MESSAGES.capacitesEmpty,
        '/capacitesMensuelles',
      ],
      [
        'a negative capacity',
        { capacitesMensuelles: [0, 0, 0, '-1', ...Array(8).fill(0)] },
        'Capacité M4 invalide',
        '/capacitesMensuelles/3',
      ],
      ['bad month', { dateEffetMonth: '2026-13' }, OPTIMISATION_MESSAGES.dateEffetMonth, '/dateEffetMonth'],
      ['bad PCE', { pce: '123' }, OPTIMISATION_MESSAGES.pceFormat, '/pce'],
    ];
    for (const [name, change, message, path] of cases) {
      const response = await alice.post(URL, { ...VALID, ...change });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ path, message }],
      });
    }
  });

  it('refuses what the reference data or the point type rule out', async () => {
    const unknownCode = await alice.post(URL, { ...VALID, code: 'NOPE' });
    expect(unknownCode.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/code' }] });
    const wrongTso = await alice.post(URL, { ...VALID, tso: 'Teréga' });
    expect(wrongTso.json().error).toContain('ne correspond pas au PITD');
    // Same PITD checks as the simulator (one helper, reference-data/pitd-point.ts): same field, same message.
    const wrongCommune = await alice.post(URL, { ...VALID, commune: 'Lyon' });
    expect(wrongCommune.statusCode).toBe(400);
    expect(wrongCommune.json()).toEqual({
      error: "La commune « Lyon » n'est pas rattachée au PITD « GD1057 ».",
      code: 'VALIDATION_FAILED',
      details: [{ path: '/commune', message: "La commune « Lyon » n'est pas rattachée au PITD « GD1057 »." }],
    });
    expect(wrongTso.json()).toEqual({
      error: 'Le TSO « Teréga » ne correspond pas au PITD « GD1057 » (gestionnaire de transport : NaTran).',
      code: 'VALIDATION_FAILED',
      details: [
        {
          path: '/tso',
          message: 'Le TSO « Teréga » ne correspond pas au PITD « GD1057 » (gestionnaire de transport : NaTran).',
        },
      ],
    });
    // An LI / PIC point is looked up in its own table (ADR 0052).
    const li = await alice.post(URL, { ...VALID, pointDeReseau: 'LI' });
    expect(li.statusCode).toBe(400);
    expect(li.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Code LI inconnu : « GD1057 » (table d’échantillon en service).',
    });
    const picTso = await alice.post(URL, { ...VALID, pointDeReseau: 'PIC', code: 'ECH-PIC-0002', commune: 'Pau' });
    expect(picTso.statusCode).toBe(400);
    expect(picTso.json().details).toEqual([
      {
        path: '/tso',
        message:
          'Le TSO « NaTran » ne correspond pas au point PIC « ECH-PIC-0002 » (gestionnaire de transport : Teréga).',
      },
    ]);
  });

  it('optimises an LI point on the user’s year with the ATRT8 terms of a consumer on transport (ADR 0052)', async () => {
    const LI = { ...VALID, pointDeReseau: 'LI', code: 'ECH-LI-0001', commune: 'Dunkerque', tarif: 'T2' };
    const response = await alice.post(URL, { ...LI, pce: PCE, cjaActuelle: '80' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const jours = year.days.map((d) => ({
      date: d.date,
      mwh: d.kwh === null ? null : d.kwh / 1000,
      qualite: d.qualite,
    }));
    const expected = optimiserCja({
      raccordement: 'transport',
      tarif: 'T2',
      tso: 'NaTran',
      ntr: 1,
      dateEffet: '2026-02-01',
      serie: { origine: 'mesures', jours },
      cjaActuelle: 80,
      cjsInterruptible: 0,
    });
    expect(body.tarif).toBe('T2');
    expect(body.cjaOptimisee).toBe(expected.cjaOptimisee);
    expect(body.couts).toEqual(expected.couts);
    expect(body.couts.apres.distribution_fixe).toBe(0);
    expect(body.details.apres.details.termeFixePoste).toBeGreaterThan(0);
    expect(body.params.map((p: { id: string }) => p.id)).toContain('atrt8.tcl-transport.natran');
    expect(body.referentiel).toMatchObject({
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      commune: 'Dunkerque',
      ntr: 1,
      dso: '',
      pointDataset: { kind: 'li', isSample: true },
    });
    expect(body.usedSampleData).toBe(true);
    expect(body.warnings.join('\n')).toContain('n’a pas de copie accessible');

    // Without imported readings: the typical year of the commune's PITD weather station.
    const typical = await alice.post(URL, { ...LI, pointDeReseau: 'li', commune: '59183' });
    expect(typical.statusCode, typical.body).toBe(200);
    const estimated = typical.json();
    expect(estimated.series.estimation).toBe(true);
    expect(estimated.referentiel.stationMeteo).toEqual(expect.any(String));
    expect(estimated.series.source.stationMeteo).toBe(estimated.referentiel.stationMeteo);
    expect(estimated.referentiel.pitdDataset).toMatchObject({ kind: 'pitd' });
  });

  it('runs on the user’s imported year: same optimum as the optimiser, their days and quality flags', async () => {
    const response = await alice.post(URL, { ...VALID, pce: PCE, cjaActuelle: '80' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();

    const jours = year.days.map((d) => ({
      date: d.date,
      mwh: d.kwh === null ? null : d.kwh / 1000,
      qualite: d.qualite,
    }));
    const expected = optimiserCja({
      tarif: 'T4',
      tso: 'NaTran',
      ntr: 2,
      dateEffet: '2026-02-01',
      serie: { origine: 'mesures', jours },
      cjaActuelle: 80,
      cjsInterruptible: 0,
    });
    expect(body.cjaOptimisee).toBe(expected.cjaOptimisee);
    expect(body.cjaActuelle).toBe(80);
    expect(body.couts).toEqual(expected.couts);
    expect(body.economieAnnuelle).toBe(expected.economieAnnuelle);
    expect(body.pourcentageEconomie).toBe(expected.pourcentageEconomie);

    expect(body.series).toMatchObject({
      origine: 'mesures',
      estimation: false,
      source: {
        type: 'dataset',
        datasetId: yearId,
        pce: PCE,
        label: 'Usine',
        regle: 'annee-precedant-date-effet',
        debut: '2025-02-01',
        fin: '2026-01-31',
      },
      joursMesures: 362,
      joursEstimes: 1,
      joursManquants: 2,
    });
    expect(body.series.message).toContain('vos relevés');
    expect(body.series.consoJournaliere).toHaveLength(365);
    expect(body.series.consoJournaliere.slice(9, 11)).toEqual([
      { date: '2025-02-10', mwh: (year.days[9]?.kwh ?? 0) / 1000, qualite: 'mesure' },
      { date: '2025-02-11', mwh: (year.days[10]?.kwh ?? 0) / 1000, qualite: 'estime' },
    ]);
    expect(body.series.consoJournaliere[20]).toEqual({ date: '2025-02-21', mwh: 0, qualite: 'manquant' });
    expect(body.series.consoJournaliere[30]).toEqual({ date: '2025-03-03', mwh: 0, qualite: 'manquant' });

    // The same year chosen by its id gives the same answer.
    const byId = (await alice.post(URL, { ...VALID, datasetId: yearId, cjaActuelle: '80' })).json();
    expect(byId.cjaOptimisee).toBe(body.cjaOptimisee);
    expect(byId.couts).toEqual(body.couts);

    for (const side of ['avant', 'apres']) {
      expect(Object.keys(body.couts[side]).sort()).toEqual([...COST_KEYS].sort());
    }
    expect(
      Math.abs(body.economieAnnuelle - (body.couts.avant.total_annuel - body.couts.apres.total_annuel)),
    ).toBeLessThan(0.0101);
    // The official PITD table shipped with the server (ADR 0051): not a sample.
    expect(body.usedSampleData).toBe(false);
    expect(body.warnings.join(' ')).not.toContain('échantillon');
    expect(body.referentiel).toMatchObject({ code: 'GD1057', ntr: 2, tso: 'NaTran', dso: 'GRDF' });
    expect(body.referentiel.pitdDataset).toMatchObject({ origin: 'package', isSample: false });
    expect(body.params.length).toBeGreaterThan(3);
    for (const param of body.params) {
      expect(param.estimation).toBe(param.statut === 'estimate');
    }
    expect(body.capacitesMensuelles).toBeNull();
  });

  it('without usable data, synthesises a typical year and labels it as an estimate', async () => {
    const response = await alice.post(URL, { ...VALID, pce: '33333333333333' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.series).toMatchObject({
      origine: 'synthese',
      estimation: true,
      joursEstimes: 365,
      source: {
        type: 'synthese',
        stationMeteo: 'PARIS-MONTSOURIS',
        villeReference: 'Paris',
        debut: '2025-02-01',
        fin: '2026-01-31',
        modele: 'docs/optimiser.md#4-série-journalière-synthétique',
      },
    });
    expect(body.series.message).toContain('ESTIMATION');
    expect(body.series.source.raison).toContain('aucun relevé importé pour le PCE 33333333333333');
    expect(Math.abs(body.series.totalMwh - 18_000)).toBeLessThan(1e-6);
    expect(body.hasEstimates).toBe(true);
    expect(body.params.find((p: { id: string }) => p.id === 'serie.part-chauffage')).toMatchObject({
      statut: 'estimate',
      estimation: true,
    });
    expect(body.economieAnnuelle).toBeGreaterThanOrEqual(0);
    expect(
      Math.abs(body.economieAnnuelle - (body.couts.avant.total_annuel - body.couts.apres.total_annuel)),
    ).toBeLessThan(0.0101);
    // Without any selector, the same.
    const none = (await alice.post(URL, VALID)).json();
    expect(none.series.origine).toBe('synthese');
    expect(none.series.source.raison).toContain('aucun jeu de données');
  });

  it('monthly mode answers the 12 capacities; another user’s or a too short dataset is refused', async () => {
    const monthly = await alice.post(URL, { ...VALID, datasetId: yearId, capacitesMensuelles: Array(12).fill('0') });
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json().capacitesMensuelles.actuelles).toEqual(Array(12).fill(0));
    expect(monthly.json().capacitesMensuelles.optimisees).toHaveLength(12);

    const foreign = await bob.post(URL, { ...VALID, datasetId: yearId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const short = await alice.post(URL, { ...VALID, datasetId: shortId });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('CONSUMPTION_DATA_INSUFFICIENT');
    expect(short.json().error).toContain('il faut une année complète');
    // Bob's PCE selector never reaches Alice's readings.
    const bobByPce = (await bob.post(URL, { ...VALID, pce: PCE })).json();
    expect(bobByPce.series.origine).toBe('synthese');
  });
});
