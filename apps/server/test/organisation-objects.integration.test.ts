/**
 * Every object belongs to an organisation (issue #24 §1, ADR 0066): the object rows of docs/permissions.md, cell by
 * cell — role × action × object — for simulations, optimisations, consumption datasets, audits and mandates, the 404
 * of every id route for someone outside the organisation, and the active organisation as where lists read and new
 * objects go (any organisation of the caller's may be addressed by id).
 */

import { randomUUID } from 'node:crypto';
import { organisationMessages } from '@pilote/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { audits, consumptionDatasets, organisationMembers, organisations, simulations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { renderSealedMandate } from '../src/modules/mandates/mandate-pdf.ts';
import { generateSelfSignedP12 } from '../src/modules/mandates/seal.ts';
import { insertOptimisation } from '../src/modules/optimisation/repository.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PCE = '21987654321098';
const ENV = {
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_RATE_LIMIT_MAX: '1000',
  MANDATE_ENCRYPTION_KEYS: `k2026:${Buffer.alloc(32, 7).toString('base64')}`,
  MANDATE_SEAL_P12: Buffer.from(generateSelfSignedP12('Cachet de test', 'test-pass')).toString('base64'),
  MANDATE_SEAL_P12_PASSPHRASE: 'test-pass',
  MANDATE_MANAGER_EMAILS: 'grdf=mandats@grdf.example',
  OPERATOR_DATA: 'none',
};
const CSV = 'date;kWh\n2025-01-01;1200\n2025-01-02;800\n';
const MANDATE = {
  energy_type: 'gas',
  manager: 'grdf',
  pce: PCE,
  delivery_point_address: '17 Rue des Mimosas',
  delivery_point_postal_code: '80000',
  delivery_point_city: 'Amiens',
};

type Role = 'owner' | 'admin' | 'member' | 'viewer';
type ObjectIds = Record<'simulation' | 'optimisation' | 'dataset' | 'audit' | 'mandate', string>;
interface Person {
  client: HttpClient;
  id: string;
}

describe.each(testDatabaseKinds())('objects of an organisation on %s', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  let organisationId: string;
  const people = {} as Record<Role | 'colleague' | 'outsider', Person>;
  /** One object of each kind made by the member, for the tests that only read them or are refused (made once). */
  let shared: ObjectIds;

  async function person(label: string): Promise<Person> {
    const email = `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: label, role: 'user', passwordHash });
    // Enough of every quota for the whole file: the plan is the organisation's (ADR 0078), their personal one's here.
    await premium(await personalOrganisationOf(t.database.handle.db, row.id));
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  async function premium(id: string): Promise<void> {
    await t.database.handle.db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, id));
  }

  /** Makes `who` a member of the organisation with `role`, and makes it their active one (the switcher's call). */
  async function join(who: Person, role: Role): Promise<void> {
    await t.database.handle.db.insert(organisationMembers).values({ organisationId, userId: who.id, role });
    const switched = await who.client.request('PUT', '/api/organisations/active', { organisationId });
    expect(switched.statusCode, switched.body).toBe(200);
  }

  // ---- Objects, each made by `who` in their active organisation -------------------------------------------

  async function simulation(who: Person): Promise<string> {
    const response = await who.client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().simulationId as string;
  }

  async function dataset(who: Person): Promise<string> {
    const response = await who.client.post('/api/consumption-data/', { pce: PCE, csv: CSV });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().dataset.id as string;
  }

  async function mandate(who: Person): Promise<string> {
    const response = await who.client.post('/api/mandates/', MANDATE);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().mandate.id as string;
  }

  /** Stored as the optimisation service stores it (the optimiser's run is covered by its own tests). */
  async function optimisation(who: Person, organisation = organisationId): Promise<string> {
    const id = randomUUID();
    await insertOptimisation(t.database.handle.db, {
      id,
      userId: who.id,
      organisationId: organisation,
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      dateEffet: '2026-01-01',
      cjaActuelle: 120,
      cjaOptimisee: 100,
      economieAnnuelle: 1234.56,
      pourcentageEconomie: 3.2,
      coutAvant: 40000,
      coutApres: 38765.44,
      seriesEstimated: true,
      hasEstimates: false,
    });
    return id;
  }

  /** An uploaded audit not yet started (the upload itself is covered by the audits' tests). */
  async function audit(who: Person): Promise<string> {
    const id = randomUUID();
    await t.database.handle.db.insert(audits).values({
      id,
      userId: who.id,
      organisationId,
      fileName: 'facture.pdf',
      declaredMime: 'application/pdf',
      format: 'pdf',
      sizeBytes: 10,
      storageUri: `local://audits/test/${id}.pdf`,
      status: 'uploaded',
    });
    return id;
  }

  // The mandates are rendered and sealed in this thread (renderSealedMandate): the fonts' subsetting (HarfBuzz, seconds
  // of CPU on a busy machine) is done once here, not in the first test that creates a mandate.
  beforeAll(async () => {
    await loadFonts();
  });
  beforeAll(async () => {
    t = await createTestApp(kind, ENV, undefined, { renderMandate: renderSealedMandate });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    people.owner = await person('owner');
    const created = await people.owner.client.post('/api/organisations/', { name: 'Laiterie Martin' });
    expect(created.statusCode, created.body).toBe(201);
    organisationId = created.json().id as string;
    await premium(organisationId);
  });
  // The six other people in a hook of their own: each is a user, a sign-in and a membership (issue #21 §3).
  beforeAll(async () => {
    for (const role of ['admin', 'member', 'viewer'] as const) {
      people[role] = await person(role);
      await join(people[role], role);
    }
    people.colleague = await person('colleague');
    await join(people.colleague, 'member');
    people.outsider = await person('outsider');
  });
  beforeAll(async () => {
    const { member } = people;
    shared = {
      simulation: await simulation(member),
      optimisation: await optimisation(member),
      dataset: await dataset(member),
      audit: await audit(member),
      mandate: await mandate(member),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a new object in the creator’s active organisation, creator kept as user_id', async () => {
    const { member } = people;
    const simulationId = await simulation(member);
    const datasetId = await dataset(member);
    const [row] = await t.database.handle.db
      .select({ organisationId: simulations.organisationId, userId: simulations.userId })
      .from(simulations)
      .where(eq(simulations.id, simulationId));
    expect(row).toEqual({ organisationId, userId: member.id });
    const [data] = await t.database.handle.db
      .select({ organisationId: consumptionDatasets.organisationId })
      .from(consumptionDatasets)
      .where(eq(consumptionDatasets.id, datasetId));
    expect(data?.organisationId).toBe(organisationId);
  });

  it.each(['owner', 'admin', 'member', 'viewer'] as const)(
    'lets every role read every object of the organisation, by id and in the lists: %s',
    async (role) => {
      const ids = shared;
      const { client } = people[role];
      for (const url of [
        `/api/simulator/simulations/${ids.simulation}`,
        `/api/simulator/simulations/${ids.simulation}/pdf-link`,
        `/api/optimisation/optimisations/${ids.optimisation}`,
        `/api/consumption-data/${ids.dataset}/`,
        `/api/consumption-data/${ids.dataset}/summary/`,
        `/api/audits/${ids.audit}/`,
        `/api/mandates/${ids.mandate}/`,
        `/api/mandates/${ids.mandate}/download/`,
        `/api/mandates/${ids.mandate}/verify/`,
      ]) {
        const response = await client.get(url);
        expect(response.statusCode, `${role} GET ${url}: ${response.body}`).toBe(200);
      }
      const lists: [string, string, (body: { items: { id: string }[] }) => string[]][] = [
        ['/api/simulator/simulations/?pageSize=100', ids.simulation, (b) => b.items.map((i) => i.id)],
        ['/api/simulator/?pageSize=100', ids.simulation, (b) => b.items.map((i) => i.id)],
        ['/api/optimisation/optimisations/?pageSize=100', ids.optimisation, (b) => b.items.map((i) => i.id)],
        ['/api/consumption-data/?pageSize=100', ids.dataset, (b) => b.items.map((i) => i.id)],
        ['/api/audits/?pageSize=100', ids.audit, (b) => b.items.map((i) => i.id)],
        ['/api/mandates/?pageSize=100', ids.mandate, (b) => b.items.map((i) => i.id)],
      ];
      for (const [url, id, idsOf] of lists) {
        const response = await client.get(url);
        expect(response.statusCode, `${role} GET ${url}: ${response.body}`).toBe(200);
        expect(idsOf(response.json()), `${role} ${url}`).toContain(id);
      }
    },
  );

  it('gives a colleague a working download link of a member’s mandate (the link names the organisation)', async () => {
    const link = (await people.viewer.client.get(`/api/mandates/${shared.mandate}/download/`)).json();
    const url = new URL(link.download_url, ENV.PUBLIC_URL);
    const pdf = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 404 on every id route to a user outside the organisation, and lists none of its objects', async () => {
    const { outsider } = people;
    const ids = shared;
    const client = outsider.client;
    const calls: [string, () => ReturnType<HttpClient['get']>][] = [
      ['GET simulation', () => client.get(`/api/simulator/simulations/${ids.simulation}`)],
      ['GET simulation pdf-link', () => client.get(`/api/simulator/simulations/${ids.simulation}/pdf-link`)],
      ['DELETE simulation', () => client.request('DELETE', `/api/simulator/simulations/${ids.simulation}`)],
      ['recalculate simulation', () => client.post(`/api/simulator/simulations/${ids.simulation}/recalculate`)],
      ['GET optimisation', () => client.get(`/api/optimisation/optimisations/${ids.optimisation}`)],
      ['DELETE optimisation', () => client.request('DELETE', `/api/optimisation/optimisations/${ids.optimisation}`)],
      [
        'recalculate optimisation',
        () => client.post(`/api/optimisation/optimisations/${ids.optimisation}/recalculate`),
      ],
      ['GET dataset', () => client.get(`/api/consumption-data/${ids.dataset}/`)],
      ['GET dataset summary', () => client.get(`/api/consumption-data/${ids.dataset}/summary/`)],
      ['DELETE dataset', () => client.request('DELETE', `/api/consumption-data/${ids.dataset}/`)],
      ['GET audit', () => client.get(`/api/audits/${ids.audit}/`)],
      ['start audit', () => client.post(`/api/audits/${ids.audit}/start/`)],
      ['review audit', () => client.post(`/api/audits/${ids.audit}/review`, { cja: 100 })],
      [
        'qualify duplicate',
        () => client.post(`/api/audits/${ids.audit}/duplicate-qualification`, { qualification: 'doublon' }),
      ],
      ['audit document', () => client.get(`/api/audits/${ids.audit}/document`)],
      ['claim letter link', () => client.get(`/api/audits/${ids.audit}/claim-letter-link`)],
      ['GET mandate', () => client.get(`/api/mandates/${ids.mandate}/`)],
      ['PUT mandate', () => client.request('PUT', `/api/mandates/${ids.mandate}/`, MANDATE)],
      ['PATCH mandate', () => client.patch(`/api/mandates/${ids.mandate}/`, { delivery_point_city: 'Lille' })],
      ['DELETE mandate', () => client.request('DELETE', `/api/mandates/${ids.mandate}/`)],
      ['send mandate', () => client.post(`/api/mandates/${ids.mandate}/send/`)],
      ['revoke mandate', () => client.post(`/api/mandates/${ids.mandate}/revoke/`, { confirmation: PCE })],
      ['download mandate', () => client.get(`/api/mandates/${ids.mandate}/download/`)],
      ['verify mandate', () => client.get(`/api/mandates/${ids.mandate}/verify/`)],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
    }
    for (const url of [
      '/api/simulator/simulations/',
      '/api/optimisation/optimisations/',
      '/api/consumption-data/',
      '/api/audits/',
      '/api/mandates/',
    ]) {
      expect((await client.get(url)).json().total, url).toBe(0);
    }
  });

  it('refuses a viewer every creation, launch, change and deletion with 403 and the French sentence', async () => {
    const { viewer } = people;
    const ids = shared;
    const client = viewer.client;
    const calls: [string, () => ReturnType<HttpClient['get']>][] = [
      ['simulate', () => client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM)],
      ['optimise', () => client.post('/api/optimisation/', { code: 'GD1057' })],
      ['import consumption', () => client.post('/api/consumption-data/', { pce: PCE, csv: CSV })],
      [
        'sign an upload',
        () => client.post('/api/audits/sign-upload', { filename: 'f.pdf', mime: 'application/pdf', size: 10 }),
      ],
      [
        'create an audit',
        () =>
          client.post('/api/audits/create', {
            gcs_uri: 'local://audits/x/y.pdf',
            filename: 'f.pdf',
            mime: 'application/pdf',
          }),
      ],
      ['create a mandate', () => client.post('/api/mandates/', MANDATE)],
      ['recalculate a simulation', () => client.post(`/api/simulator/simulations/${ids.simulation}/recalculate`)],
      [
        'recalculate an optimisation',
        () => client.post(`/api/optimisation/optimisations/${ids.optimisation}/recalculate`),
      ],
      ['start an audit', () => client.post(`/api/audits/${ids.audit}/start/`)],
      ['edit a mandate', () => client.patch(`/api/mandates/${ids.mandate}/`, { delivery_point_city: 'Lille' })],
      ['send a mandate', () => client.post(`/api/mandates/${ids.mandate}/send/`)],
      ['delete a simulation', () => client.request('DELETE', `/api/simulator/simulations/${ids.simulation}`)],
      ['delete an optimisation', () => client.request('DELETE', `/api/optimisation/optimisations/${ids.optimisation}`)],
      ['delete a dataset', () => client.request('DELETE', `/api/consumption-data/${ids.dataset}/`)],
      ['delete a mandate', () => client.request('DELETE', `/api/mandates/${ids.mandate}/`)],
      ['revoke a mandate', () => client.post(`/api/mandates/${ids.mandate}/revoke/`, { confirmation: PCE })],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json().error, name).toBe(organisationMessages.viewerReadOnly);
    }
    // Nothing was written nor removed.
    const [left] = await rowsOf<{ n: number }>(
      t.database.handle.db,
      sql`select count(*)::int as n from simulations where user_id = ${viewer.id}`,
    );
    expect(left?.n).toBe(0);
    expect((await client.get(`/api/simulator/simulations/${ids.simulation}`)).statusCode).toBe(200);
    expect((await client.get(`/api/mandates/${ids.mandate}/`)).json().mandate.status).toBe('pending');
  });

  it('reads the active organisation and role afresh on every request: a role change applies at once (ADR 0073)', async () => {
    // The role comes with the session's statement (no cache across requests): the next simulation sees the change.
    const who = await person('changing');
    await join(who, 'member');
    const simulationsOf = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.handle.db,
          sql`select count(*)::int as n from simulations where user_id = ${who.id} and organisation_id = ${organisationId}`,
        )
      )[0]?.n;
    await simulation(who);
    expect(await simulationsOf()).toBe(1);
    const setRole = (role: Role) =>
      t.database.handle.db
        .update(organisationMembers)
        .set({ role })
        .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, who.id)));
    await setRole('viewer');
    const refused = await who.client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(organisationMessages.viewerReadOnly);
    await setRole('member');
    await simulation(who);
    expect(await simulationsOf()).toBe(2);
  });

  it('lets a member edit a colleague’s object but not delete nor revoke it', async () => {
    const { member, colleague } = people;
    const theirs = {
      simulation: await simulation(member),
      optimisation: await optimisation(member),
      dataset: await dataset(member),
      mandate: await mandate(member),
    };
    const edited = await colleague.client.patch(`/api/mandates/${theirs.mandate}/`, { delivery_point_city: 'Lille' });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const [name, url] of [
      ['simulation', `/api/simulator/simulations/${theirs.simulation}`],
      ['optimisation', `/api/optimisation/optimisations/${theirs.optimisation}`],
      ['dataset', `/api/consumption-data/${theirs.dataset}/`],
      ['mandate', `/api/mandates/${theirs.mandate}/`],
    ] as const) {
      const refused = await colleague.client.request('DELETE', url);
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(403);
      expect(refused.json().error).toBe(organisationMessages.deleteOthers);
    }
    const revoked = await colleague.client.post(`/api/mandates/${theirs.mandate}/revoke/`, { confirmation: PCE });
    expect(revoked.statusCode).toBe(403);
  });

  it('lets a member delete their own objects', async () => {
    const { colleague } = people;
    const mine = {
      simulation: await simulation(colleague),
      optimisation: await optimisation(colleague),
      dataset: await dataset(colleague),
      mandate: await mandate(colleague),
    };
    for (const url of [
      `/api/simulator/simulations/${mine.simulation}`,
      `/api/optimisation/optimisations/${mine.optimisation}`,
      `/api/consumption-data/${mine.dataset}/`,
      `/api/mandates/${mine.mandate}/`,
    ]) {
      const deleted = await colleague.client.request('DELETE', url);
      expect(deleted.statusCode, `${url}: ${deleted.body}`).toBe(200);
    }
  });

  it.each(['admin', 'owner'] as const)('lets an admin and an owner delete anyone’s object: %s', async (role) => {
    const { member } = people;
    const ids = {
      simulation: await simulation(member),
      optimisation: await optimisation(member),
      dataset: await dataset(member),
      mandate: await mandate(member),
    };
    for (const url of [
      `/api/simulator/simulations/${ids.simulation}`,
      `/api/optimisation/optimisations/${ids.optimisation}`,
      `/api/consumption-data/${ids.dataset}/`,
      `/api/mandates/${ids.mandate}/`,
    ]) {
      const deleted = await people[role].client.request('DELETE', url);
      expect(deleted.statusCode, `${role} ${url}: ${deleted.body}`).toBe(200);
      expect((await member.client.get(url)).statusCode, `${url} gone`).toBe(404);
    }
  });

  it('reads an object of another of the caller’s organisations by id, while lists show the active one only', async () => {
    const { owner } = people;
    const personal = await personalOrganisationOf(t.database.handle.db, owner.id);
    const elsewhere = await optimisation(owner, personal);
    expect((await owner.client.get(`/api/optimisation/optimisations/${elsewhere}`)).statusCode).toBe(200);
    const listed = (await owner.client.get('/api/optimisation/optimisations/?pageSize=100')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).not.toContain(elsewhere);
    // An organisation they do not belong to: its ids are unknown to them.
    const other = await person('former');
    const gone = await optimisation(other, await personalOrganisationOf(t.database.handle.db, other.id));
    expect((await owner.client.get(`/api/optimisation/optimisations/${gone}`)).statusCode).toBe(404);
  });
});
