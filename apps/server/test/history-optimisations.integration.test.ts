/**
 * History of optimisations (issue #24 §3, ADR 0064, migration 0017): the request and the whole answer are kept, the
 * optimisation reopens and « Recalculer » reruns it with today's grids; rows stored before 0017 read as summaries.
 */

import { randomUUID } from 'node:crypto';
import { type OptimisationResponse, optimisationResponseSchema } from '@pilote/contracts';
import { roundEuros } from '@pilote/tariffs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { organisations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { insertOptimisation } from '../src/modules/optimisation/repository.ts';
import { grdfYear, PCE, twoUsers } from './helpers/consumption-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const MONTH = new Date().toISOString().slice(0, 7);
/** A T4 PITD of the packaged tables (Paris, NaTran, GRDF), at the current month: « Recalculer » reruns that month. */
const FORM = {
  pointDeReseau: 'PITD',
  code: 'GD1057',
  commune: 'Paris',
  tso: 'NaTran',
  tarif: 'T4',
  profil: 'P016',
  assiette: '18 000',
  cjsInterruptible: '',
  cpl: '',
  dateEffetMonth: MONTH,
};
const T4_CAPACITE = 'atrd7.grdf.t4.capacite-jusqua-500';

describe.each(testDatabaseKinds())('history of optimisations on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;
  let admin: HttpClient;
  let datasetId = '';
  let stored: { id: string; response: OptimisationResponse };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      PASSWORD_HASH_LOG_N: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
  });
  // Three hooks, each with Vitest's 10 s (was one of 120 s, ADR 0088): the app, the three accounts (scrypt), then
  // the data and the optimisation every test reads.
  beforeAll(async () => {
    ({ alice, bob } = await twoUsers(t));
    const passwordHash = await createPasswordHasher(10).hash('Correct-Horse-9');
    await insertVerifiedUser(t.database.handle.db, {
      email: 'root@exemple.fr',
      name: 'Root',
      role: 'admin',
      passwordHash,
    });
    admin = new HttpClient(t.app);
    const signed = await admin.post('/api/auth/sign-in/email', {
      email: 'root@exemple.fr',
      password: 'Correct-Horse-9',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The plan is the organisation's (ADR 0078): every user's personal organisation is premium.
    await t.database.handle.db.update(organisations).set({ tier: 'premium' });
  });
  beforeAll(async () => {
    const imported = await alice.post('/api/consumption-data/', {
      pce: PCE,
      label: 'Usine',
      csv: grdfYear('2025-02-01', 365).csv,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    datasetId = imported.json().dataset.id;
    const response = await alice.post('/api/optimisation/', { ...FORM, datasetId });
    expect(response.statusCode, response.body).toBe(200);
    const list = (await alice.get('/api/optimisation/optimisations/')).json();
    stored = { id: list.items[0].id, response: response.json() };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reopens a stored optimisation with the request that made it and the answer exactly as returned', async () => {
    const detail = await alice.get(`/api/optimisation/optimisations/${stored.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ id: stored.id, code: 'GD1057', cjaOptimisee: stored.response.cjaOptimisee });
    expect(body.result).toEqual(stored.response);
    expect(body.input).toEqual({
      pointDeReseau: 'PITD',
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      profil: 'P016',
      assiette: 18000,
      cjsInterruptible: 0,
      cpl: 0,
      dateEffetMonth: MONTH,
      cjaActuelle: null,
      capacitesMensuelles: null,
      datasetId,
      pce: null,
    });
    // The list stays a summary: neither the request nor the answer travels with it.
    const item = (await alice.get('/api/optimisation/optimisations/')).json().items[0];
    expect(item).toMatchObject({ id: stored.id, detailKept: true });
    expect(item).not.toHaveProperty('result');
    expect(item).not.toHaveProperty('input');
  });

  it('answers 404 to someone else on reopen and recalculate, and refuses a recalculation without CSRF', async () => {
    expect((await bob.get(`/api/optimisation/optimisations/${stored.id}`)).statusCode).toBe(404);
    const foreign = await bob.post(`/api/optimisation/optimisations/${stored.id}/recalculate`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Optimisation introuvable.' });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/optimisation/optimisations/${stored.id}/recalculate`,
      headers: { cookie: alice.cookieHeader(), origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(403);
    expect((await bob.get('/api/optimisation/optimisations/')).json().total).toBe(0);
  });

  it('recalculates with today’s grids: a new optimisation, one unit, and the line-by-line difference to the cent', async () => {
    // The T4 capacity term changes from the first day of this month (a value added in the admin panel, ADR 0025).
    const added = await admin.post('/api/admin/tariff-data/values', {
      parameterId: T4_CAPACITE,
      validFrom: `${MONTH}-01`,
      value: 400,
      unit: '€/MWh/j/an',
      status: 'official',
      references: [{ title: 'Délibération CRE (essai)', url: 'https://www.cre.fr/documents/deliberations/essai' }],
      note: 'Grille corrigée',
    });
    expect(added.statusCode, added.body).toBe(201);
    const usageBefore = (await alice.get('/api/account/usage/')).json();

    const response = await alice.post(`/api/optimisation/optimisations/${stored.id}/recalculate`, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const current = optimisationResponseSchema.parse(body.result);
    expect(body.previous).toMatchObject({ optimisationId: stored.id, dateEffet: `${MONTH}-01` });
    expect(body.current.optimisationId).not.toBe(stored.id);
    expect(body.current).toMatchObject({ dateEffet: `${MONTH}-01`, cjaOptimisee: current.cjaOptimisee });
    expect(body.changed).toBe(true);
    const line = (id: string) => body.lines.find((l: { id: string }) => l.id === id);
    const old = stored.response.couts;
    expect(line('avant.distribution_fixe')).toEqual({
      id: 'avant.distribution_fixe',
      label: 'CJA actuelle — distribution (termes de capacité et CTA)',
      unit: '€/an',
      ancien: roundEuros(old.avant.distribution_fixe),
      nouveau: roundEuros(current.couts.avant.distribution_fixe),
      difference: roundEuros(
        roundEuros(current.couts.avant.distribution_fixe) - roundEuros(old.avant.distribution_fixe),
      ),
    });
    expect(line('avant.distribution_fixe').difference).toBeGreaterThan(0);
    // Transport did not move with a distribution term at the same CJA.
    expect(line('avant.transport_fixe').difference).toBe(0);
    expect(line('economie')).toMatchObject({
      ancien: roundEuros(stored.response.economieAnnuelle),
      nouveau: roundEuros(current.economieAnnuelle),
    });
    expect(body.lines.at(-1)).toMatchObject({
      id: 'total',
      label: 'Coût annuel HT avec la CJA recommandée',
      ancien: roundEuros(old.apres.total_annuel),
      nouveau: roundEuros(current.couts.apres.total_annuel),
    });
    for (const each of body.lines) {
      expect(Math.round(each.difference * 100)).toBe(Math.round(((each.nouveau ?? 0) - (each.ancien ?? 0)) * 100));
    }

    // One unit of the `optimisations` quota; a new entry first in the history, reopening as returned; the old one kept.
    const used = (usage: { features: { name: string; used?: number }[] }) =>
      usage.features.find((feature) => feature.name === 'optimisations')?.used;
    expect(used((await alice.get('/api/account/usage/')).json())).toBe((used(usageBefore) ?? 0) + 1);
    const list = (await alice.get('/api/optimisation/optimisations/')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([body.current.optimisationId, stored.id]);
    expect((await alice.get(`/api/optimisation/optimisations/${body.current.optimisationId}`)).json().result).toEqual(
      body.result,
    );
    expect((await alice.get(`/api/optimisation/optimisations/${stored.id}`)).json().result).toEqual(stored.response);
  });

  it('lists and reads an optimisation stored before migration 0017 as its summary, and cannot recalculate it', async () => {
    const id = randomUUID();
    const [row] = await rowsOf<{ id: string }>(
      t.database.handle.db,
      sql`select id from users where email = 'alice@exemple.fr'`,
    );
    await insertOptimisation(t.database.handle.db, {
      id,
      userId: row?.id as string,
      organisationId: await personalOrganisationOf(t.database.handle.db, row?.id as string),
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      dateEffet: '2025-01-01',
      cjaActuelle: 120,
      cjaOptimisee: 100,
      economieAnnuelle: 1234.56,
      pourcentageEconomie: 3.2,
      coutAvant: 40000,
      coutApres: 38765.44,
      seriesEstimated: true,
      hasEstimates: false,
      createdAt: new Date('2025-01-15T10:00:00Z'),
    });
    const list = (await alice.get('/api/optimisation/optimisations/?pageSize=100')).json();
    expect(list.items.at(-1)).toMatchObject({ id, economieAnnuelle: 1234.56, detailKept: false });
    const detail = await alice.get(`/api/optimisation/optimisations/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ id, cjaOptimisee: 100, detailKept: false, input: null, result: null });
    const total = list.total;
    const refused = await alice.post(`/api/optimisation/optimisations/${id}/recalculate`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('avant la conservation du détail');
    expect((await alice.get('/api/optimisation/optimisations/')).json().total).toBe(total);
  });

  it('answers 409 when the readings the optimisation used were deleted since, and gives the unit back', async () => {
    const imported = await alice.post('/api/consumption-data/', {
      pce: '44444444444444',
      csv: grdfYear('2025-02-01', 365, { pce: '44444444444444' }).csv,
    });
    const id = imported.json().dataset.id;
    expect((await alice.post('/api/optimisation/', { ...FORM, datasetId: id })).statusCode).toBe(200);
    const target = (await alice.get('/api/optimisation/optimisations/')).json().items[0].id;
    expect((await alice.request('DELETE', `/api/consumption-data/${id}/`)).statusCode).toBe(200);
    const used = async () =>
      (await alice.get('/api/account/usage/'))
        .json()
        .features.find((feature: { name: string }) => feature.name === 'optimisations')?.used;
    const before = await used();
    const refused = await alice.post(`/api/optimisation/optimisations/${target}/recalculate`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toContain('relevés de consommation de cette optimisation ont été supprimés');
    expect(await used()).toBe(before);
  });

  it('keeps a year of daily series in a few kB once PostgreSQL has compressed it (ADR 0064 § Storage)', async () => {
    const threeYears = await alice.post('/api/consumption-data/', {
      pce: '33333333333333',
      csv: grdfYear('2023-11-01', 1096, { pce: '33333333333333' }).csv,
    });
    expect(threeYears.statusCode, threeYears.body).toBe(201);
    const response = await alice.post('/api/optimisation/', { ...FORM, datasetId: threeYears.json().dataset.id });
    expect(response.statusCode, response.body).toBe(200);
    const sizes = await rowsOf<{ days: number; text: number; stored: number }>(
      t.database.handle.db,
      sql`select json_array_length(result->'series'->'consoJournaliere') as days, octet_length(result::text) as text,
            pg_column_size(result) as stored
          from optimisations where result is not null order by created_at desc`,
    );
    console.info('optimisations.result sizes (days, json bytes, stored bytes):', sizes);
    for (const size of sizes) {
      // The answer carries the one year optimised, whatever the dataset's length.
      expect(Number(size.days)).toBeLessThanOrEqual(366);
      expect(Number(size.text)).toBeLessThan(100_000);
      // ~66 kB of json text is stored as ~11 kB (TOAST compression), no application-side compression needed.
      expect(Number(size.stored)).toBeLessThan(20_000);
    }
  });
});
