import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { importReferenceFile } from '../src/modules/reference-data/importer.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

/** A T4 site in Nice, November 2026 (issue #23, « Done when »). */
const NICE_T4 = {
  pointDeReseau: 'PITD',
  code: 'GD0922',
  commune: 'NICE',
  tso: 'NaTran',
  dso: 'GRDF',
  profil: 'P016',
  tarif: 'T4',
  cjaMwhj: '109',
  assiette: '15 466,8',
  dateEffetMonth: '2026-11',
  honeypot: '',
};

describe.each(testDatabaseKinds())('official point tables on a fresh install (%s)', (kind) => {
  let t: TestApp;
  let alice: HttpClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    alice = new HttpClient(t.app);
    expect(
      (await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers GD0922 with NTR 7 for Nice, from the official table with its attribution (no import)', async () => {
    const byCommune = await alice.get('/api/simulator/communes/06088/pitd');
    expect(byCommune.statusCode).toBe(200);
    const body = byCommune.json();
    expect(body.points).toEqual([
      {
        code: 'GD0922',
        libelle: 'NICE',
        commune: 'NICE',
        communeInsee: '06088',
        tso: 'NaTran',
        dso: 'GRDF',
        ntr: 7,
        ntrChoices: null,
        coefficientNiv: null,
      },
    ]);
    expect(body.dataset).toMatchObject({
      kind: 'pitd',
      isSample: false,
      origin: 'package',
      rowCount: 9_998,
      provenance: {
        publisher: 'GRDF',
        version: '2026-02-20',
        attribution:
          'Source : GRDF, Table des PITD du 20/02/2026, publiée sur le site de concertation gaz de la CRE (GTG 2007).',
      },
    });

    const options = (await alice.get('/api/simulator/options/pitd/?point=pitd&q=nice')).json();
    expect(options.codes).toContainEqual({ code: 'GD0922', libelle: 'NICE' });
    expect(options.usedSampleData).toBe(false);
    expect(options.codes.some((c: { code: string }) => c.code.startsWith('ECH-'))).toBe(false);
    const code = (await alice.get('/api/simulator/options/pitd/?point=pitd&code=GD0922')).json();
    expect(code.pitdCommunesIndex[0].communes).toContainEqual({
      commune: 'NICE',
      communeInsee: '06088',
      tso: 'NaTran',
      dso: 'GRDF',
      ntr: 7,
    });
  });

  it('simulates a T4 site in Nice for 2026-11 on GD0922 at NTR 7, not as sample data', async () => {
    const response = await alice.post('/api/simulator/simulate/', NICE_T4);
    expect(response.statusCode, response.body).toBe(200);
    const { resultat } = response.json();
    expect(resultat.usedSampleData).toBe(false);
    expect(resultat.referentiel).toMatchObject({ ntr: 7, stationMeteo: 'NICE', communeInsee: '06088' });
    expect(resultat.referentiel.pitdDataset.provenance.attribution).toMatch(/^Source : GRDF, Table des PITD/);
    const tcr = resultat.lignes.find((line: { id: string }) => line.id.includes('tcr'));
    expect(tcr?.inputs).toMatchObject({ ntr: 7 });
  });

  it('a non-péréqué commune simulates with the NIV of the table, dated by the table’s version (ADR 0050)', async () => {
    const byCommune = (await alice.get('/api/simulator/communes/62029/pitd')).json();
    expect(byCommune.points).toMatchObject([{ code: 'GD0990', commune: 'AMETTES', ntr: 0, coefficientNiv: 1.045 }]);
    const response = await alice.post('/api/simulator/simulate/', {
      ...NICE_T4,
      code: 'GD0990',
      commune: 'AMETTES',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { resultat } = response.json();
    const abonnement = resultat.lignes.find((line: { id: string }) => line.id === 'atrd.abonnement');
    expect(abonnement.label).toMatch(/NIV 1,045/);
    // The NIV dates from the table of 20 February 2026: re-indexed on 1 July 2026, so November's is an estimate.
    expect(abonnement.isEstimate).toBe(true);
    expect(resultat.warnings.join(' ')).toMatch(/NIV/);
  });

  it('a commune with several PITDs lists them all; an arrondissement finds its commune', async () => {
    const arles = (await alice.get('/api/simulator/communes/13004/pitd')).json();
    expect(arles.points.map((p: { code: string }) => p.code)).toEqual(['GD0903', 'GD0926']);
    const paris8 = (await alice.get('/api/simulator/communes/75108/pitd')).json();
    expect(paris8.points).toMatchObject([{ code: 'GD1057', commune: 'PARIS', ntr: 2 }]);
    const none = (await alice.get('/api/simulator/communes/2A004/pitd')).json();
    expect(none.points).toEqual([]);
    const bad = await alice.get('/api/simulator/communes/6088/pitd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('insee : Code INSEE invalide : 5 caractères attendus (ex. 06088).');
    expect((await new HttpClient(t.app).get('/api/simulator/communes/06088/pitd')).statusCode).toBe(401);
  });

  it('a PITD with two NTR marked (*) asks which one applies, with the footnote', async () => {
    const options = (await alice.get('/api/simulator/options/pitd/?point=pitd&code=DX0001&commune=DREUX')).json();
    expect(options.pitdCommunesIndex[0].communes).toContainEqual(
      expect.objectContaining({ commune: 'DREUX', communeInsee: '28134', ntrChoices: [0, 2] }),
    );
    expect(options.ntrFootnote).toMatch(/^la valeur du NTR, applicable à tout moment à l'identique/);
    const dreux = { ...NICE_T4, code: 'DX0001', commune: 'DREUX', dso: 'SEML Gedia' };
    for (const ntr of [undefined, '5']) {
      const refused = await alice.post('/api/simulator/simulate/', ntr === undefined ? dreux : { ...dreux, ntr });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        {
          path: '/ntr',
          message: 'Le PITD « DX0001 » a deux NTR dans la table officielle (0 ou 2) : choisissez celui qui s’applique.',
        },
      ]);
    }
  });

  it('the admin import preview says what a new PITD version adds, removes and changes in NTR, before confirming', async () => {
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'root@exemple.fr',
      name: 'Root',
      role: 'admin',
      passwordHash,
    });
    const admin = new HttpClient(t.app);
    await admin.post('/api/auth/sign-in/email', { email: 'root@exemple.fr', password: PASSWORD });
    const text = [
      'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo',
      'GD0922;NICE;06088;NICE;NaTran;GRDF;8;NICE',
      'GD0903;ARLES;13004;ARLES;NaTran;GRDF;4;MARIGNANE',
      'GD9999;NOUVEAU PITD;06004;ANTIBES;NaTran;GRDF;5;NICE',
      'DX0001;DREUX;28134;DREUX;NaTran;SEML Gedia;2;CHARTRES',
    ].join('\n');
    const response = await admin.post('/api/admin/tariff-data/reference-imports/pitd/preview', {
      fileName: 'pitd-2026-03.csv',
      text,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { changes, errors } = response.json();
    expect(errors).toEqual([]);
    expect(changes).toMatchObject({
      against: 'package',
      added: 1,
      // Every row of the shipped table but the three kept.
      removed: 9_998 - 3,
      // Nice 7 → 8 and Arles (GD0903) 3 → 4; Dreux 2 is one of its two NTR (0 ou 2): not a change.
      ntrChanged: 2,
    });
    expect(changes.samples.added).toEqual([
      { code: 'GD9999', libelle: 'NOUVEAU PITD', communeInsee: '06004', commune: 'ANTIBES', ntr: 5 },
    ]);
    expect(changes.samples.ntrChanged).toContainEqual({
      code: 'GD0922',
      libelle: 'NICE',
      communeInsee: '06088',
      commune: 'NICE',
      ntr: 8,
      ntrBefore: '7',
    });
    expect(changes.samples.removed).toHaveLength(20);
    // Nothing was written: the shipped table still answers.
    expect((await alice.get('/api/simulator/communes/06088/pitd')).json().points[0].ntr).toBe(7);
  });

  it('an imported version replaces the shipped table; rows of a commune come from it', async () => {
    await importReferenceFile(t.database.handle.db, {
      kind: 'pitd',
      text: 'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo\nGD0922;NICE;06088;NICE;NaTran;GRDF;6;NICE\n',
      sourceFileName: 'pitd-test.csv',
      importedBy: 'test',
      isSample: false,
    });
    const body = (await alice.get('/api/simulator/communes/06088/pitd')).json();
    expect(body.points).toMatchObject([{ code: 'GD0922', ntr: 6, ntrChoices: null }]);
    expect(body.dataset).toMatchObject({ origin: 'import', sourceFileName: 'pitd-test.csv' });
    expect(body.dataset.provenance).toBeUndefined();
  });
});
