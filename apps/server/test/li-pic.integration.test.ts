/**
 * LI and PIC points (issue 11 part 2, ADR 0024): the point tables (labelled sample, then imported versions), the
 * options cascade (`liCommunesIndex` / `picCommunesIndex`, spec §3) and the simulation of transport-connected
 * consumers through the API, on PGlite and PostgreSQL.
 */
import { sourcesOfLine } from '@pilote/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { importReferenceFile, ReferenceImportError } from '../src/modules/reference-data/importer.ts';
import { listDatasets } from '../src/modules/reference-data/repository.ts';
import { HttpClient } from './helpers/http-client.ts';
import { warmSimulationReports } from './helpers/report-warm-up.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const HEADER = 'code;libelle;commune_insee;commune;gestionnaire_transport;ntr';
const CURRENT_MONTH = new Date().toISOString().slice(0, 7);

type Line = {
  id: string;
  annualAmount: number | null;
  unit: string;
  isEstimate: boolean;
  sourceIndices: number[];
};

const LI_FORM = {
  pointDeReseau: 'LI',
  code: 'ECH-LI-0001',
  commune: 'Dunkerque',
  tso: 'NaTran',
  tarif: 'T4',
  profil: 'P016',
  cja: '100',
  assiette: '20 000',
  dateEffetMonth: '2026-11',
  honeypot: '',
};

describe.each(testDatabaseKinds())('LI and PIC points on %s', (kind) => {
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
    const response = await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(response.statusCode).toBe(200);
  });
  // The report of the first test: pdf.js and the render thread start here, not in its 5 s (ADR 0056).
  beforeAll(async () => {
    await warmSimulationReports(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const line = (lignes: Line[], id: string): Line => {
    const found = lignes.find((l) => l.id === id);
    if (!found) {
      throw new Error(`line ${id} missing`);
    }
    return found;
  };

  describe('before any import: the labelled sample tables', () => {
    it('the LI cascade: codes, then the chosen code’s communes and its one TSO; months include the current one', async () => {
      const first = await alice.get('/api/simulator/options/li/?point=li');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        point: 'LI',
        truncated: false,
        dso: [],
        liCommunesIndex: [],
        usedSampleData: true,
        referenceData: null,
        pointTable: { kind: 'li', origin: 'package', isSample: true, version: null },
      });
      expect(first.json().months).toContain(CURRENT_MONTH);
      expect(first.json().months).toContain('2027-05');
      const byCode = (await alice.get('/api/simulator/options/li/?point=li&code=ECH-LI-0003')).json();
      expect(byCode.liCommunesIndex).toEqual([{ code: 'ECH-LI-0003', communes: ['Lacq', 'Mourenx'] }]);
      expect(byCode.tso).toEqual(['Teréga']);
      const search = (await alice.get('/api/simulator/options/pic/?point=pic&q=havre')).json();
      expect(search.codes).toEqual([{ code: 'ECH-PIC-0001', libelle: 'ÉCHANTILLON Le Havre (NaTran, NTR 2)' }]);
    });

    it('simulates an LI on the sample: ATRT8 transport-connected terms, no ATRD line, flagged as sample', async () => {
      const response = await alice.post('/api/simulator/simulate/', LI_FORM);
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(resultat.usedSampleData).toBe(true);
      expect(resultat.warnings[0]).toContain('(table des points LI non officielle)');
      expect(resultat.referentiel).toMatchObject({
        ntr: 1,
        libelle: 'ÉCHANTILLON Dunkerque (NaTran, NTR 1)',
        communeInsee: '59183',
        stationMeteo: null,
        zi: null,
        pitdDataset: null,
        pointDataset: { kind: 'li', isSample: true },
      });
      const lignes = resultat.lignes as Line[];
      expect(lignes.some((l) => l.id.startsWith('atrd.'))).toBe(false);
      // 100 × 127,80 ; 100 × 99,12 × 1 ; 100 × 39,44 ; 7 611,06 (délib. CRE 2026-28).
      expect(line(lignes, 'atrt.tcs').annualAmount).toBe(12780);
      expect(line(lignes, 'atrt.tcr').annualAmount).toBe(9912);
      expect(line(lignes, 'atrt.tcl').annualAmount).toBe(3944);
      expect(line(lignes, 'atrt.poste')).toMatchObject({ annualAmount: 7611.06, unit: '€/an', isEstimate: false });
      expect(resultat.annuel.termeTransport).toBe(34247.06);
      expect(resultat.annuel.ctaTso).toBe(Math.round(0.0471 * 34247.06 * 100) / 100);
      expect(line(lignes, 'cta.tso').isEstimate).toBe(true);
      expect(resultat.estimatedGrids).toEqual([]);

      // The PDF report names the LI point table in place of the PITD / Zi tables.
      const pdf = await new HttpClient(t.app).get(response.json().pdfUrl);
      expect(pdf.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      expect(text).toContain('Table des points LI');
      expect(text).toContain('Terme fixe par poste de livraison (NaTran, ATRT8)');
      expect(text).not.toContain('Table des PITD');
    });

    it('without a month, an LI uses the current month; May 2027 is an estimate with its grids named', async () => {
      const current = await alice.post('/api/simulator/simulate/', { ...LI_FORM, dateEffetMonth: '' });
      expect(current.statusCode, current.body).toBe(200);
      expect(current.json().resultat.dateEffet).toBe(`${CURRENT_MONTH}-01`);
      const later = await alice.post('/api/simulator/simulate/', { ...LI_FORM, dateEffetMonth: '2027-05' });
      expect(later.statusCode, later.body).toBe(200);
      const resultat = later.json().resultat;
      expect(line(resultat.lignes, 'atrt.tcs').isEstimate).toBe(true);
      expect(resultat.estimatedGrids).toContainEqual({ grid: 'ATRT8', lastSourcedOn: '2026-04-01' });
    });

    it('a PIC on the sample bills the CJA whatever the option; the CAR only feeds the storage estimate', async () => {
      const response = await alice.post('/api/simulator/simulate/', {
        pointDeReseau: 'PIC',
        code: 'ECH-PIC-0002',
        tso: 'Terega',
        tarif: 'T2',
        profil: 'P015',
        car: '30 000',
        cja: '250',
        assiette: '28000',
        dateEffetMonth: '2026-11',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(line(resultat.lignes, 'atrt.tcs').annualAmount).toBe(31950);
      expect(line(resultat.lignes, 'atrt.tcr').annualAmount).toBe(26035);
      expect(line(resultat.lignes, 'atrt.poste').annualAmount).toBe(4174.02);
      expect(line(resultat.lignes, 'atrt.stockage').isEstimate).toBe(true);
      expect(resultat.annuel.ctaDso).toBe(0);
    });

    it('fresh install, current month: PITD T1–T4 and TP, LI and PIC all answer, every line with its sources and status', async () => {
      const forms: Record<string, unknown>[] = [
        ...(['T1', 'T2', 'T3'] as const).map((tarif) => ({ ...PACKAGED_ACCEPTANCE_FORM, tarif, cjaMwhj: '' })),
        { ...PACKAGED_ACCEPTANCE_FORM, tarif: 'T4' },
        { ...PACKAGED_ACCEPTANCE_FORM, tarif: 'TP', distanceM: '150' },
        { ...LI_FORM },
        { ...LI_FORM, pointDeReseau: 'PIC', code: 'ECH-PIC-0001', commune: '', tarif: 'T1', car: '12 000' },
      ].map((form) => ({ ...form, dateEffetMonth: CURRENT_MONTH }));
      for (const form of forms) {
        const response = await alice.post('/api/simulator/simulate/', form);
        expect(response.statusCode, `${form.pointDeReseau} ${form.tarif}: ${response.body}`).toBe(200);
        const resultat = response.json().resultat;
        expect(resultat.dateEffet).toBe(`${CURRENT_MONTH}-01`);
        for (const l of resultat.lignes as Line[]) {
          const sources = sourcesOfLine(resultat, l);
          expect(sources.length, l.id).toBeGreaterThan(0);
          expect(sources).toHaveLength(l.sourceIndices.length);
          expect(typeof l.isEstimate).toBe('boolean');
          // A line reading an estimate says so in its sources too.
          if (!l.isEstimate) {
            expect(
              sources.some((source) => source.status !== 'estimate'),
              l.id,
            ).toBe(true);
          }
        }
      }
    });

    it('refuses a code, commune or TSO that is not the point’s, on its field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ code: 'NOPE' }, '/code', 'Code LI inconnu : « NOPE » (table d’échantillon en service).'],
        [{ commune: 'Lyon' }, '/commune', "La commune « Lyon » n'est pas rattachée au point LI « ECH-LI-0001 »."],
        [
          { tso: 'Teréga' },
          '/tso',
          'Le TSO « Teréga » ne correspond pas au point LI « ECH-LI-0001 » (gestionnaire de transport : NaTran).',
        ],
      ];
      for (const [override, path, message] of cases) {
        const response = await alice.post('/api/simulator/simulate/', { ...LI_FORM, ...override });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: message, details: [{ path }] });
      }
    });
  });

  describe('after importing the LI table (versioned like PITD)', () => {
    beforeAll(async () => {
      await importReferenceFile(t.database.handle.db, {
        kind: 'li',
        text: `${HEADER}\nLI-NAT-0001;Usine de Fos (NaTran, NTR 4);13039;Fos-sur-Mer;NaTran;4\n`,
        sourceFileName: 'points-li-v1.csv',
        importedBy: 'test',
      });
    });

    it('the cascade and the simulation use the imported rows; the sample is gone; PIC still answers its sample', async () => {
      const options = (await alice.get('/api/simulator/options/li/?point=li&code=LI-NAT-0001')).json();
      expect(options.codes).toEqual([{ code: 'LI-NAT-0001', libelle: 'Usine de Fos (NaTran, NTR 4)' }]);
      expect(options.liCommunesIndex).toEqual([{ code: 'LI-NAT-0001', communes: ['Fos-sur-Mer'] }]);
      expect(options).toMatchObject({
        usedSampleData: false,
        message: null,
        pointTable: { origin: 'import', version: 1 },
      });
      const response = await alice.post('/api/simulator/simulate/', {
        ...LI_FORM,
        code: 'LI-NAT-0001',
        commune: '13039',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(resultat.usedSampleData).toBe(false);
      expect(resultat.referentiel.pointDataset).toMatchObject({ origin: 'import', version: 1, isSample: false });
      expect(line(resultat.lignes, 'atrt.tcr').annualAmount).toBe(Math.round(100 * 99.12 * 4 * 100) / 100);
      const sample = await alice.post('/api/simulator/simulate/', LI_FORM);
      expect(sample.statusCode).toBe(400);
      expect(sample.json().error).toBe('Code LI inconnu : « ECH-LI-0001 ».');
      const pic = (await alice.get('/api/simulator/options/pic/?point=pic')).json();
      expect(pic.pointTable).toMatchObject({ origin: 'package', isSample: true });
    });

    it('a second import makes version 2 active and keeps version 1; a refused file changes nothing', async () => {
      const summary = await importReferenceFile(t.database.handle.db, {
        kind: 'li',
        text: `${HEADER}\nLI-NAT-0001;Usine de Fos;13039;Fos-sur-Mer;NaTran;5\nLI-TER-0001;Lacq;64300;Lacq;Teréga;2\n`,
        sourceFileName: 'points-li-v2.csv',
        importedBy: 'test',
      });
      expect(summary).toMatchObject({ kind: 'li', version: 2, previousVersion: 1, rowCount: 2, distinctKeys: 2 });
      await expect(
        importReferenceFile(t.database.handle.db, {
          kind: 'li',
          text: `${HEADER}\nLI-X;Nulle part;99999;Nulle part;NaTran;1\n`,
          sourceFileName: 'faux.csv',
          importedBy: 'test',
        }),
      ).rejects.toThrow(ReferenceImportError);
      const versions = await listDatasets(t.database.handle.db, 'li');
      expect(versions.map((v) => [v.version, v.isActive, v.rowCount])).toEqual([
        [2, true, 2],
        [1, false, 1],
      ]);
      const options = (await alice.get('/api/simulator/options/li/?point=li')).json();
      expect(options.codes.map((c: { code: string }) => c.code)).toEqual(['LI-NAT-0001', 'LI-TER-0001']);
      const response = await alice.post('/api/simulator/simulate/', { ...LI_FORM, code: 'LI-NAT-0001', commune: '' });
      expect(response.json().resultat.referentiel.ntr).toBe(5);
    });
  });
});
