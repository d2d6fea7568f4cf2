/** History of results (issue #24 §3, ADR 0064): list, reopen, delete, recalculate, and the retention job. */

import { randomUUID } from 'node:crypto';
import { type SimulationResultDto, simulationResultSchema } from '@pilote/contracts';
import { roundEuros } from '@pilote/tariffs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulations, usageCounters } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { insertOptimisation } from '../src/modules/optimisation/repository.ts';
import { calendarMonth } from '../src/modules/plans/periods.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const MONTH = new Date().toISOString().slice(0, 7);
/** A PITD T4 of the official table, at the current month: « Recalculer » reruns it on the same month. */
const FORM = { ...PACKAGED_ACCEPTANCE_FORM, dateEffetMonth: MONTH };
const T4_ABONNEMENT = 'atrd7.grdf.t4.abonnement';

describe.each(testDatabaseKinds())('history of results on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;
  let admin: HttpClient;
  let aliceId: string;
  const ids: string[] = [];

  async function signIn(email: string, role: 'user' | 'admin' = 'user'): Promise<{ client: HttpClient; id: string }> {
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: email, role, passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    ({ client: alice, id: aliceId } = await signIn('alice@exemple.fr'));
    bob = (await signIn('bob@exemple.fr')).client;
    admin = (await signIn('root@exemple.fr', 'admin')).client;
  });
  beforeAll(async () => {
    // Three simulations of Alice (the first one warms the simulator), one of Bob.
    for (const extra of [{}, {}, { tarif: 'TP', distanceM: '5000' }]) {
      const response = await alice.post('/api/simulator/simulate/', { ...FORM, ...extra });
      expect(response.statusCode, response.body).toBe(200);
      ids.unshift(response.json().simulationId);
    }
    expect((await bob.post('/api/simulator/simulate/', FORM)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the caller’s own simulations newest first, paginated, with distributor, option, period and total HT', async () => {
    expect((await new HttpClient(t.app).get('/api/simulator/simulations/')).statusCode).toBe(401);
    const first = await alice.get('/api/simulator/simulations/?pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(3);
    expect(page1.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
    const page2 = (await alice.get('/api/simulator/simulations/?pageSize=2&page=2')).json();
    expect(page2.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(2));
    expect(page1.items[0]).toMatchObject({
      pointDeReseau: 'PITD',
      code: 'GD1057',
      commune: 'Paris',
      gestionnaire: 'GRDF',
      tarif: 'TP',
      dateEffet: `${MONTH}-01`,
    });
    // The total HT is the sum of the stored lines' yearly amounts, to the cent.
    const detail = (await alice.get(`/api/simulator/simulations/${ids[0]}`)).json();
    const sum = (detail.resultat as SimulationResultDto).lignes.reduce((s, l) => s + (l.annualAmount ?? 0), 0);
    expect(page1.items[0].totalAnnuelHt).toBe(roundEuros(sum));
    expect((await alice.get('/api/simulator/simulations/?pageSize=0')).statusCode).toBe(400);
  });

  it('reopens a simulation in the shape of the simulate answer, its stored json parsed, with a body that simulates it again', async () => {
    const response = await alice.get(`/api/simulator/simulations/${ids[2]}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    const [row] = await t.database.handle.db
      .select()
      .from(simulations)
      .where(eq(simulations.id, ids[2] as string));
    expect(detail.simulationId).toBe(ids[2]);
    expect(detail.resultat).toEqual(simulationResultSchema.parse(row?.result));
    expect(detail.pdfUrl).toMatch(new RegExp(`^/api/simulator/simulations/${ids[2]}/pdf\\?exp=\\d+&sig=`));
    expect(detail.input).toMatchObject({ code: 'GD1057', tarif: 'T4', dateEffetMonth: MONTH, capacite: '' });
    const again = await alice.post('/api/simulator/simulate/', detail.input);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().resultat.lignes).toEqual(detail.resultat.lignes);
    expect((await alice.request('DELETE', `/api/simulator/simulations/${again.json().simulationId}`)).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for someone else’s simulation on get, delete and recalculate, and keeps it', async () => {
    const target = ids[1] as string;
    expect((await bob.get(`/api/simulator/simulations/${target}`)).statusCode).toBe(404);
    expect((await bob.request('DELETE', `/api/simulator/simulations/${target}`)).statusCode).toBe(404);
    const recalc = await bob.post(`/api/simulator/simulations/${target}/recalculate`, {});
    expect(recalc.statusCode).toBe(404);
    expect(recalc.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Simulation introuvable.' });
    expect((await alice.get(`/api/simulator/simulations/${target}`)).statusCode).toBe(200);
  });

  it('refuses a delete without the CSRF token, then deletes the owner’s simulation', async () => {
    const target = ids[1] as string;
    const forged = await t.app.inject({
      method: 'DELETE',
      url: `/api/simulator/simulations/${target}`,
      headers: { cookie: alice.cookieHeader(), origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const deleted = await alice.request('DELETE', `/api/simulator/simulations/${target}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: target, deleted: true });
    expect((await alice.get(`/api/simulator/simulations/${target}`)).statusCode).toBe(404);
    expect((await alice.request('DELETE', `/api/simulator/simulations/${target}`)).statusCode).toBe(404);
    expect((await alice.get('/api/simulator/simulations/')).json().total).toBe(2);
  });

  it('recalculates with today’s grids: a new simulation and the line-by-line difference, exact to the cent', async () => {
    const target = ids[2] as string;
    const before = (await alice.get(`/api/simulator/simulations/${target}`)).json().resultat as SimulationResultDto;
    const oldAbonnement = before.lignes.find((line) => line.id === 'atrd.abonnement');
    expect(oldAbonnement?.annualAmount).not.toBeNull();
    // The T4 subscription changes from the first day of this month (a value added in the admin panel, ADR 0025).
    const added = await admin.post('/api/admin/tariff-data/values', {
      parameterId: T4_ABONNEMENT,
      validFrom: `${MONTH}-01`,
      value: 23456.78,
      unit: '€/an',
      status: 'official',
      references: [{ title: 'Délibération CRE (essai)', url: 'https://www.cre.fr/documents/deliberations/essai' }],
      note: 'Grille corrigée',
    });
    expect(added.statusCode, added.body).toBe(201);
    const usageBefore = (await alice.get('/api/account/usage/')).json();

    const response = await alice.post(`/api/simulator/simulations/${target}/recalculate`, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.previous).toMatchObject({ simulationId: target, dateEffet: `${MONTH}-01` });
    expect(body.current.simulationId).not.toBe(target);
    expect(body.changed).toBe(true);
    const abonnement = body.lines.find((line: { id: string }) => line.id === 'atrd.abonnement');
    const newAbonnement = (body.current.resultat as SimulationResultDto).lignes.find((l) => l.id === 'atrd.abonnement');
    expect(newAbonnement?.annualAmount).toBe(23456.78);
    expect(abonnement).toEqual({
      id: 'atrd.abonnement',
      label: newAbonnement?.label,
      unit: '€/an',
      ancien: roundEuros(oldAbonnement?.annualAmount ?? Number.NaN),
      nouveau: 23456.78,
      difference: roundEuros(23456.78 - roundEuros(oldAbonnement?.annualAmount ?? Number.NaN)),
    });
    // Nothing else moved but the lines computed on the subscription, and the total moved by their sum, to the cent.
    const total = body.lines.find((line: { id: string }) => line.id === 'total');
    const moved = body.lines.filter(
      (line: { id: string; difference: number }) => line.id !== 'total' && line.difference !== 0,
    );
    expect(moved.map((line: { id: string }) => line.id)).toContain('atrd.abonnement');
    for (const line of body.lines) {
      expect(Math.round(line.difference * 100)).toBe(Math.round(((line.nouveau ?? 0) - (line.ancien ?? 0)) * 100));
    }
    const sumOf = (r: SimulationResultDto) => roundEuros(r.lignes.reduce((s, l) => s + (l.annualAmount ?? 0), 0));
    expect(total).toMatchObject({ ancien: sumOf(before), nouveau: sumOf(body.current.resultat) });

    // A new computation: one unit of the quota, and a new entry first in the history; the old one is unchanged.
    const usageAfter = (await alice.get('/api/account/usage/')).json();
    const used = (usage: { features: { name: string; used?: number }[] }) =>
      usage.features.find((feature) => feature.name === 'simulations')?.used;
    expect(used(usageAfter)).toBe((used(usageBefore) ?? 0) + 1);
    const list = (await alice.get('/api/simulator/simulations/')).json();
    expect(list.items[0].id).toBe(body.current.simulationId);
    expect((await alice.get(`/api/simulator/simulations/${target}`)).json().resultat).toEqual(before);
  });

  it('refuses a recalculation past the plan’s limit with 429 « limite », storing nothing', async () => {
    const period = calendarMonth(new Date());
    await t.database.handle.db
      .insert(usageCounters)
      .values({
        organisationId: await personalOrganisationOf(t.database.handle.db, aliceId),
        feature: 'simulations',
        periodStart: period.start,
        periodEnd: period.end,
        used: 20,
      })
      .onConflictDoUpdate({
        target: [usageCounters.organisationId, usageCounters.feature, usageCounters.periodStart],
        set: { used: 20 },
      });
    const before = (await alice.get('/api/simulator/simulations/')).json().total;
    const refused = await alice.post(`/api/simulator/simulations/${ids[2]}/recalculate`, {});
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(refused.json().error).toContain('limite');
    expect((await alice.get('/api/simulator/simulations/')).json().total).toBe(before);
  });

  it('lists, reopens and deletes optimisations, 404 for someone else’s', async () => {
    const db = t.database.handle.db;
    const optimisationIds: string[] = [];
    for (const [index, economie] of [1234.56, 789.01].entries()) {
      const id = randomUUID();
      optimisationIds.unshift(id);
      await insertOptimisation(db, {
        id,
        userId: aliceId,
        organisationId: await personalOrganisationOf(db, aliceId),
        code: 'GD1057',
        commune: 'Paris',
        tso: 'NaTran',
        tarif: 'T4',
        dateEffet: `${MONTH}-01`,
        cjaActuelle: 120,
        cjaOptimisee: 100 - index,
        economieAnnuelle: economie,
        pourcentageEconomie: 3.2,
        coutAvant: 40000,
        coutApres: 40000 - economie,
        seriesEstimated: true,
        hasEstimates: false,
        createdAt: new Date(Date.now() + index * 1000),
      });
    }
    const list = await alice.get('/api/optimisation/optimisations/?pageSize=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.json().items[0]).toMatchObject({ id: optimisationIds[0], cjaOptimisee: 99, economieAnnuelle: 789.01 });
    const target = optimisationIds[1] as string;
    expect((await bob.get(`/api/optimisation/optimisations/${target}`)).statusCode).toBe(404);
    expect((await bob.request('DELETE', `/api/optimisation/optimisations/${target}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/optimisation/optimisations/${target}`)).json()).toMatchObject({
      id: target,
      economieAnnuelle: 1234.56,
    });
    expect((await alice.request('DELETE', `/api/optimisation/optimisations/${target}`)).statusCode).toBe(200);
    expect((await alice.get('/api/optimisation/optimisations/')).json().total).toBe(1);
  });

  it('deletes results older than the retention (24 months by default) in the daily job, on a moved clock', async () => {
    const countAll = async () => (await t.database.handle.db.select({ id: simulations.id }).from(simulations)).length;
    const stored = await countAll();
    expect(stored).toBeGreaterThan(0);
    const inMonths = (months: number) => {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() + months);
      return at;
    };
    await t.app.jobs.runDue(inMonths(23));
    expect(await countAll()).toBe(stored);
    await t.app.jobs.runDue(inMonths(25));
    expect(await countAll()).toBe(0);
    expect((await alice.get('/api/optimisation/optimisations/')).json().total).toBe(0);
  });
});
