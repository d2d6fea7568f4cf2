/**
 * The dashboard (issue #24 §4, ADR 0074): on a known fixture every figure exact to the cent (latest result of each
 * site, positive savings of the latest optimisations, done audits' anomalies and over-billed €, active mandates
 * expiring within 30 days, sites with missing or stale data) and the filtered site lists its cards link to; viewers
 * read it; another organisation's rows never count.
 */

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audits,
  consumptionDatasets,
  consumptionReadings,
  mandates,
  optimisations,
  simulations,
} from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { addDays, parisDay } from '../src/modules/mandates/dates.ts';
import { HttpClient } from './helpers/http-client.ts';
import { waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const pce = (n: number) => `9876543200${String(n).padStart(4, '0')}`;

describe.each(testDatabaseKinds())('dashboard on %s', (kind) => {
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

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function organisation(owner: Awaited<ReturnType<typeof user>>, name: string): Promise<string> {
    const created = await owner.client.post('/api/organisations/', { name });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  async function addSite(client: HttpClient, n: number): Promise<string> {
    const created = await client.post('/api/sites/', {
      name: `Site ${n}`,
      pce: pce(n),
      pointType: 'PITD',
      pointCode: 'GD1057',
      option: 'T4',
      profile: 'P016',
      car: 15466.8,
      cja: 109,
      tags: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 8, minutes));

  function optimisation(organisationId: string, userId: string, siteId: string | null, minutes: number, euros: number) {
    return {
      id: randomUUID(),
      userId,
      organisationId,
      code: 'GD1057',
      commune: 'Laval',
      tso: 'NaTran',
      tarif: 'T4',
      dateEffet: '2026-07-01',
      cjaActuelle: 109,
      cjaOptimisee: 95,
      economieAnnuelle: euros,
      pourcentageEconomie: 1,
      coutAvant: 100_000 + euros,
      coutApres: 100_000,
      seriesEstimated: false,
      hasEstimates: false,
      siteId,
      createdAt: at(minutes),
    };
  }

  function simulation(organisationId: string, userId: string, siteId: string, minutes: number, totalFixe: number) {
    return {
      id: randomUUID(),
      userId,
      organisationId,
      pointDeReseau: 'GD1057',
      input: {},
      result: { annuel: { totalFixe } },
      gridDates: {},
      dateEffet: '2026-07-01',
      usedSampleData: false,
      siteId,
      createdAt: at(minutes),
    };
  }

  function audit(organisationId: string, userId: string, status: string, report: Record<string, unknown> | null) {
    const id = randomUUID();
    return {
      id,
      userId,
      organisationId,
      fileName: 'facture.pdf',
      declaredMime: 'application/pdf',
      format: 'pdf',
      sizeBytes: 1000,
      storageUri: `local://dashboard/${id}`,
      status,
      report,
    };
  }

  function mandate(organisationId: string, userId: string, status: string, expiryDate: string) {
    return {
      id: randomUUID(),
      userId,
      organisationId,
      kind: 'simple',
      energyType: 'gas',
      manager: 'GRDF',
      status,
      authorizedConsumptionData: true,
      authorizedTechnicalData: true,
      authorizedContractualData: false,
      authorizedLoadCurve: false,
      durationMonths: 12,
      expiryDate,
      consentTextVersion: 'test',
    };
  }

  const finding = (severity: string, amountEuros: number) => ({ severity, amountEuros });

  it('sums each figure to the cent from the organisation rows only, and links to the filtered site lists', async () => {
    const db = t.database.handle.db;
    const owner = await user('owner');
    const orgId = await organisation(owner, 'Fromagerie Dubois');
    const s1 = await addSite(owner.client, 1);
    const s2 = await addSite(owner.client, 2);
    const s3 = await addSite(owner.client, 3);
    await addSite(owner.client, 4);

    // Site 1: an old simulation, then an optimisation (latest): cost 100 000 + 1 234,56; saving 1 234,56.
    // Site 2: an optimisation, then a simulation (latest): cost 45 678,91 (the simulation's year); saving 0,44.
    // Site 3: an optimisation with no saving (−5): cost 99 995, not counted in savings. Site 4: nothing.
    await db.insert(simulations).values(simulation(orgId, owner.id, s1, 1, 999_999));
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s1, 2, 1234.56));
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s2, 3, 0.44));
    await db.insert(simulations).values(simulation(orgId, owner.id, s2, 4, 45_678.91));
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s3, 5, -5));
    // Not a site's: not counted.
    await db.insert(optimisations).values(optimisation(orgId, owner.id, null, 6, 777));

    await db.insert(audits).values([
      audit(orgId, owner.id, 'done', {
        overBilledEuros: 1291.87,
        findings: [finding('anomalie', 1000), finding('anomalie', 291.87), finding('alerte', 5)],
      }),
      audit(orgId, owner.id, 'done', { overBilledEuros: 0.01, findings: [finding('anomalie', 0.01)] }),
      audit(orgId, owner.id, 'failed', null),
    ]);

    const today = parisDay(new Date());
    await db
      .insert(mandates)
      .values([
        mandate(orgId, owner.id, 'active', today),
        mandate(orgId, owner.id, 'active', addDays(today, 30)),
        mandate(orgId, owner.id, 'active', addDays(today, 31)),
        mandate(orgId, owner.id, 'revoked', addDays(today, 3)),
      ]);

    // Data: site 1 fresh (yesterday), site 2 stale (60 days ago, later days missing), sites 3 and 4 none.
    const fresh = randomUUID();
    const stale = randomUUID();
    await db.insert(consumptionDatasets).values([
      { id: fresh, userId: owner.id, organisationId: orgId, pce: pce(1), sourceFormat: 'simple', unit: 'kWh' },
      { id: stale, userId: owner.id, organisationId: orgId, pce: pce(2), sourceFormat: 'simple', unit: 'kWh' },
    ]);
    await db.insert(consumptionReadings).values([
      { datasetId: fresh, date: addDays(today, -1), kwh: 10, quality: 'mesure' },
      { datasetId: stale, date: addDays(today, -60), kwh: 10, quality: 'estime' },
      { datasetId: stale, date: addDays(today, -2), kwh: null, quality: 'manquant' },
    ]);

    // Another organisation of another user, with the same PCE and results: never counted here.
    const stranger = await user('stranger');
    const otherOrg = await organisation(stranger, 'Autre');
    const otherSite = await addSite(stranger.client, 1);
    await db.insert(optimisations).values(optimisation(otherOrg, stranger.id, otherSite, 7, 50_000));
    await db.insert(audits).values(audit(otherOrg, stranger.id, 'done', { overBilledEuros: 9, findings: [] }));

    const response = await owner.client.get('/api/dashboard/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      organisationId: orgId,
      today,
      sites: { count: 4 },
      networkCost: { annualEuros: 101_234.56 + 45_678.91 + 99_995, sitesWithResult: 3 },
      savings: { annualEuros: 1235, sitesOptimised: 2 },
      audits: { done: 2, anomalies: 3, recoverableEuros: 1291.88 },
      mandates: { active: 3, expiringSoon: 2 },
      data: { missing: 2, stale: 1 },
    });

    const names = async (query: string) =>
      (await owner.client.get(`/api/sites/?${query}`)).json().items.map((s: { name: string }) => s.name);
    expect(await names('data=missing')).toEqual(['Site 3', 'Site 4']);
    expect(await names('data=stale')).toEqual(['Site 2']);
    expect(await names('data=missing-or-stale')).toEqual(['Site 2', 'Site 3', 'Site 4']);
    expect((await owner.client.get('/api/sites/?data=old')).statusCode).toBe(400);

    const other = (await stranger.client.get('/api/dashboard/')).json();
    expect(other).toMatchObject({
      organisationId: otherOrg,
      sites: { count: 1 },
      savings: { annualEuros: 50_000, sitesOptimised: 1 },
      audits: { done: 1, anomalies: 0, recoverableEuros: 9 },
      mandates: { active: 0, expiringSoon: 0 },
      data: { missing: 1, stale: 0 },
    });

    // A viewer reads the same figures; signed out is 401.
    const viewer = await user('viewer');
    await owner.client.post(`/api/organisations/${orgId}/invitations`, { email: viewer.email, role: 'viewer' });
    const mail = await waitForMail(db, viewer.email, 'Invitation');
    const token = new URL(mail.links[0] as string).searchParams.get('token');
    expect((await viewer.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(200);
    expect((await viewer.client.get('/api/dashboard/')).json()).toEqual(response.json());
    expect((await new HttpClient(t.app).get('/api/dashboard/')).statusCode).toBe(401);
  });
});
