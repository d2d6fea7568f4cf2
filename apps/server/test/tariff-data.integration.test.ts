/** Tariff data administration (ADR 0025): rights, versions, undo, audit, imports, and the simulator reading it. */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesOfLine } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffsImportCommand } from '../src/cli/tariffs-import.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { communeDirectoryLoaded, forgetCommuneDirectory } from '../src/modules/reference-data/communes.ts';
import { checkInWorker } from '../src/modules/reference-data/worker-check.ts';
import { createTariffOverlaySource } from '../src/modules/tariff-data/overlay-source.ts';
import { REFERENCE_IMPORTS, type ReferenceImportRegistration } from '../src/modules/tariff-data/reference-imports.ts';
import { insertAudit } from '../src/modules/tariff-data/repository.ts';
import { createTariffDataService } from '../src/modules/tariff-data/service.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const here = path.dirname(fileURLToPath(import.meta.url));
const T4_ABONNEMENT = 'atrd7.grdf.t4.abonnement';
const REFERENCE = {
  title: 'Délibération CRE n° 2026-150 du 18 juin 2026 (grille ATRD7 GRDF au 1er juillet 2026)',
  url: 'https://www.cre.fr/documents/deliberations/2026-150',
};

const addBody = (overrides: Record<string, unknown> = {}) => ({
  parameterId: T4_ABONNEMENT,
  validFrom: '2026-09-01',
  value: 23456.78,
  unit: '€/an',
  status: 'official',
  references: [REFERENCE],
  note: 'Grille publiée',
  ...overrides,
});

describe.each(testDatabaseKinds())('tariff data administration on %s', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let staff: HttpClient;
  let user: HttpClient;

  async function signedIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    const db = t.database.handle.db;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(db, { email: 'root@exemple.fr', name: 'Root', role: 'admin', passwordHash });
    await insertVerifiedUser(db, { email: 'support@exemple.fr', name: 'Support', role: 'staff', passwordHash });
    await insertVerifiedUser(db, { email: 'plain@exemple.fr', name: 'Plain', role: 'user', passwordHash });
    admin = await signedIn('root@exemple.fr');
    staff = await signedIn('support@exemple.fr');
    user = await signedIn('plain@exemple.fr');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('staff reads but gets 403 on every write; a plain user gets 403; signed out gets 401', async () => {
    const list = await staff.get('/api/admin/tariff-data/parameters?grid=ATRD7%20GRDF&pageSize=5');
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.pageSize).toBe(5);
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items.every((p: { grid: string }) => p.grid === 'ATRD7 GRDF')).toBe(true);
    expect(page.items[0].values[0]).toMatchObject({ origin: 'package', stored: null });
    expect((await staff.get('/api/admin/tariff-data/audit')).statusCode).toBe(200);

    const writes = [
      (c: HttpClient) => c.post('/api/admin/tariff-data/values', addBody()),
      (c: HttpClient) =>
        c.post('/api/admin/tariff-data/values/undo', { parameterId: T4_ABONNEMENT, validFrom: '2026-09-01' }),
      (c: HttpClient) =>
        c.post('/api/admin/tariff-data/grid-import/preview', { format: 'json', fileName: 'g.json', text: '[]' }),
      (c: HttpClient) =>
        c.post('/api/admin/tariff-data/grid-import/confirm', { format: 'json', fileName: 'g.json', text: '[]' }),
      (c: HttpClient) =>
        c.post('/api/admin/tariff-data/reference-imports/pitd/preview', { fileName: 'p.csv', text: 'x' }),
      (c: HttpClient) =>
        c.post('/api/admin/tariff-data/reference-imports/pitd/confirm', { fileName: 'p.csv', text: 'x' }),
    ];
    for (const write of writes) {
      const asStaff = await write(staff);
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json().code).toBe('FORBIDDEN');
      expect((await write(user)).statusCode).toBe(403);
      expect((await write(new HttpClient(t.app))).statusCode).toBe(401);
    }
    for (const read of ['/api/admin/tariff-data/parameters', '/api/admin/tariff-data/audit']) {
      expect((await user.get(read)).statusCode).toBe(403);
      expect((await new HttpClient(t.app).get(read)).statusCode).toBe(401);
    }
    // Nothing was written by the refused calls.
    expect((await staff.get('/api/admin/tariff-data/audit')).json().total).toBe(0);
  });

  it('refuses a unit other than the parameter’s, in French, and writes nothing', async () => {
    const response = await admin.post('/api/admin/tariff-data/values', addBody({ unit: '€/MWh' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error:
        'L’unité « €/MWh » ne correspond pas à celle du paramètre « Option T4 — abonnement annuel (terme Rf inclus) » (€/an).',
      details: [{ path: '/unit' }],
    });
    const unknown = await admin.post('/api/admin/tariff-data/values', addBody({ parameterId: 'nope' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Paramètre inconnu : « nope ».');
    const noRef = await admin.post('/api/admin/tariff-data/values', addBody({ references: [] }));
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().error).toContain('Indiquez au moins une référence');
    expect((await admin.get('/api/admin/tariff-data/audit')).json().total).toBe(0);
  });

  it('a simulation of the month uses the stored value and cites the admin’s reference; undo creates a version', async () => {
    const simulateSeptember = async () => {
      const response = await user.post('/api/simulator/simulate/', {
        ...PACKAGED_ACCEPTANCE_FORM,
        dateEffetMonth: '2026-09',
      });
      expect(response.statusCode).toBe(200);
      const { resultat } = response.json();
      const abonnement = resultat.lignes.find((l: { id: string }) => l.id === 'atrd.abonnement');
      return { ...abonnement, sources: sourcesOfLine(resultat, abonnement) };
    };
    const before = await simulateSeptember();
    expect(before.unitPrice).not.toBe(23456.78);

    const added = await admin.post('/api/admin/tariff-data/values', addBody());
    expect(added.statusCode).toBe(201);
    expect(added.json().value).toMatchObject({
      version: 1,
      action: 'set',
      recordedBy: 'root@exemple.fr',
      origin: 'panel',
    });

    const line = await simulateSeptember();
    expect(line.unitPrice).toBe(23456.78);
    expect(line.annualAmount).toBe(23456.78);
    expect(line.sources).toEqual([{ ...REFERENCE, publishedOn: null, status: 'official' }]);
    // The month before keeps the packaged value.
    const august = await user.post('/api/simulator/simulate/', {
      ...PACKAGED_ACCEPTANCE_FORM,
      dateEffetMonth: '2026-08',
    });
    expect(august.json().resultat.lignes.find((l: { id: string }) => l.id === 'atrd.abonnement').unitPrice).toBe(
      before.unitPrice,
    );

    // A second value on the same date is version 2; undo restores version 1 as version 3.
    expect((await admin.post('/api/admin/tariff-data/values', addBody({ value: 30000 }))).json().value.version).toBe(2);
    expect((await simulateSeptember()).unitPrice).toBe(30000);
    const undo = await admin.post('/api/admin/tariff-data/values/undo', {
      parameterId: T4_ABONNEMENT,
      validFrom: '2026-09-01',
    });
    expect(undo.statusCode).toBe(201);
    expect(undo.json().value).toMatchObject({ version: 3, action: 'set', value: 23456.78, origin: 'undo' });
    expect((await simulateSeptember()).unitPrice).toBe(23456.78);

    // The panel lists the stored value with who and when.
    const listed = (await staff.get(`/api/admin/tariff-data/parameters?q=${T4_ABONNEMENT}`)).json();
    const september = listed.items[0].values.find((v: { validFrom: string }) => v.validFrom === '2026-09-01');
    expect(september).toMatchObject({
      origin: 'stored',
      value: 23456.78,
      replacesPackaged: false,
      stored: { version: 3, recordedBy: 'root@exemple.fr' },
    });

    // Undo of version 3 → version 4 restores version 2; then two more undos reach the packaged value (withdraw).
    await admin.post('/api/admin/tariff-data/values/undo', { parameterId: T4_ABONNEMENT, validFrom: '2026-09-01' });
    expect((await simulateSeptember()).unitPrice).toBe(30000);

    const audit = (await staff.get('/api/admin/tariff-data/audit?pageSize=2')).json();
    expect(audit.total).toBe(4);
    expect(audit.items).toHaveLength(2);
    expect(audit.items[0]).toMatchObject({ action: 'value.undo', actorEmail: 'root@exemple.fr' });
    const noStored = await admin.post('/api/admin/tariff-data/values/undo', {
      parameterId: T4_ABONNEMENT,
      validFrom: '2026-10-01',
    });
    expect(noStored.statusCode).toBe(404);
  });

  it('numbers concurrent writes of one date without a gap or a clash', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        admin.post('/api/admin/tariff-data/values', addBody({ validFrom: '2027-05-01', value: 1000 + n })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.json().value.version).sort()).toEqual([1, 2, 3, 4]);
  });

  it('a second instance’s cache sees a write at its next read (max id check)', async () => {
    const other = createTariffOverlaySource(t.database.handle.db);
    const first = await other.current();
    expect(await other.current()).toBe(first);
    await admin.post('/api/admin/tariff-data/values', addBody({ validFrom: '2026-11-01', value: 40000 }));
    const next = await other.current();
    expect(next).not.toBe(first);
    expect(next.latestId).toBeGreaterThan(first.latestId);
    expect(next.current.get(`${T4_ABONNEMENT}\u00002026-11-01`)?.value).toBe(40000);
  });

  it('previews a grid file (every changed value, reference simulations before/after) then records it', async () => {
    const csv = [
      'parametre;date_effet;valeur;unite;statut;reference_titre;reference_url;note',
      `atrd7.grdf.t1.abonnement;2026-12-01;60,12;€/an;officielle;${REFERENCE.title};${REFERENCE.url};`,
      `atrd7.grdf.t1.proportionnel;2026-12-01;47,5;€/MWh;officielle;${REFERENCE.title};${REFERENCE.url};`,
    ].join('\n');
    const preview = await admin.post('/api/admin/tariff-data/grid-import/preview', {
      format: 'csv',
      fileName: 'atrd7-2026-12.csv',
      text: csv,
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.changes).toHaveLength(2);
    expect(body.changes[0]).toMatchObject({ parameterId: 'atrd7.grdf.t1.abonnement', after: 60.12, kind: 'new' });
    expect(body.changes[0].before).toBeGreaterThan(0);
    expect(body.simulations).toHaveLength(3);
    const t1 = body.simulations[0];
    expect(t1.after).not.toBe(t1.before);
    // Subscription and proportional term (5 MWh) move, and the CTA (a share of the ATRD fixed part) with them.
    const subscription = 60.12 - body.changes[0].before;
    const direct = subscription + (47.5 - body.changes[1].before) * 5;
    expect(t1.after - t1.before).toBeGreaterThan(direct + 0.2 * subscription);
    expect(t1.after - t1.before).toBeLessThan(direct + 0.3 * subscription);
    // Preview wrote nothing.
    expect((await admin.get('/api/admin/tariff-data/audit')).json().items[0].action).not.toBe('grid.import');

    const badUnit = await admin.post('/api/admin/tariff-data/grid-import/preview', {
      format: 'csv',
      fileName: 'bad.csv',
      text: csv.replace('47,5;€/MWh', '47,5;€/an'),
    });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().error).toContain('unité « €/an » incompatible');

    const confirm = await admin.post('/api/admin/tariff-data/grid-import/confirm', {
      format: 'csv',
      fileName: 'atrd7-2026-12.csv',
      text: csv,
    });
    expect(confirm.statusCode).toBe(201);
    expect(confirm.json().recorded).toBe(2);
    const audit = (await admin.get('/api/admin/tariff-data/audit')).json();
    expect(audit.items[0]).toMatchObject({ action: 'grid.import' });
    expect(audit.items[0].summary).toContain('2 valeur(s)');
  });

  it('previews a PITD file through the importer without writing, then imports it (audited)', async () => {
    // Another test file of this worker may have loaded the directory: start from none, so that a load by this
    // import would show.
    forgetCommuneDirectory();
    const kinds = (await staff.get('/api/admin/tariff-data/reference-imports')).json();
    expect(kinds.items.map((k: { kind: string }) => k.kind)).toEqual(['pitd', 'zi', 'li', 'pic']);
    expect(kinds.items[0].activeVersion).toBeNull();

    const text = await readFile(path.join(here, '../../../e2e/fixtures/pitd.csv'), 'utf8');
    const preview = await admin.post('/api/admin/tariff-data/reference-imports/pitd/preview', {
      fileName: 'pitd.csv',
      text,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ kind: 'pitd', errors: [], activeVersion: null });
    expect(preview.json().rowCount).toBeGreaterThan(0);
    expect((await staff.get('/api/admin/tariff-data/reference-imports')).json().items[0].activeVersion).toBeNull();

    const bad = await admin.post('/api/admin/tariff-data/reference-imports/pitd/preview', {
      fileName: 'bad.csv',
      text: `${text.split('\n')[0]}\nX;Y;99999;Nulle-part;NaTran;GRDF;2;PARIS`,
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().errors[0]).toMatchObject({ line: 2 });

    const unknownKind = await admin.post('/api/admin/tariff-data/reference-imports/gaz-vert/preview', {
      fileName: 'x.csv',
      text,
    });
    expect(unknownKind.statusCode).toBe(404);

    const confirm = await admin.post('/api/admin/tariff-data/reference-imports/pitd/confirm', {
      fileName: 'pitd.csv',
      text,
    });
    expect(confirm.statusCode).toBe(201);
    expect(confirm.json()).toMatchObject({ kind: 'pitd', version: 1, previousVersion: null });
    expect((await staff.get('/api/admin/tariff-data/reference-imports')).json().items[0].activeVersion).toBe(1);
    expect((await admin.get('/api/admin/tariff-data/audit')).json().items[0]).toMatchObject({
      action: 'reference.import',
    });
    // The file was parsed and its communes checked in a worker thread (ADR 0025): the 13 MB commune directory
    // was never loaded on the thread that answers requests.
    expect(communeDirectoryLoaded()).toBe(false);
  });

  it('the tariffs:import command records its import in the same audit log', async () => {
    forgetCommuneDirectory();
    const text = await readFile(path.join(here, '../../../e2e/fixtures/pitd.csv'), 'utf8');
    const message = await tariffsImportCommand.execute(
      { kind: 'pitd', text, fileName: 'pitd-cli.csv', isSample: false, importedBy: 'cli:operateur' },
      // As the running server executes it for the operator's command (start-server.ts: the check in a worker).
      { config: t.config, db: t.database.handle.db, checkReferenceFile: checkInWorker },
    );
    expect(message).toContain('Import réussi');
    expect(communeDirectoryLoaded()).toBe(false);
    const latest = (await staff.get('/api/admin/tariff-data/audit?pageSize=1')).json().items[0];
    expect(latest).toMatchObject({ action: 'reference.import', actorEmail: 'cli:operateur' });
    expect(latest.summary).toContain('en ligne de commande depuis « pitd-cli.csv »');
  });

  it('a new reference-table kind plugs in with one registration (preview rolled back, confirm audited)', async () => {
    const db = t.database.handle.db;
    let imports = 0;
    const extra: ReferenceImportRegistration = {
      kind: 'gaz-vert',
      label: 'Table de test',
      header: ['code_li', 'ntr'],
      active: async () => null,
      importFile: async (executor) => {
        imports += 1;
        // Writes through the given executor: the preview's rollback must undo it.
        await insertAudit(executor, {
          id: `probe-${imports}`,
          action: 'reference.import',
          actorId: null,
          actorEmail: 'probe',
          summary: 'probe',
          details: {},
        });
        return {
          datasetId: 'd',
          kind: 'pitd',
          version: imports,
          rowCount: 3,
          previousVersion: null,
          distinctKeys: 2,
          isSample: false,
          warnings: [],
        };
      },
      describe: () => 'Import LI réussi.',
    };
    const service = createTariffDataService({
      db,
      overlaySource: createTariffOverlaySource(db),
      referenceImports: [...REFERENCE_IMPORTS, extra],
    });
    const actor = {
      sessionId: 's',
      user: {
        id: 'x',
        name: 'Root',
        email: 'root@exemple.fr',
        emailVerified: true,
        image: null,
        role: 'admin' as const,
        tier: 'admin' as const,
      },
    };
    expect((await service.referenceKinds(actor)).items.map((k) => k.kind)).toEqual([
      'pitd',
      'zi',
      'li',
      'pic',
      'gaz-vert',
    ]);
    const preview = await service.previewReferenceImport(actor, 'gaz-vert', { fileName: 'x.csv', text: 'x' });
    expect(preview).toMatchObject({ kind: 'gaz-vert', rowCount: 3, distinctKeys: 2, errors: [] });
    const audit = () => staff.get('/api/admin/tariff-data/audit?pageSize=100').then((r) => r.json());
    expect((await audit()).items.some((e: { actorEmail: string }) => e.actorEmail === 'probe')).toBe(false);
    await expect(
      service.confirmReferenceImport({ ...actor, user: { ...actor.user, role: 'staff' } }, 'gaz-vert', {
        fileName: 'x.csv',
        text: 'x',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers the public calendar with packaged and stored changes, grouped by date and grid', async () => {
    const response = await new HttpClient(t.app).get('/api/tariff-data/calendar?from=2026-06-01&to=2026-12-31');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const july = body.items.find(
      (e: { date: string; grid: string }) => e.date === '2026-07-01' && e.grid === 'ATRD7 GRDF',
    );
    expect(july.changes.length).toBeGreaterThan(5);
    // Each packaged estimate says its kind (ADR 0050).
    const t4Capacity = july.changes.find(
      (c: { parameterId: string }) => c.parameterId === 'atrd7.grdf.t4.capacite-jusqua-500',
    );
    expect(t4Capacity).toMatchObject({ value: 304.92, status: 'estimate', basis: 'atrd7Formula' });
    const stored = body.items.find((e: { date: string }) => e.date === '2026-09-01');
    expect(stored.changes[0]).toMatchObject({ parameterId: T4_ABONNEMENT, origin: 'stored' });
    const tooLong = await new HttpClient(t.app).get('/api/tariff-data/calendar?from=2020-01-01&to=2030-01-01');
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers the stored values in force publicly, withdrawn ones left out', async () => {
    const anonymous = new HttpClient(t.app);
    const body = (await anonymous.get('/api/tariff-data/values?pageSize=100')).json();
    const september = body.items.find(
      (v: { parameterId: string; validFrom: string }) =>
        v.parameterId === T4_ABONNEMENT && v.validFrom === '2026-09-01',
    );
    expect(september).toMatchObject({ value: 30000, unit: '€/an', status: 'official' });
    // Undo back to the packaged value: the (parameter, date) leaves the list.
    await admin.post('/api/admin/tariff-data/values/undo', { parameterId: T4_ABONNEMENT, validFrom: '2026-11-01' });
    const after = (await anonymous.get('/api/tariff-data/values?pageSize=100')).json();
    expect(after.total).toBe(body.total - 1);
    expect(after.items.some((v: { validFrom: string }) => v.validFrom === '2026-11-01')).toBe(false);
  });
});
