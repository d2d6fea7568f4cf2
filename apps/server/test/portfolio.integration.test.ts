/**
 * « Optimiser tout le portefeuille » (issue #24 §4–§5, ADR 0077): a member's run optimises every site with a year of
 * data in chunks (progress per chunk, sums of the ranked rows), skips with a French reason the sites it cannot
 * optimise, ranks by savings, exports XLSX and PDF; cancel stops before the next chunk; one run at a time; a viewer
 * reads but gets 403 on start and cancel; another organisation's user gets 404 on every route of the run; a run left
 * « running » by a stopped process is failed with a French sentence.
 */

import { randomUUID } from 'node:crypto';
import { portfolioMessages } from '@pilote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionDatasets, consumptionReadings, portfolioRuns } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { addDays } from '../src/modules/mandates/dates.ts';
import { HttpClient } from './helpers/http-client.ts';
import { waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const pce = (n: number) => `9876543300${String(n).padStart(4, '0')}`;
const LAST_DAY = '2026-09-30';

describe.each(testDatabaseKinds())('portfolio optimisation on %s', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  let counter = 0;
  /** Between two chunks the run waits for `release` when a test asks (cancel test). */
  let hold: { reached: (done: number) => void; release: Promise<void> } | null = null;

  async function user(label: string) {
    counter += 1;
    const email = `${label}-${counter}@exemple.fr`;
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: label, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id, email };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' }, undefined, {
      portfolio: {
        chunkSize: 2,
        betweenChunks: async (_runId, done) => {
          const h = hold;
          if (h) {
            hold = null;
            h.reached(done);
            await h.release;
          }
        },
      },
    });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function join(owner: Awaited<ReturnType<typeof user>>, orgId: string, role: 'member' | 'viewer') {
    const invited = await user(role);
    await owner.client.post(`/api/organisations/${orgId}/invitations`, { email: invited.email, role });
    const mail = await waitForMail(t.database.handle.db, invited.email, 'Invitation');
    const token = new URL(mail.links[0] as string).searchParams.get('token');
    expect((await invited.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(200);
    return invited;
  }

  /** A site through the API, and `days` days of data ending LAST_DAY (peak `peak` kWh) put in the database. */
  async function site(
    client: HttpClient,
    orgId: string,
    userId: string,
    n: number,
    fields: { option?: string; cja?: number; days?: number; peak?: number },
  ): Promise<string> {
    const created = await client.post('/api/sites/', {
      name: `Site ${n}`,
      pce: pce(n),
      pointType: 'PITD',
      pointCode: 'GD1057',
      option: fields.option ?? 'T4',
      profile: 'P016',
      car: 15_000,
      cja: fields.cja ?? 120,
      tags: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const days = fields.days ?? 365;
    if (days > 0) {
      const datasetId = randomUUID();
      const db = t.database.handle.db;
      await db.insert(consumptionDatasets).values({
        id: datasetId,
        userId,
        organisationId: orgId,
        pce: pce(n),
        sourceFormat: 'simple',
        unit: 'kWh',
      });
      const peak = fields.peak ?? 90_000;
      await db.insert(consumptionReadings).values(
        Array.from({ length: days }, (_, d) => ({
          datasetId,
          date: addDays(LAST_DAY, d - days + 1),
          // Winter high, summer low: a cosine over the year.
          kwh: Math.round(peak * (0.55 + 0.45 * Math.cos((2 * Math.PI * (d - days + 1 + 92)) / 365))),
          quality: 'mesure',
        })),
      );
    }
    return created.json().id as string;
  }

  describe('a member optimises the portfolio', () => {
    const ids = { big: '', small: '', third: '', t1: '', short: '' };
    let base = '';
    let runId = '';
    let viewer: Awaited<ReturnType<typeof user>>;
    let outsider: Awaited<ReturnType<typeof user>>;

    beforeAll(async () => {
      const owner = await user('owner');
      const created = await owner.client.post('/api/organisations/', { name: 'Portefeuille SA' });
      expect(created.statusCode, created.body).toBe(201);
      const orgId = created.json().id as string;
      const member = await join(owner, orgId, 'member');
      viewer = await join(owner, orgId, 'viewer');
      outsider = await user('outsider');

      // The member has nothing to optimise yet: a French 400.
      const empty = await member.client.post('/api/dashboard/portfolio-optimisations/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(portfolioMessages.noSites);

      ids.big = await site(member.client, orgId, member.id, 1, { cja: 150 });
      ids.small = await site(member.client, orgId, member.id, 2, { cja: 95 });
      ids.third = await site(member.client, orgId, member.id, 3, { cja: 110 });
      ids.t1 = await site(member.client, orgId, member.id, 4, { option: 'T1' });
      ids.short = await site(member.client, orgId, member.id, 5, { days: 200 });
      await site(member.client, orgId, member.id, 6, { days: 0 }); // no data: not in the run

      expect((await viewer.client.post('/api/dashboard/portfolio-optimisations/', {})).statusCode).toBe(403);
      const started = await member.client.post('/api/dashboard/portfolio-optimisations/', {});
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toMatchObject({ status: 'running', total: 5, organisationId: orgId });
      runId = started.json().id as string;
      base = `/api/dashboard/portfolio-optimisations/${runId}`;
      await t.app.portfolio.settled();
    });

    it('optimises every site with a year of data in chunks, ranks them by savings and sums them', async () => {
      const finished = (await viewer.client.get(base)).json();
      expect(finished).toMatchObject({ status: 'done', total: 5, done: 5, sitesOptimised: 3, sitesSkipped: 2 });
      expect(finished.finishedAt).not.toBeNull();

      const results = (await viewer.client.get(`${base}/results?pageSize=10`)).json();
      expect(results.total).toBe(5);
      const order = results.items.map((r: { siteId: string }) => r.siteId);
      // Ranked by savings, the two skipped sites last with their reason.
      expect(order.slice(0, 3)).toEqual([ids.big, ids.third, ids.small]);
      expect(new Set(order.slice(3))).toEqual(new Set([ids.t1, ids.short]));
      const byId = new Map(results.items.map((r: { siteId: string }) => [r.siteId, r]));
      expect(byId.get(ids.t1)).toMatchObject({ savingsEuros: null, message: portfolioMessages.skippedOption('T1') });
      expect(byId.get(ids.short)).toMatchObject({ savingsEuros: null, message: portfolioMessages.skippedShort(200) });
      const optimised = results.items.slice(0, 3) as {
        savingsEuros: number;
        currentCostEuros: number;
        optimisedCostEuros: number;
        cjaActuelle: number;
      }[];
      expect(optimised[0]?.savingsEuros).toBeGreaterThan(0);
      expect(optimised[0]?.cjaActuelle).toBe(150);
      const sum = (f: (r: (typeof optimised)[number]) => number) =>
        Math.round(optimised.reduce((total, r) => total + f(r), 0) * 100) / 100;
      expect(finished.currentCostEuros).toBeCloseTo(
        sum((r) => r.currentCostEuros),
        2,
      );
      expect(finished.optimisedCostEuros).toBeCloseTo(
        sum((r) => r.optimisedCostEuros),
        2,
      );
      expect(finished.savingsEuros).toBeCloseTo(
        sum((r) => Math.max(0, r.savingsEuros)),
        2,
      );
      expect((await viewer.client.get(`${base}/results?page=2&pageSize=2`)).json().items).toHaveLength(2);
      const list = (await viewer.client.get('/api/dashboard/portfolio-optimisations/')).json();
      expect(list).toMatchObject({ total: 1, items: [{ id: runId }] });
    });

    it('exports the ranking as an XLSX workbook and a PDF report, written in the worker pool', async () => {
      const xlsx = await viewer.client.get(`${base}/export?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const pdf = await viewer.client.get(`${base}/export?format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('lets a viewer read but not cancel, and answers 404 to another organisation on every route', async () => {
      expect((await viewer.client.post(`${base}/cancel`, {})).statusCode).toBe(403);
      for (const path of [base, `${base}/results`, `${base}/export?format=xlsx`]) {
        expect((await outsider.client.get(path)).statusCode, path).toBe(404);
      }
      expect((await outsider.client.post(`${base}/cancel`, {})).statusCode).toBe(404);
      expect((await outsider.client.get('/api/dashboard/portfolio-optimisations/')).json().total).toBe(0);
      expect((await new HttpClient(t.app).get(base)).statusCode).toBe(401);
    });
  });

  it('cancel stops before the next chunk; one run at a time; an interrupted run is failed in French', async () => {
    const owner = await user('owner');
    const orgId = (await owner.client.post('/api/organisations/', { name: 'Annulation SARL' })).json().id as string;
    for (let n = 11; n <= 16; n += 1) {
      await site(owner.client, orgId, owner.id, n, {});
    }
    let reached!: (done: number) => void;
    let release!: () => void;
    const atFirstChunk = new Promise<number>((resolve) => {
      reached = resolve;
    });
    hold = {
      reached,
      release: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const run = (await owner.client.post('/api/dashboard/portfolio-optimisations/', {})).json();
    expect(await atFirstChunk).toBe(2);

    // While it waits after its first chunk: a second start is 409, the progress reads 2 of 6, cancel is recorded.
    const again = await owner.client.post('/api/dashboard/portfolio-optimisations/', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(portfolioMessages.alreadyRunning);
    const base = `/api/dashboard/portfolio-optimisations/${run.id}`;
    expect((await owner.client.get(base)).json()).toMatchObject({ status: 'running', done: 2, total: 6 });
    expect((await owner.client.post(`${base}/cancel`, {})).json()).toMatchObject({ cancelRequested: true });
    release();
    await t.app.portfolio.settled();
    expect((await owner.client.get(base)).json()).toMatchObject({ status: 'cancelled', done: 2, total: 6 });
    expect((await owner.client.get(`${base}/results`)).json().total).toBe(2);

    // A run left « running » (the process stopped) is failed with the French sentence at the next start.
    const db = t.database.handle.db;
    // A run this process started is alive: spared (the app does not await the recovery, a run may start meanwhile).
    await db.update(portfolioRuns).set({ status: 'running' }).where(eq(portfolioRuns.id, run.id));
    expect(await t.app.portfolio.recoverInterrupted()).toBe(0);
    // Created before this process started: failed.
    await db
      .update(portfolioRuns)
      .set({ status: 'running', createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(portfolioRuns.id, run.id));
    expect(await t.app.portfolio.recoverInterrupted()).toBe(1);
    expect((await owner.client.get(base)).json()).toMatchObject({
      status: 'failed',
      message: portfolioMessages.interrupted,
    });
  });
});
