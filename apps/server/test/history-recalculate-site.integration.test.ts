/**
 * « Recalculer » keeps the site (issue #24 §3, ADR 0064 and 0079): the new simulation or optimisation is saved to the
 * recalculated one's site, so the site page's history goes on — even when the caller has switched organisation since.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimisations, simulations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const MONTH = new Date().toISOString().slice(0, 7);
const SIMULATION = { ...PACKAGED_ACCEPTANCE_FORM, dateEffetMonth: MONTH };
/** A T4 PITD without a dataset: the optimiser synthesises the series (fast). */
const OPTIMISATION = {
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
const SITE = {
  name: 'Usine de Laval',
  pce: '12345678901234',
  pointType: 'PITD',
  pointCode: 'GD1057',
  option: 'T4',
  profile: 'P016',
  car: '18 000',
  cja: 100,
  ntr: null,
  supplier: null,
  contractEndDate: null,
  tags: [],
};

describe.each(testDatabaseKinds())('« Recalculer » keeps the site on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let siteId = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
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
    const created = await alice.post('/api/sites/', SITE);
    expect(created.statusCode, created.body).toBe(201);
    siteId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves the recalculated simulation and optimisation to the same site, also from another active organisation', async () => {
    const simulated = await alice.post(`/api/simulator/simulate/?site=${siteId}`, SIMULATION);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const optimised = await alice.post(`/api/optimisation/?site=${siteId}`, OPTIMISATION);
    expect(optimised.statusCode, optimised.body).toBe(200);
    const [optimisation] = await t.database.handle.db
      .select({ id: optimisations.id })
      .from(optimisations)
      .where(eq(optimisations.siteId, siteId));
    // The caller now works in another organisation: the recalculation still goes to the result's own, with its site.
    const other = await alice.post('/api/organisations/', { name: 'Autre société' });
    expect(other.statusCode, other.body).toBe(201);
    expect((await alice.get('/api/dashboard/')).json().sites.count).toBe(0);

    const again = await alice.post(`/api/simulator/simulations/${simulated.json().simulationId}/recalculate`, {});
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await t.database.handle.db
      .select({ siteId: simulations.siteId })
      .from(simulations)
      .where(eq(simulations.id, again.json().current.simulationId));
    expect(row?.siteId).toBe(siteId);

    const reoptimised = await alice.post(`/api/optimisation/optimisations/${optimisation?.id}/recalculate`, {});
    expect(reoptimised.statusCode, reoptimised.body).toBe(200);
    const [stored] = await t.database.handle.db
      .select({ siteId: optimisations.siteId })
      .from(optimisations)
      .where(eq(optimisations.id, reoptimised.json().current.optimisationId));
    expect(stored?.siteId).toBe(siteId);
  });
});
