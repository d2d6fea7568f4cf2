import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type LineSourceDto, SIMULATOR_MESSAGES, simulateResponseSchema, sourcesOfLine } from '@pilote/contracts';
import { simulate } from '@pilote/tariffs';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { simulationPassage } from '../src/modules/chatbot/sources/own-work.ts';
import { importReferenceFile } from '../src/modules/reference-data/importer.ts';
import { PdfLinkSigner } from '../src/modules/simulator/pdf-link.ts';
import { findLastSimulation, findSimulation } from '../src/modules/simulator/repository.ts';
import { checkAnswer } from '../src/modules/simulator/routes.ts';
import { readStoredResult } from '../src/modules/simulator/stored-result.ts';
import { HttpClient } from './helpers/http-client.ts';
import { ACCEPTANCE_FORM, PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';

const ACCEPTANCE = ACCEPTANCE_FORM;
const SAMPLE_ACCEPTANCE = PACKAGED_ACCEPTANCE_FORM;

/** 350 real communes (one PITD code each) so that a code search goes past the 300 cap. */
function bigPitdFile(): string {
  const require = createRequire(import.meta.url);
  const communes = JSON.parse(
    readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  ) as { code: string; nom: string; type: string }[];
  const current = communes.filter((c) => c.type === 'commune-actuelle' && !c.nom.includes(';')).slice(0, 350);
  const lines = [
    HEADER,
    'GRDF-IDF-0001;Paris (NaTran, NTR 2);75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS',
    'GRDF-IDF-0001;Paris (NaTran, NTR 2);92012;BOULOGNE BILLANCOURT;NaTran;GRDF;2;PARIS-MONTSOURIS',
    'REGAZ-0001;Bordeaux (Teréga, NTR 1);33063;Bordeaux;Teréga;Régaz-Bordeaux;1;BORDEAUX MERIGNAC',
    ...current.map(
      (c, i) => `PITD-${String(i + 1).padStart(4, '0')};Commune ${c.nom};${c.code};${c.nom};NaTran;GRDF;1;LYON-BRON`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

describe.each(testDatabaseKinds())('simulator API on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;

  async function signedIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }

  beforeAll(async () => {
    // pdf.js, which the tests read the reports with, loads on first use: here, not inside the first test that
    // reads a PDF (over 5 s beside other files on a 2 GHz Xeon), and in a hook of its own (issue #21 §3: with the
    // app's start it passed 10 s on a busy machine).
    await getResolvedPDFJS();
  });
  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const db = t.database.handle.db;
    await insertVerifiedUser(db, { email: 'alice@exemple.fr', name: 'Alice', role: 'user', passwordHash });
    await insertVerifiedUser(db, { email: 'bob@exemple.fr', name: 'Bob', role: 'user', passwordHash });
    alice = await signedIn('alice@exemple.fr');
    bob = await signedIn('bob@exemple.fr');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 "Authentification requise" when signed out, and still enforces CSRF', async () => {
    const anonymous = new HttpClient(t.app);
    for (const response of [
      await anonymous.get('/api/simulator/options/pitd/?point=pitd'),
      await anonymous.post('/api/simulator/simulate/', SAMPLE_ACCEPTANCE),
      await anonymous.get('/api/simulator/simulations/x/pdf-link'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentification requise', code: 'UNAUTHENTICATED' });
    }
    const noToken = await alice.post('/api/simulator/simulate/', SAMPLE_ACCEPTANCE, { 'x-csrftoken': 'forged' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_INVALID');
  });

  describe('before any import (official tables shipped with the server, ADR 0051)', () => {
    it('first call with point only: the first 300 codes, options, months, no sample flag, no commune index yet', async () => {
      const response = await alice.get('/api/simulator/options/pitd/?point=pitd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.point).toBe('PITD');
      expect(body.codes).toHaveLength(300);
      expect(body.codes[0]).toEqual({ code: 'AA0001', libelle: "AIRE-SUR-L'ADOUR" });
      expect(body.truncated).toBe(true);
      expect(body.tarifs).toEqual(['T1', 'T2', 'T3', 'T4', 'TP']);
      expect(body.profils).toEqual(['P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018', 'P019']);
      expect(body.months).toContain('2026-02');
      expect(body.months[0]).toBe('2024-07');
      expect(body.tso).toEqual(['NaTran', 'Teréga']);
      expect(body.dso).toEqual([]);
      expect(body.pitdCommunesIndex).toEqual([]);
      expect(body.usedSampleData).toBe(false);
      expect(body.referenceData.pitd).toMatchObject({
        origin: 'package',
        isSample: false,
        version: null,
        provenance: { publisher: 'GRDF', version: '2026-02-20' },
      });
      expect(body.referenceData.zi).toMatchObject({ origin: 'package', isSample: false, rowCount: 315 });
      expect(body.message).toBeNull();
    });

    it('code → its communes; single options; commune and tso narrow the lists; q searches codes', async () => {
      const byCode = (await alice.get('/api/simulator/options/pitd/?point=pitd&code=GD8016')).json();
      expect(byCode.pitdCommunesIndex).toEqual([
        {
          code: 'GD8016',
          communes: [
            { commune: 'AIGUILLON', communeInsee: '47004', tso: 'Teréga', dso: 'GRDF', ntr: 3 },
            { commune: 'DAMAZAN', communeInsee: '47078', tso: 'Teréga', dso: 'GRDF', ntr: 3 },
          ],
        },
      ]);
      expect(byCode.tso).toEqual(['Teréga']);
      expect(byCode.dso).toEqual(['GRDF']);

      const byCommune = (
        await alice.get('/api/simulator/options/pitd/?point=pitd&code=GD8016&commune=damazan&tso=Terega')
      ).json();
      expect(byCommune.tso).toEqual(['Teréga']);
      expect(byCommune.dso).toEqual(['GRDF']);

      const tp = (await alice.get('/api/simulator/options/pitd/?point=pitd&tarif=TP&tso=NaTran')).json();
      expect(tp.months).toContain('2025-07');
      expect(tp.months).toContain('2026-11');
      const feb2026 = (await alice.get('/api/simulator/options/pitd/?point=pitd&month=2026-02')).json();
      expect(feb2026.tarifs).toEqual(['T1', 'T2', 'T3', 'T4', 'TP']);

      const search = (await alice.get('/api/simulator/options/pitd/?point=pitd&q=lyon')).json();
      expect(search.codes).toEqual([
        { code: 'GD0132', libelle: 'CHAZELLES-SUR-LYON' },
        { code: 'GD0136', libelle: 'LYON' },
      ]);
      const none = (await alice.get('/api/simulator/options/pitd/?point=pitd&q=zzz')).json();
      expect(none.codes).toEqual([]);
      const unknownCode = (await alice.get('/api/simulator/options/pitd/?point=pitd&code=NOPE')).json();
      expect(unknownCode.pitdCommunesIndex).toEqual([]);

      const mismatch = await alice.get('/api/simulator/options/pitd/?point=li');
      expect(mismatch.statusCode).toBe(400);
      expect((await alice.get('/api/simulator/options/gaz/')).statusCode).toBe(400);
    });

    it('LI and PIC: the labelled sample point tables answer, with months up to and including the current one', async () => {
      const li = (await alice.get('/api/simulator/options/li/?point=li')).json();
      expect(li).toMatchObject({ point: 'LI', tso: ['NaTran', 'Teréga'], liCommunesIndex: [], usedSampleData: true });
      expect(li.codes.map((c: { code: string }) => c.code)).toEqual(['ECH-LI-0001', 'ECH-LI-0002', 'ECH-LI-0003']);
      expect(li.months).toContain('2026-04');
      expect(li.months).toContain(new Date().toISOString().slice(0, 7));
      expect(li.pointTable).toMatchObject({ kind: 'li', origin: 'package', isSample: true });
      expect(li.message).toContain('échantillon');
      const pic = (await alice.get('/api/simulator/options/pic/?point=pic&code=ECH-PIC-0002')).json();
      expect(pic).toMatchObject({
        point: 'PIC',
        tso: ['Teréga'],
        picCommunesIndex: [{ code: 'ECH-PIC-0002', communes: [{ commune: 'Pau' }] }],
      });
    });

    it('simulates on the official table shipped with the server, not as sample data (ADR 0051)', async () => {
      const response = await alice.post('/api/simulator/simulate/', SAMPLE_ACCEPTANCE);
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(resultat.usedSampleData).toBe(false);
      expect(resultat.warnings.join(' ')).not.toContain('échantillon');
      expect(resultat.annuel.abonnement).toBe(21705.72);
      expect(resultat.referentiel.pitdDataset).toMatchObject({
        origin: 'package',
        isSample: false,
        provenance: {
          attribution:
            'Source : GRDF, Table des PITD du 20/02/2026, publiée sur le site de concertation gaz de la CRE (GTG 2007).',
        },
      });
    });

    it('answers the result’s JSON text as stored: equal to the schema-encoded response; the guard used outside production refuses a divergence (ADR 0075)', async () => {
      // A user of its own; here, before the imports below replace the official table (GD1057 is in the shipped one).
      const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
      await insertVerifiedUser(t.database.handle.db, {
        email: 'anne@exemple.fr',
        name: 'Anne',
        role: 'user',
        passwordHash,
      });
      const anne = await signedIn('anne@exemple.fr');
      const answer = await anne.post('/api/simulator/simulate/', SAMPLE_ACCEPTANCE);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = answer.json();
      // Nothing the response schema would strip or refuse: encoding the answer gives it back unchanged.
      expect(JSON.parse(JSON.stringify(simulateResponseSchema.encode(body)))).toEqual(body);
      expect(body.resultat.lignes.length).toBeGreaterThan(0);
      expect((await findSimulation(t.database.handle.db, body.simulationId))?.result).toEqual(body.resultat);

      expect(() => checkAnswer(body, answer.body)).not.toThrow();
      const extra = { ...body, resultat: { ...body.resultat, leaked: 1 } };
      expect(() => checkAnswer(extra, JSON.stringify(extra))).toThrow(/differs/);
      expect(() => checkAnswer(body, JSON.stringify({ ...body, pdfUrl: 'autre' }))).toThrow(/differs/);
      const refused = { ...body, pdfUrlExpiresAt: 'demain' };
      expect(() => checkAnswer(refused, JSON.stringify(refused))).toThrow(/refused/);
    });
  });

  describe('validation (spec §5 "Simulator", exact messages)', () => {
    const pitd = { ...SAMPLE_ACCEPTANCE, tarif: 'T2', cjaMwhj: '' };
    const li = {
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      tso: 'NaTran',
      tarif: 'T4',
      profil: 'P016',
      assiette: '1000',
      cja: '50',
    };
    const pic = { ...li, pointDeReseau: 'PIC', code: 'ECH-PIC-0001', tarif: 'T2', car: '1000' };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['honeypot filled', { ...pitd, honeypot: 'http://spam' }, SIMULATOR_MESSAGES.honeypot, 'BOT_DETECTED'],
      ['no point', { ...pitd, pointDeReseau: '' }, 'Veuillez indiquer le point de réseau.', 'VALIDATION_FAILED'],
      [
        'unknown point',
        { ...pitd, pointDeReseau: 'XYZ' },
        'Veuillez indiquer le point de réseau.',
        'VALIDATION_FAILED',
      ],
      ['PITD without code', { ...pitd, code: '' }, 'Veuillez indiquer le code PITD.', 'VALIDATION_FAILED'],
      ['PITD without commune', { ...pitd, commune: ' ' }, 'Veuillez indiquer la commune.', 'VALIDATION_FAILED'],
      ['PITD without tso', { ...pitd, tso: undefined }, 'Veuillez sélectionner le TSO.', 'VALIDATION_FAILED'],
      ['PITD without dso', { ...pitd, dso: '' }, 'Veuillez indiquer le DSO.', 'VALIDATION_FAILED'],
      ['PITD without tarif', { ...pitd, tarif: '' }, 'Veuillez indiquer le tarif.', 'VALIDATION_FAILED'],
      ['PITD without profil', { ...pitd, profil: null }, 'Veuillez indiquer le profil.', 'VALIDATION_FAILED'],
      [
        'PITD without date',
        { ...pitd, dateEffetMonth: '' },
        "Veuillez sélectionner la date d'effet.",
        'VALIDATION_FAILED',
      ],
      ['PITD T2 without CAR', { ...pitd, car: '' }, 'Veuillez indiquer la CAR.', 'VALIDATION_FAILED'],
      ['PITD T4 without CJA', { ...pitd, tarif: 'T4', cjaMwhj: '' }, 'Veuillez indiquer la CJA.', 'VALIDATION_FAILED'],
      ['LI without code', { ...li, code: '' }, 'Veuillez indiquer le code LI.', 'VALIDATION_FAILED'],
      ['LI without tso', { ...li, tso: '' }, 'Veuillez sélectionner le TSO.', 'VALIDATION_FAILED'],
      ['LI without tarif', { ...li, tarif: '' }, 'Veuillez indiquer le tarif.', 'VALIDATION_FAILED'],
      ['LI without profil', { ...li, profil: '' }, 'Veuillez indiquer le profil.', 'VALIDATION_FAILED'],
      ['LI without assiette', { ...li, assiette: '' }, "Veuillez indiquer l'assiette.", 'VALIDATION_FAILED'],
      ['LI without cja', { ...li, cja: '' }, 'Veuillez indiquer la CJA.', 'VALIDATION_FAILED'],
      ['PIC without code', { ...pic, code: '' }, 'Veuillez indiquer le code PIC.', 'VALIDATION_FAILED'],
      ['PIC without tso', { ...pic, tso: '' }, 'Veuillez sélectionner le TSO.', 'VALIDATION_FAILED'],
      ['PIC without tarif', { ...pic, tarif: '' }, 'Veuillez indiquer le tarif.', 'VALIDATION_FAILED'],
      ['PIC without profil', { ...pic, profil: '' }, 'Veuillez indiquer le profil.', 'VALIDATION_FAILED'],
      ['PIC without assiette', { ...pic, assiette: '' }, "Veuillez indiquer l'assiette.", 'VALIDATION_FAILED'],
      ['PIC without cja', { ...pic, cja: '' }, 'Veuillez indiquer la CJA.', 'VALIDATION_FAILED'],
      ['PIC T2 without CAR', { ...pic, car: '' }, 'Veuillez indiquer la CAR.', 'VALIDATION_FAILED'],
      ['unknown TSO', { ...pitd, tso: 'GRT inconnu' }, 'Veuillez sélectionner le TSO.', 'VALIDATION_FAILED'],
      [
        'CAR not a number',
        { ...pitd, car: '12abc' },
        'Valeur numérique invalide pour le champ « CAR » : « 12abc ».',
        'VALIDATION_FAILED',
      ],
    ];

    it.each(cases)('%s → 400 with the exact message', async (_name, body, message, code) => {
      const response = await alice.post('/api/simulator/simulate/', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, code });
    });

    it('names the field in details, so the form can clear it when it changes', async () => {
      const response = await alice.post('/api/simulator/simulate/', { ...pitd, commune: '' });
      expect(response.json().details).toEqual([{ path: '/commune', message: 'Veuillez indiquer la commune.' }]);
    });

    it('needs no CAR for LI, nor for T4/TP; accepts comma decimals and spaces', async () => {
      const noCar = await alice.post('/api/simulator/simulate/', { ...li, car: '' });
      expect(noCar.statusCode, noCar.body).toBe(200);
      const t4 = await alice.post('/api/simulator/simulate/', {
        ...SAMPLE_ACCEPTANCE,
        car: '',
        cjaMwhj: '109,0',
        assiette: '15\u202f466,8',
      });
      expect(t4.statusCode, t4.body).toBe(200);
      expect(t4.json().resultat.annuel.termeDistribution).toBe(31392.0);
      // Without CAR nor assiette the storage modulation cannot be estimated: the domain's message.
      const neither = await alice.post('/api/simulator/simulate/', { ...SAMPLE_ACCEPTANCE, car: '' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json()).toMatchObject({ error: "Veuillez indiquer l'assiette.", code: 'VALIDATION_FAILED' });
      const picT4 = await alice.post('/api/simulator/simulate/', { ...pic, tarif: 'T4', car: '' });
      expect(picT4.statusCode, picT4.body).toBe(200);
    });
  });

  describe('domain errors (spec §8)', () => {
    it('LI past the end of ATRT8: 422 « données tarifaires … pas disponibles »', async () => {
      const response = await alice.post('/api/simulator/simulate/', {
        pointDeReseau: 'LI',
        code: 'ECH-LI-0001',
        tso: 'NaTran',
        tarif: 'T4',
        profil: 'P016',
        assiette: '1 000',
        cja: '50',
        dateEffetMonth: '2028-05',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('TARIFF_DATA_UNAVAILABLE');
      expect(response.json().error).toMatch(/données tarifaires.*pas disponibles/);
    });

    it('a month without sourced grids: 422; TP after June 2025 simulates with the grid rebuilt by the rule', async () => {
      const old = await alice.post('/api/simulator/simulate/', { ...SAMPLE_ACCEPTANCE, dateEffetMonth: '2023-01' });
      expect(old.statusCode).toBe(422);
      expect(old.json().error).toMatch(/données tarifaires.*pas disponibles/);
      const tp = await alice.post('/api/simulator/simulate/', { ...SAMPLE_ACCEPTANCE, tarif: 'TP', distanceM: '100' });
      expect(tp.statusCode).toBe(200);
      expect(tp.json().resultat.annuel.abonnement).toBe(51721.8);
    });

    it('refuses a code, commune, TSO or DSO that does not belong to the reference table', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ code: 'NOPE' }, '/code', 'Code PITD inconnu'],
        [{ commune: 'Lyon' }, '/commune', "n'est pas rattachée au PITD"],
        [{ tso: 'Teréga' }, '/tso', 'ne correspond pas au PITD'],
        [{ dso: 'Régaz' }, '/dso', 'ne correspond pas à la commune'],
      ];
      for (const [override, path, text] of cases) {
        const response = await alice.post('/api/simulator/simulate/', { ...SAMPLE_ACCEPTANCE, ...override });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain(text);
        expect(response.json().details[0].path).toBe(path);
      }
    });
  });

  describe('after importing the PITD table', () => {
    let pdfUrl: string;
    let simulationId: string;
    let resultat: { lignes: { id: string; label: string; annualAmount: number | null }[] };

    beforeAll(async () => {
      await importReferenceFile(t.database.handle.db, {
        kind: 'pitd',
        text: bigPitdFile(),
        sourceFileName: 'pitd-officiel.csv',
        importedBy: 'test',
      });
    });

    // The app's first PDF starts a render thread, which loads pdf-lib and fontkit and subsets the fonts (1–2 s of CPU
    // on an idle machine, past 5 s beside two busy processes, ADR 0049): paid here, in its own hook, by a user of its
    // own (alice's PDF quota stays the tests'), so that a test that downloads a report pays for its report only.
    beforeAll(async () => {
      await insertVerifiedUser(t.database.handle.db, {
        email: 'carole@exemple.fr',
        name: 'Carole',
        role: 'user',
        passwordHash: await createPasswordHasher(10).hash(PASSWORD),
      });
      const carole = await signedIn('carole@exemple.fr');
      const response = await carole.post('/api/simulator/simulate/', ACCEPTANCE);
      expect(response.statusCode, response.body).toBe(200);
      expect((await new HttpClient(t.app).get(response.json().pdfUrl)).statusCode).toBe(200);
    });

    it('answers the acceptance case of issue 4 to the cent, each line with its source, usedSampleData false', async () => {
      const response = await alice.post('/api/simulator/simulate/', ACCEPTANCE);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      resultat = body.resultat;
      simulationId = body.simulationId;
      pdfUrl = body.pdfUrl;
      expect(body.resultat.usedSampleData).toBe(false);
      expect(body.resultat.annuel.abonnement).toBe(21705.72);
      expect(body.resultat.annuel.termeDistribution).toBe(31392.0);
      expect(body.resultat.mensuel.ctaDso).toBe(920.36);
      expect(body.resultat.mensuel.ctaTotal).toBeCloseTo(
        body.resultat.mensuel.ctaDso + body.resultat.mensuel.ctaTso,
        1,
      );
      const transport = body.resultat.lignes.filter((l: { category: string }) => l.category === 'termeTransport');
      expect(transport.map((l: { formula: string }) => l.formula)).toEqual([
        '109 MWh/j × 123,58 €/MWh/j/an',
        '109 MWh/j × 95,85 €/MWh/j/an × 2 (NTR)',
        '109 MWh/j × 56,31 €/MWh/j/an',
      ]);
      expect(body.resultat.annuel.termeTransport).toBe(40503.31);
      expect(body.resultat.parMwh).toMatchObject({ accise: 16.39, ticgn: 16.39 });
      // Each source once per result (ADR 0041), and every line points to exactly the sources the domain gives it.
      const sources = body.resultat.sources as LineSourceDto[];
      expect(new Set(sources.map((source) => JSON.stringify(source))).size).toBe(sources.length);
      const domain = simulate(
        {
          pointDeReseau: 'PITD',
          code: 'GRDF-IDF-0001',
          commune: 'Paris',
          tso: 'NaTran',
          dso: 'GRDF',
          profil: 'P016',
          tarif: 'T4',
          car: 15466.8,
          cja: 109,
          referentiel: { ntr: 2, stationMeteo: 'PARIS-MONTSOURIS', isSample: false },
        },
        '2026-02-01',
      );
      expect(body.resultat.lignes.map((line: { id: string }) => line.id)).toEqual(domain.lignes.map((line) => line.id));
      // Fewer distinct sources than citations: sharing them is what makes the answer smaller.
      expect(sources.length).toBeLessThan(domain.lignes.reduce((sum, line) => sum + line.sources.length, 0));
      for (const [index, line] of body.resultat.lignes.entries()) {
        expect(line, line.id).not.toHaveProperty('sources');
        const own = sourcesOfLine(body.resultat, line);
        expect(own, line.id).toEqual(domain.lignes[index]?.sources);
        expect(own.length, line.id).toBeGreaterThan(0);
        expect(own[0]?.title.length).toBeGreaterThan(0);
        expect(own[0]?.url.length).toBeGreaterThan(0);
      }
      expect(body.resultat.gridDates).toMatchObject({ atrd: '2025-07-01', atrt: '2025-04-01', accise: '2026-02-01' });
      expect(body.resultat.referentiel).toMatchObject({
        ntr: 2,
        stationMeteo: 'PARIS-MONTSOURIS',
        zi: null,
        pitdDataset: { origin: 'import', version: 1, isSample: false, sourceFileName: 'pitd-officiel.csv' },
        ziDataset: null,
      });
      expect(body.pdfUrl).toMatch(/^\/api\/simulator\/simulations\/[0-9a-f-]{36}\/pdf\?exp=\d+&sig=[\w-]+$/);
      expect(Date.parse(body.pdfUrlExpiresAt) - Date.now()).toBeGreaterThan(3500_000);

      const [stored] = await t.database.handle.db.select().from(simulations).where(eq(simulations.id, simulationId));
      expect(stored).toMatchObject({ userId: expect.any(String), usedSampleData: false, dateEffet: '2026-02-01' });
      expect(stored?.gridDates).toMatchObject({ atrd: '2025-07-01' });
      // Stored as answered (a `json` column since ADR 0038), read back whole: the same values, to the cent.
      expect(stored?.result).toEqual(body.resultat);
    });

    it('a T2 point (CAR × Zi × A) reads the official Zi table shipped with the server', async () => {
      const response = await alice.post('/api/simulator/simulate/', { ...ACCEPTANCE, tarif: 'T2', cjaMwhj: '' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().resultat.usedSampleData).toBe(false);
      expect(response.json().resultat.referentiel.zi).toBe(0.009510185);
      expect(response.json().resultat.referentiel.ziDataset).toMatchObject({ origin: 'package', isSample: false });
    });

    it('another DSO than GRDF: 400 « pas encore supporté »', async () => {
      const response = await alice.post('/api/simulator/simulate/', {
        ...ACCEPTANCE,
        code: 'REGAZ-0001',
        commune: 'Bordeaux',
        tso: 'Teréga',
        dso: 'Régaz-Bordeaux',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('UNSUPPORTED_POINT');
      expect(response.json().error).toContain('combinaison TSO/DSO');
    });

    it('options: the imported table answers, codes capped at 300 with truncated, q narrows', async () => {
      const all = (await alice.get('/api/simulator/options/pitd/?point=pitd')).json();
      expect(all.codes).toHaveLength(300);
      expect(all.truncated).toBe(true);
      expect(all.usedSampleData).toBe(false); // the Zi table is the official one shipped with the server
      const t2 = (await alice.get('/api/simulator/options/pitd/?point=pitd&tarif=T2')).json();
      expect(t2.usedSampleData).toBe(false);
      expect(all.referenceData.pitd).toMatchObject({ origin: 'import', version: 1, rowCount: 353 });
      const search = (await alice.get('/api/simulator/options/pitd/?point=pitd&q=pitd-01')).json();
      expect(search.codes).toHaveLength(100);
      expect(search.truncated).toBe(false);
      const paris = (await alice.get('/api/simulator/options/pitd/?point=pitd&code=GRDF-IDF-0001')).json();
      expect(paris.pitdCommunesIndex[0].communes.map((c: { commune: string }) => c.commune)).toEqual([
        'BOULOGNE BILLANCOURT',
        'Paris',
      ]);
      expect(paris.tso).toEqual(['NaTran']);
    });

    it('a month past the last published CTA coefficient says so, in the result and at the top of the PDF', async () => {
      const response = await alice.post('/api/simulator/simulate/', {
        ...ACCEPTANCE,
        assiette: '15 466,8',
        dateEffetMonth: '2026-11',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      // November 2026 is no longer past the last ATRD7 grid: the grid of 1 July 2026 is estimated (observed in a
      // secondary source or derived by the formula of délib. 2024-40, ADR 0050), its lines say so, but only the CTA
      // coefficient (not found, carried over) is read past its last sourced value.
      expect(body.resultat.estimatedGrids).toEqual([{ grid: 'CTA', lastSourcedOn: '2025-07-01' }]);
      const abonnement = body.resultat.lignes.find((line: { id: string }) => line.id === 'atrd.abonnement');
      expect(abonnement).toMatchObject({ annualAmount: 22973.52, isEstimate: true });
      expect(abonnement.sourceIndices.map((index: number) => body.resultat.sources[index].basis)).toContain(
        'atrd7Formula',
      );
      const pdf = await new HttpClient(t.app).get(body.pdfUrl);
      expect(pdf.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      const flat = text.replace(/[\s\u00a0\u202f]+/g, ' ');
      expect(flat).toContain('Grille estimée : CTA (dernière valeur publiée dans nos sources : 1er juillet 2025).');
      expect(flat).toContain('estimation (formule de la délibération 2024-40)');
    });

    it('the PDF link downloads the report with the same lines; only its signature opens it', async () => {
      const anonymous = new HttpClient(t.app);
      const response = await anonymous.get(pdfUrl);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="simulation-2026-02-[0-9a-f]{8}\.pdf"$/,
      );
      const bytes = new Uint8Array(response.rawPayload);
      const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      const flat = text.replace(/[\s\u00a0\u202f]+/g, ' ');
      expect(totalPages).toBeGreaterThanOrEqual(2);
      expect(flat).toContain(`Page 1 / ${totalPages}`);
      expect(flat).toContain("Simulation des coûts d'acheminement du gaz naturel");
      expect(flat).toContain('GRDF-IDF-0001');
      expect(flat).toContain('21 705,72 €');
      expect(flat).toContain('920,36 €');
      expect(flat).toContain('109 MWh/j × 123,58 €/MWh/j/an');
      expect(flat).toContain('ESTIMATION');
      expect(flat).toContain('Dates des grilles appliquées');
      expect(flat).not.toContain("Données d'échantillon");
      // February 2026 reads no grid past its last sourced value: no « grille estimée » banner.
      expect(flat).not.toContain('Grille estimée');
      for (const line of resultat.lignes) {
        expect(flat, line.id).toContain(line.label.split(' ').slice(0, 3).join(' '));
        if (line.annualAmount !== null) {
          expect(flat, line.id).toContain(
            `${line.annualAmount.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/[\u00a0\u202f]/g, ' ')} €`,
          );
        }
      }

      const url = new URL(pdfUrl, 'http://localhost');
      const sig = url.searchParams.get('sig') ?? '';
      const exp = Number(url.searchParams.get('exp'));
      const tampered = [
        `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
        `${url.pathname}?exp=${exp + 3600}&sig=${sig}`,
        `${url.pathname}?exp=${exp}`,
        `/api/simulator/simulations/00000000-0000-4000-8000-000000000000/pdf?exp=${exp}&sig=${sig}`,
      ];
      for (const link of tampered) {
        const refused = await anonymous.get(link);
        expect(refused.statusCode, link).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'PDF_LINK_INVALID' });
        expect(refused.json().error).toContain('Lien de téléchargement invalide');
      }

      // Same secret, past expiry: a link that was genuine an hour ago.
      const aliceId = (await alice.get('/api/account/me')).json().user.id as string;
      const expired = new PdfLinkSigner(TEST_SECRET, 3600).urlFor(
        simulationId,
        aliceId,
        Math.floor(Date.now() / 1000) - 1,
      );
      const tooLate = await anonymous.get(expired);
      expect(tooLate.statusCode).toBe(403);
      expect(tooLate.json()).toMatchObject({ code: 'PDF_LINK_EXPIRED' });
      expect(tooLate.json().error).toContain('a expiré');

      // A fresh link for the owner only.
      const fresh = await alice.get(`/api/simulator/simulations/${simulationId}/pdf-link`);
      expect(fresh.statusCode).toBe(200);
      expect((await anonymous.get(fresh.json().pdfUrl)).statusCode).toBe(200);
      expect((await bob.get(`/api/simulator/simulations/${simulationId}/pdf-link`)).statusCode).toBe(404);
    });

    it('a simulation stored before ADR 0041 (sources on every line) reads as today’s: same PDF, same assistant passage', async () => {
      const db = t.database.handle.db;
      const [stored] = await db.select().from(simulations).where(eq(simulations.id, simulationId));
      if (!stored) {
        throw new Error('the acceptance simulation is not stored');
      }
      const current = readStoredResult(stored.result);
      // The shape written until ADR 0041: no shared list, each line with its own copies of its sources.
      const { sources: _shared, ...rest } = current;
      const oldShape = {
        ...rest,
        lignes: current.lignes.map(({ sourceIndices, ...line }) => ({
          ...line,
          sources: sourceIndices.map((index) => current.sources[index]),
        })),
      };
      expect(JSON.stringify(oldShape).length).toBeGreaterThan(JSON.stringify(current).length * 1.5);
      const oldId = randomUUID();
      // Written last, so that it is also the user's « last simulation » for the assistant.
      await db.insert(simulations).values({ ...stored, id: oldId, result: oldShape, createdAt: new Date() });

      const old = await findSimulation(db, oldId);
      expect(old?.result).toEqual(current);
      // The assistant's « last simulation » reads through the same repository.
      if (!stored.userId) {
        throw new Error('the acceptance simulation has lost its author');
      }
      const last = await findLastSimulation(db, stored.userId);
      expect(last?.id).toBe(oldId);
      expect(last?.result).toEqual(current);
      expect(simulationPassage(last as NonNullable<typeof last>).text).toBe(
        simulationPassage({ ...stored, createdAt: last?.createdAt as Date, result: current }).text,
      );

      // The PDF of the old row (rendered now) has the same text as today's row's (stored by the test above), ids and
      // generation dates aside.
      const pdfText = async (id: string) => {
        const link = await alice.get(`/api/simulator/simulations/${id}/pdf-link`);
        expect(link.statusCode, link.body).toBe(200);
        const pdf = await new HttpClient(t.app).get(link.json().pdfUrl);
        expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
          mergePages: true,
        });
        return text
          .replace(/[\s\u00a0\u202f]+/g, ' ')
          .replaceAll(id, '<id>')
          .replace(/\d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}/g, '<date>');
      };
      const [before, after] = [await pdfText(oldId), await pdfText(simulationId)];
      expect(before).toContain('Sources : ');
      expect(before).toContain('texte officiel');
      expect(before).toBe(after);
    });
  });
});
