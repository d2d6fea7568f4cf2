/**
 * Sites of an organisation (issue #24 §2, ADR 0068): roles (viewers read, members write), 404 for another
 * organisation's ids, the list paginated / sorted / filtered by the server, the import's preview with row-level
 * French errors and nothing saved before the confirmation, and the export read back by the import (CSV and XLSX).
 */

import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { grdfYear } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { waitForMail } from './helpers/outbox.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

const pce = (n: number) => `1234567800${String(n).padStart(4, '0')}`;

function site(n: number, extra: Record<string, unknown> = {}) {
  return {
    name: `Site ${String(n).padStart(3, '0')}`,
    pce: pce(n),
    pointType: 'PITD',
    pointCode: 'GD1057',
    option: n % 2 === 0 ? 'T2' : 'T4',
    profile: 'P016',
    car: '15 466,8',
    cja: 109,
    ntr: null,
    supplier: 'Engie',
    contractEndDate: '30/09/2027',
    tags: n % 3 === 0 ? ['Nord', 'Production'] : ['Sud'],
    ...extra,
  };
}

const base64 = (text: string | Uint8Array) =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text)).toString('base64');

describe.each(testDatabaseKinds())('sites on %s', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  let counter = 0;

  async function user(label: string) {
    counter += 1;
    const email = `${label}-${counter}@exemple.fr`;
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: label, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id, email };
  }

  /** An organisation whose owner invited one member and one viewer (each made it their active one). */
  async function team() {
    const owner = await user('owner');
    const created = await owner.client.post('/api/organisations/', { name: 'Laiterie Martin' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const members: Record<string, Awaited<ReturnType<typeof user>>> = {};
    for (const role of ['member', 'viewer'] as const) {
      const other = await user(role);
      await owner.client.post(`/api/organisations/${id}/invitations`, { email: other.email, role });
      const mail = await waitForMail(t.database.handle.db, other.email, 'Invitation');
      const token = new URL(mail.links[0] as string).searchParams.get('token');
      expect((await other.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(200);
      members[role] = other;
    }
    return {
      id,
      owner,
      member: members.member as Awaited<ReturnType<typeof user>>,
      viewer: members.viewer as Awaited<ReturnType<typeof user>>,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets members create and edit, viewers only read, and answers 404 to another organisation', async () => {
    const { owner, member, viewer } = await team();
    const created = await member.client.post('/api/sites/', site(1));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Site 001',
      pce: pce(1),
      car: 15466.8,
      cja: 109,
      option: 'T4',
      contractEndDate: '2027-09-30',
      tags: ['Sud'],
    });

    expect((await viewer.client.get(`/api/sites/${body.id}`)).json().name).toBe('Site 001');
    const refused = await viewer.client.post('/api/sites/', site(2));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('rôle de lecteur');
    expect((await viewer.client.request('PUT', `/api/sites/${body.id}`, site(1, { name: 'X' }))).statusCode).toBe(403);
    expect((await viewer.client.request('DELETE', `/api/sites/${body.id}`)).statusCode).toBe(403);

    const updated = await owner.client.request('PUT', `/api/sites/${body.id}`, site(1, { name: 'Usine de Laval' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().name).toBe('Usine de Laval');

    const twice = await member.client.post('/api/sites/', site(1, { name: 'Doublon' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Un site de l’organisation a déjà ce PCE.');

    const invalid = await member.client.post('/api/sites/', site(3, { pce: '123', option: 'T9', car: 'beaucoup' }));
    expect(invalid.statusCode).toBe(400);
    const messages = invalid.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Le PCE doit comporter 14 chiffres.',
        'L’option tarifaire doit être T1, T2, T3, T4 ou TP.',
        'La CAR doit être un nombre positif (MWh/an).',
      ]),
    );

    const stranger = await user('stranger');
    for (const response of [
      await stranger.client.get(`/api/sites/${body.id}`),
      await stranger.client.get(`/api/sites/${body.id}/activity`),
      await stranger.client.request('PUT', `/api/sites/${body.id}`, site(1)),
      await stranger.client.request('DELETE', `/api/sites/${body.id}`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await stranger.client.get('/api/sites/')).json().total).toBe(0);
    // The stranger's own site with the same PCE is allowed: unique per organisation.
    expect((await stranger.client.post('/api/sites/', site(1))).statusCode).toBe(201);

    expect((await member.client.request('DELETE', `/api/sites/${body.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/sites/${body.id}`)).statusCode).toBe(404);
  });

  it('paginates, sorts and filters on the server', async () => {
    const { owner } = await team();
    for (let n = 1; n <= 25; n += 1) {
      expect((await owner.client.post('/api/sites/', site(n))).statusCode).toBe(201);
    }
    const first = (await owner.client.get('/api/sites/?pageSize=10')).json();
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items.map((s: { name: string }) => s.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Site ${String(i + 1).padStart(3, '0')}`),
    );
    const last = (await owner.client.get('/api/sites/?pageSize=10&page=3&sort=-name')).json();
    expect(last.items.map((s: { name: string }) => s.name)).toEqual([
      'Site 005',
      'Site 004',
      'Site 003',
      'Site 002',
      'Site 001',
    ]);
    const byPce = (await owner.client.get('/api/sites/?sort=-pce&pageSize=1')).json();
    expect(byPce.items[0].pce).toBe(pce(25));
    const t2 = (await owner.client.get('/api/sites/?option=T2&pageSize=100')).json();
    expect(t2.total).toBe(12);
    expect(t2.items.every((s: { option: string }) => s.option === 'T2')).toBe(true);
    const nord = (await owner.client.get('/api/sites/?tag=Nord&pageSize=100')).json();
    expect(nord.total).toBe(8);
    expect((await owner.client.get('/api/sites/?q=site%2001')).json().total).toBe(10);
    expect((await owner.client.get(`/api/sites/?q=${pce(17)}`)).json().items[0].name).toBe('Site 017');
    expect((await owner.client.get('/api/sites/?q=100%25')).json().total).toBe(0);
    const badSort = await owner.client.get('/api/sites/?sort=city');
    expect(badSort.statusCode).toBe(400);
  });

  it('previews an import with row-level French errors, saves nothing until confirmed, then saves the valid rows', async () => {
    const { owner, viewer } = await team();
    expect((await owner.client.post('/api/sites/', site(9))).statusCode).toBe(201);
    const csv = [
      'Nom;PCE;Adresse;Code postal;Commune;Option;CAR (MWh/an);Fin de contrat;Étiquettes',
      `Usine A;${pce(1)};8 Boulevard du Port;80000;Amiens;T4;"15 466,8";30/09/2027;Nord, Production`,
      `Usine B;123;;;;T9;;31/02/2027;`,
      '',
      `Usine C;${pce(1)};;;;T2;;;`,
      `Usine D;${pce(9)};;;;;;;`,
      `;${pce(4)};8 rue X;800;;;-3;;`,
    ].join('\r\n');
    const file = { fileName: 'sites.csv', content: base64(csv) };

    const preview = await owner.client.post('/api/sites/import/', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ format: 'csv', rowCount: 5, validCount: 1, invalidCount: 4 });
    expect(p.rows).toEqual([
      {
        line: 2,
        site: expect.objectContaining({
          name: 'Usine A',
          car: 15466.8,
          contractEndDate: '2027-09-30',
          tags: ['Nord', 'Production'],
          address: expect.objectContaining({ postal_code: '80000', city: 'Amiens' }),
        }),
      },
    ]);
    expect(p.errors).toEqual(
      expect.arrayContaining([
        { line: 3, column: 'PCE', message: 'Le PCE doit comporter 14 chiffres.' },
        { line: 3, column: 'Option', message: 'L’option tarifaire doit être T1, T2, T3, T4 ou TP.' },
        {
          line: 3,
          column: 'Fin de contrat',
          message: 'La date de fin de contrat doit être une date valide (JJ/MM/AAAA ou AAAA-MM-JJ).',
        },
        { line: 5, column: 'PCE', message: 'Ce PCE figure déjà plus haut dans le fichier (ligne 2).' },
        { line: 6, column: 'PCE', message: 'Un site de l’organisation a déjà ce PCE.' },
        { line: 7, column: 'Nom', message: 'Veuillez renseigner le nom du site.' },
        {
          line: 7,
          column: 'Adresse',
          message: 'Adresse incomplète : indiquez l’adresse, le code postal (5 chiffres) et la commune.',
        },
        { line: 7, column: 'CAR (MWh/an)', message: 'La CAR doit être un nombre positif (MWh/an).' },
      ]),
    );
    // Nothing saved by the preview.
    expect((await owner.client.get('/api/sites/')).json().total).toBe(1);

    expect((await viewer.client.post('/api/sites/import/', file)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/sites/import/confirm', file)).statusCode).toBe(403);

    const confirmed = await owner.client.post('/api/sites/import/confirm', file);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toEqual({ created: 1, skipped: 4 });
    const list = (await owner.client.get('/api/sites/')).json();
    expect(list.items.map((s: { name: string }) => s.name)).toEqual(['Site 009', 'Usine A']);

    // The same file again: its one valid row is now taken.
    const again = await owner.client.post('/api/sites/import/confirm', file);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('Aucune ligne valide');

    const missing = await owner.client.post('/api/sites/import/', {
      fileName: 'x.csv',
      content: base64('Nom;Ville\nA;B\n'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      'Colonnes obligatoires absentes de la première ligne : « PCE ». Téléchargez un export pour voir les colonnes attendues.',
    );
    const pdf = await owner.client.post('/api/sites/import/', { fileName: 'x.pdf', content: base64('%PDF-1.7\n') });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toBe('Format non reconnu : importez un fichier CSV (séparateur « ; ») ou XLSX.');
  });

  it('saves a simulation and an optimisation to a site (?site=), listed on its page with its data; viewers and other organisations are refused', async () => {
    const { owner, viewer } = await team();
    // The plan is the organisation's (ADR 0078): the team's organisation is premium.
    await t.database.handle.db.update(organisations).set({ tier: 'premium' });
    const created = (await owner.client.post('/api/sites/', site(40, { pointCode: 'GD1057' }))).json();
    const imported = await owner.client.post('/api/consumption-data/', {
      pce: pce(40),
      label: 'Usine',
      csv: grdfYear('2025-02-01', 365, { pce: pce(40) }).csv,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const datasetId = imported.json().dataset.id as string;

    const simulated = await owner.client.post(`/api/simulator/simulate/?site=${created.id}`, PACKAGED_ACCEPTANCE_FORM);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const optimised = await owner.client.post(`/api/optimisation/?site=${created.id}`, {
      pointDeReseau: 'PITD',
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      profil: 'P016',
      assiette: '18 000',
      dateEffetMonth: month,
      datasetId,
    });
    expect(optimised.statusCode, optimised.body).toBe(200);
    // Without ?site= a result is kept in the history but not on the site.
    expect((await owner.client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM)).statusCode).toBe(200);

    const activity = await viewer.client.get(`/api/sites/${created.id}/activity`);
    expect(activity.statusCode, activity.body).toBe(200);
    const a = activity.json();
    expect(a.simulations.map((s: { id: string }) => s.id)).toEqual([simulated.json().simulationId]);
    expect(a.simulations[0]).toMatchObject({ pointDeReseau: 'PITD', code: 'GD1057', tarif: 'T4' });
    expect(a.simulations[0].totalAnnuelHt).toBeGreaterThan(0);
    expect(a.optimisations).toHaveLength(1);
    expect(a.optimisationSavings).toBe(optimised.json().economieAnnuelle);
    expect(a.consumption).toMatchObject({ datasetId, label: 'Usine' });
    expect(a.mandates).toEqual([]);
    expect(a.audits).toEqual([]);
    expect(a.recoverable).toBeNull();

    // A viewer may not save a result to the site; another organisation's site is unknown.
    const refused = await viewer.client.post(`/api/simulator/simulate/?site=${created.id}`, PACKAGED_ACCEPTANCE_FORM);
    expect(refused.statusCode).toBe(403);
    const stranger = await user('stranger');
    const unknown = await stranger.client.post(`/api/simulator/simulate/?site=${created.id}`, PACKAGED_ACCEPTANCE_FORM);
    expect(unknown.statusCode).toBe(404);

    // Deleting the site keeps its results in the history, without their site.
    expect((await owner.client.request('DELETE', `/api/sites/${created.id}`)).statusCode).toBe(200);
    const history = (await owner.client.get('/api/simulator/simulations/')).json();
    expect(history.items.map((s: { id: string }) => s.id)).toContain(simulated.json().simulationId);
  });

  it('exports CSV and XLSX that import back as the same sites', async () => {
    const { owner } = await team();
    const sites = [
      site(1, {
        address: {
          label: '8 Boulevard du Port 80000 Amiens',
          address: '8 Boulevard du Port',
          postal_code: '80000',
          city: 'Amiens',
          citycode: '80021',
        },
        name: 'Usine « Nord »; quai 2',
      }),
      site(2, { ntr: 2, car: null, cja: 0.5, tags: [] }),
      site(3, { pointType: 'LI', pointCode: 'LI-042', supplier: null, contractEndDate: null }),
    ];
    for (const s of sites) {
      expect((await owner.client.post('/api/sites/', s)).statusCode).toBe(201);
    }
    const stored = (await owner.client.get('/api/sites/?sort=pce')).json().items;
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);

    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await owner.client.get(`/api/sites/export/?format=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="sites-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
      );
      const bytes = exported.rawPayload;
      if (format === 'xlsx') {
        // Read by an independent reader: the PCE is text (its digits kept), the CAR a number.
        const book = XLSX.read(bytes, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Sites as XLSX.WorkSheet, { header: 1 });
        expect(rows[0]).toEqual(expect.arrayContaining(['Nom', 'PCE', 'CAR (MWh/an)', 'Étiquettes']));
        expect(rows.find((row) => row[1] === pce(1))).toEqual(expect.arrayContaining([pce(1), 15466.8]));
      } else {
        expect(exported.headers['content-type']).toContain('text/csv');
        expect(bytes.toString('utf8')).toContain('"Usine « Nord »; quai 2"');
      }
      const other = await user(`reader-${format}`);
      const preview = await other.client.post('/api/sites/import/', {
        fileName: `sites.${format}`,
        content: bytes.toString('base64'),
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ format, validCount: 3, invalidCount: 0, errors: [] });
      expect(
        (await other.client.post('/api/sites/import/confirm', { fileName: 'x', content: bytes.toString('base64') }))
          .statusCode,
      ).toBe(201);
      const reimported = (await other.client.get('/api/sites/?sort=pce')).json().items;
      expect(strip(reimported)).toEqual(strip(stored));
    }
  });
});
