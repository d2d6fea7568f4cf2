/**
 * The dashboard counts completed portfolio runs (issue #24 §4, ADR 0084): a site's savings and yearly cost come from
 * its latest result — a single optimisation, a simulation (cost only) or its row in a completed (« done ») run,
 * dated by the run's end — never added to an older one; skipped sites, cancelled, failed and running runs, and
 * another organisation's runs are not results. The retention job (ADR 0064) deletes runs ended before the limit,
 * never a running one (moved clock).
 */

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundLane } from '../src/db/background-lane.ts';
import { optimisations, portfolioRunSites, portfolioRuns, simulations, sites } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { recordChunk, type SiteOutcomeRow } from '../src/modules/portfolio/repository.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const pce = (n: number) => `9876543400${String(n).padStart(4, '0')}`;

describe.each(testDatabaseKinds())('dashboard and portfolio runs on %s', (kind) => {
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

  /** A site of the organisation, written directly (the sites API is tested elsewhere; this file's work stays small). */
  async function addSite(organisationId: string, userId: string, n: number): Promise<string> {
    const id = randomUUID();
    await t.database.handle.db.insert(sites).values({
      id,
      organisationId,
      createdBy: userId,
      name: `Site ${n}`,
      pce: pce(n),
      pointType: 'PITD',
      pointCode: 'GD1057',
    });
    return id;
  }

  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 8, minutes));

  function optimisation(organisationId: string, userId: string, siteId: string, minutes: number, euros: number) {
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

  /** A run that started at `started` and ended at `ended` (null: still running), with its sites' rows. */
  async function run(
    organisationId: string,
    status: 'running' | 'done' | 'cancelled' | 'failed',
    started: Date,
    ended: Date | null,
    rows: { siteId: string; savings: number | null }[],
  ): Promise<string> {
    const db = t.database.handle.db;
    const id = randomUUID();
    await db.insert(portfolioRuns).values({
      id,
      organisationId,
      status,
      total: rows.length,
      done: rows.length,
      dateEffet: '2026-07-01',
      createdAt: started,
      updatedAt: ended ?? started,
      finishedAt: ended,
    });
    if (rows.length === 0) {
      return id;
    }
    await db.insert(portfolioRunSites).values(
      rows.map(({ siteId, savings }) => ({
        runId: id,
        siteId,
        cjaActuelle: savings === null ? null : 109,
        cjaOptimisee: savings === null ? null : 95,
        // A run's current cost, like an optimisation's `cout_avant`: 200 000 + the saving.
        currentCostEuros: savings === null ? null : 200_000 + savings,
        optimisedCostEuros: savings === null ? null : 200_000,
        savingsEuros: savings,
        message: savings === null ? 'Option T2 : non optimisée.' : null,
      })),
    );
    return id;
  }

  // ADR 0092 addendum: outcomes go in as one array per column; what a message may hold survives the arrays' quoting.
  it('stores a chunk’s outcomes as given: nulls, and messages with quotes, braces, commas, backslashes or « NULL »', async () => {
    const owner = await user('record');
    const organisationId = await organisation(owner, 'Relevés');
    const siteIds = [await addSite(organisationId, owner.id, 901), await addSite(organisationId, owner.id, 902)];
    const [solved, skipped] = siteIds as [string, string];
    const runId = await run(organisationId, 'running', at(0), null, []);
    const message = 'Point « GD1057 », option "T2" : {non} optimisée \\ NULL';
    const rows: SiteOutcomeRow[] = [
      {
        runId,
        siteId: solved,
        cjaActuelle: 109.5,
        cjaOptimisee: 95,
        currentCostEuros: 200_012.34,
        optimisedCostEuros: 200_000,
        savingsEuros: 12.34,
        message: null,
      },
      {
        runId,
        siteId: skipped,
        cjaActuelle: null,
        cjaOptimisee: null,
        currentCostEuros: null,
        optimisedCostEuros: null,
        savingsEuros: null,
        message,
      },
    ];
    const updated = await recordChunk(t.database.handle.db, createBackgroundLane(undefined), runId, rows, at(1));
    expect(updated).toMatchObject({ sitesOptimised: 1, sitesSkipped: 1, savingsEuros: 12.34 });
    const stored = await t.database.handle.db
      .select()
      .from(portfolioRunSites)
      .where(eq(portfolioRunSites.runId, runId))
      .orderBy(portfolioRunSites.savingsEuros);
    expect(stored).toEqual(rows);
  });

  it('counts a site’s latest result once: a completed run’s row or a single optimisation, whichever is newer', async () => {
    const db = t.database.handle.db;
    const owner = await user('owner');
    const orgId = await organisation(owner, 'Laiterie Martin');
    const [s1, s2, s3, s4, s5, s6] = (await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => addSite(orgId, owner.id, n)),
    )) as [string, string, string, string, string, string];

    // Site 1: an optimisation (1 234,56), then a completed run (500): 500, not 1 734,56.
    // Site 2: a completed run (300), then an optimisation (0,44): 0,44. The second completed run (later) skips it.
    // Site 3: an optimisation (−5), then a completed run that skipped it: −5, not a saving; its cost stays 99 995.
    // Site 4: rows only in a cancelled, a failed and a running run: no result.
    // Site 5: two completed runs (100, then 40): 40. Site 6: a simulation after the first run: cost 45 678,91, the
    // run's 100 still the latest saving.
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s1, 1, 1234.56));
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s3, 2, -5));
    await run(orgId, 'done', at(3), at(10), [
      { siteId: s1, savings: 500 },
      { siteId: s2, savings: 300 },
      { siteId: s3, savings: null },
      { siteId: s5, savings: 100 },
      { siteId: s6, savings: 100 },
    ]);
    await db.insert(optimisations).values(optimisation(orgId, owner.id, s2, 12, 0.44));
    await db.insert(simulations).values({
      id: randomUUID(),
      userId: owner.id,
      organisationId: orgId,
      pointDeReseau: 'GD1057',
      input: {},
      result: { annuel: { totalFixe: 45_678.91 } },
      gridDates: {},
      dateEffet: '2026-07-01',
      usedSampleData: false,
      siteId: s6,
      createdAt: at(13),
    });
    await run(orgId, 'done', at(20), at(30), [
      { siteId: s2, savings: null },
      { siteId: s5, savings: 40 },
    ]);
    await run(orgId, 'cancelled', at(40), at(41), [{ siteId: s4, savings: 900 }]);
    await run(orgId, 'failed', at(42), at(43), [{ siteId: s4, savings: 800 }]);
    await run(orgId, 'running', at(44), null, [{ siteId: s4, savings: 700 }]);

    // Another organisation's completed run on its own site: never counted here.
    const stranger = await user('stranger');
    const otherOrg = await organisation(stranger, 'Autre');
    const otherSite = await addSite(otherOrg, stranger.id, 1);
    await run(otherOrg, 'done', at(50), at(51), [{ siteId: otherSite, savings: 50_000 }]);

    const response = await owner.client.get('/api/dashboard/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      sites: { count: 6 },
      networkCost: {
        annualEuros: 200_500 + (100_000 + 0.44) + (100_000 - 5) + 200_040 + 45_678.91,
        sitesWithResult: 5,
      },
      savings: { annualEuros: 500 + 0.44 + 40 + 100, sitesOptimised: 4 },
    });
    expect((await stranger.client.get('/api/dashboard/')).json()).toMatchObject({
      networkCost: { annualEuros: 250_000, sitesWithResult: 1 },
      savings: { annualEuros: 50_000, sitesOptimised: 1 },
    });
  });

  it('deletes portfolio runs ended before the retention (24 months) in the daily job, never a running one', async () => {
    const db = t.database.handle.db;
    const owner = await user('retention');
    const orgId = await organisation(owner, 'Conserverie Petit');
    const site = await addSite(orgId, owner.id, 7);
    const now = new Date();
    const monthsAgo = (months: number) => {
      const day = new Date(now);
      day.setUTCMonth(day.getUTCMonth() - months);
      return day;
    };
    // Ended 23 months ago (kept at the first run of the job), 25 months ago (deleted with its rows), a failed one
    // 30 months ago (deleted), and one still « running » since 30 months (never deleted: the runs' own sweep fails it).
    const kept = await run(orgId, 'done', monthsAgo(23), monthsAgo(23), [{ siteId: site, savings: 10 }]);
    const old = await run(orgId, 'done', monthsAgo(25), monthsAgo(25), [{ siteId: site, savings: 20 }]);
    await run(orgId, 'failed', monthsAgo(30), monthsAgo(30), []);
    const running = await run(orgId, 'running', monthsAgo(30), null, [{ siteId: site, savings: 30 }]);
    const idsOf = async () =>
      (await db.select({ id: portfolioRuns.id }).from(portfolioRuns).where(eq(portfolioRuns.organisationId, orgId)))
        .map((r) => r.id)
        .sort();

    await t.app.jobs.runDue(now);
    expect(await idsOf()).toEqual([kept, running].sort());
    expect(await db.select().from(portfolioRunSites).where(eq(portfolioRunSites.runId, old))).toEqual([]);

    // Two months later the one that ended 23 months ago is past the limit too.
    const later = new Date(now);
    later.setUTCMonth(later.getUTCMonth() + 2);
    await t.app.jobs.runDue(later);
    expect(await idsOf()).toEqual([running]);
    expect((await owner.client.get('/api/dashboard/')).json()).toMatchObject({
      savings: { annualEuros: 0, sitesOptimised: 0 },
    });
  });
});
