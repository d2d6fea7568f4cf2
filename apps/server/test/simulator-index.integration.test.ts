import { paginationMessages, simulatorEndpoints } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

/** An LI point of the packaged sample table (li-pic.integration.test.ts). */
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

describe.each(testDatabaseKinds())('GET /api/simulator/ (spec §7, issue #21 §6) on %s', (kind) => {
  let t: TestApp;
  let alice: HttpClient;
  let bob: HttpClient;

  async function signIn(email: string): Promise<HttpClient> {
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, { email, name: email, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn('alice@exemple.fr');
    bob = await signIn('bob@exemple.fr');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out and 400 with the pagination message on a bad page size', async () => {
    const anonymous = await new HttpClient(t.app).get('/api/simulator/');
    expect(anonymous.statusCode).toBe(401);
    const bad = await alice.get('/api/simulator/?pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain(paginationMessages.pageSize);
  });

  it('lists the caller’s own simulations, newest first, with their fixed totals, paginated, and the endpoints', async () => {
    const empty = await alice.get('/api/simulator/');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20, endpoints: simulatorEndpoints });

    // The endpoints named are the ones this server serves: the simulation below goes through `simulate`.
    const first = await alice.post(simulatorEndpoints.simulate, LI_FORM);
    expect(first.statusCode, first.body).toBe(200);
    const second = await alice.post(simulatorEndpoints.simulate, {
      ...LI_FORM,
      tarif: 'T2',
      dateEffetMonth: '2026-10',
    });
    expect(second.statusCode, second.body).toBe(200);
    const options = await alice.get(simulatorEndpoints.options.replace('{point}', 'li'));
    expect(options.statusCode).toBe(200);
    const link = await alice.get(simulatorEndpoints.pdfLink.replace('{id}', first.json().simulationId));
    expect(link.statusCode).toBe(200);

    const list = await alice.get('/api/simulator/');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.total).toBe(2);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([
      second.json().simulationId,
      first.json().simulationId,
    ]);
    expect(body.items[1]).toEqual({
      id: first.json().simulationId,
      createdAt: expect.any(String),
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      commune: 'Dunkerque',
      tarif: 'T4',
      profil: 'P016',
      dateEffet: '2026-11-01',
      totalFixeMensuel: first.json().resultat.mensuel.totalFixe,
      totalFixeAnnuel: first.json().resultat.annuel.totalFixe,
      usedSampleData: first.json().resultat.usedSampleData,
    });
    expect(body.items[0]).toMatchObject({ tarif: 'T2', dateEffet: '2026-10-01' });

    const page2 = (await alice.get('/api/simulator/?page=2&pageSize=1')).json();
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((item: { id: string }) => item.id)).toEqual([first.json().simulationId]);

    // Nobody else's.
    expect((await bob.get('/api/simulator/')).json()).toMatchObject({ items: [], total: 0 });
  });
});
