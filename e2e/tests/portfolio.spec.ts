import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { createVerifiedUser, findMail, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { fiftySitesWorkbook } from '../support/sites-workbook.ts';
import { shootViews } from '../support/views.ts';

/**
 * Issue #24 « Done when » (ADR 0077), in three tests that share one organisation (serial: the second and third read
 * the run the first makes). Set up through the API (beforeAll), since the screens of that part have their own specs
 * (sites.spec: the XLSX import through the dialog; organisations.spec: the invitation through the outbox): an owner
 * creates an organisation, imports 50 sites from an XLSX file written with exceljs (the odd ones T4, the even ones
 * T2), imports a year of readings for the first 20, invites a colleague as member and another as viewer. Then (1) the
 * member optimises the whole portfolio from the dashboard — progress, ranked table, totals, exports; (2) the viewer
 * sees all of it and cannot change anything; (3) a user of another organisation gets 404 on every id.
 */

const YEAR_CSV = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'consumption-year.csv'), 'utf8');
const pce = (n: number) => `214275139${String(60_000 + n).padStart(5, '0')}`;

/** The 50 sites (the odd ones T4, the even ones T2: support/sites-workbook.ts), base64 for the import's JSON body. */
async function sitesWorkbook(): Promise<string> {
  const workbook = await fiftySitesWorkbook((n) => ({
    name: `Chaufferie ${String(n).padStart(2, '0')}`,
    pce: pce(n),
    car: 4000,
    cja: 20 + n,
    tags: 'Réseau',
  }));
  return workbook.toString('base64');
}

type Person = { email: string; password: string; api: APIRequestContext };

async function person(admin: APIRequestContext, prefix: string): Promise<Person> {
  const user = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const signIn = await postJson(api, '/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(signIn.status()).toBe(200);
  return { ...user, api };
}

const state = {
  orgId: '',
  siteIds: [] as string[],
  runId: '',
  people: {} as Record<'owner' | 'member' | 'viewer' | 'outsider', Person>,
};

async function pageOf(browser: Browser, who: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, who.email, who.password);
  return page;
}

test.describe
  .serial('« Optimiser tout le portefeuille » (issue #24, ADR 0077)', () => {
    test.beforeAll(async ({ admin }) => {
      const [owner, member, viewer, outsider] = await Promise.all([
        person(admin, 'pf-owner'),
        person(admin, 'pf-member'),
        person(admin, 'pf-viewer'),
        person(admin, 'pf-outsider'),
      ]);
      state.people = { owner, member, viewer, outsider };
      const created = await postJson(owner.api, '/api/organisations/', { name: 'Réseau de chaleur Martin' });
      expect(created.status(), await created.text()).toBe(201);
      state.orgId = (await created.json()).id;
      // Creating it made it the owner's active organisation: the import goes there.
      const file = { fileName: 'sites.xlsx', content: await sitesWorkbook() };
      const imported = await postJson(owner.api, '/api/sites/import/confirm', file);
      expect(await imported.json()).toEqual({ created: 50, skipped: 0 });
      for (const [who, role] of [
        [member, 'member'],
        [viewer, 'viewer'],
      ] as const) {
        const invited = await postJson(owner.api, `/api/organisations/${state.orgId}/invitations`, {
          email: who.email,
          role,
        });
        expect(invited.status(), await invited.text()).toBe(201);
        const mail = await findMail(admin, who.email, 'Invitation');
        const token = new URL(mail.links[0] ?? '').searchParams.get('token');
        const accepted = await postJson(who.api, '/api/organisations/invitations/accept', { token });
        expect(accepted.status(), await accepted.text()).toBe(200);
      }
      // A year of daily readings for the first 20 sites (the member imports them).
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await postJson(member.api, '/api/consumption-data/', {
            pce: pce(i + 1),
            fileName: `releves-${i + 1}.csv`,
            csv: YEAR_CSV,
          });
          expect(response.status(), await response.text()).toBe(201);
        }),
      );
      const sites = await owner.api.get('/api/sites/?pageSize=100&sort=name');
      state.siteIds = ((await sites.json()).items as { id: string }[]).map((s) => s.id);
      expect(state.siteIds).toHaveLength(50);
    });

    test.afterAll(async () => {
      await Promise.all(Object.values(state.people).map((p) => p.api.dispose()));
    });

    test('the member optimises the whole portfolio from the dashboard', async ({ browser }, testInfo) => {
      const page = await pageOf(browser, state.people.member);
      await page.goto('/private/gas/dashboard');
      await waitForSplash(page);
      const panel = page.getByRole('region', { name: 'Optimiser tout le portefeuille' });
      await expect(page.locator('[data-figure="sites"]')).toContainText('50');
      await panel.getByRole('button', { name: 'Optimiser tout le portefeuille' }).click();
      // 20 sites with data: 10 optimised (T4), 10 skipped (T2).
      await expect(panel.getByText('Optimisation du portefeuille terminée.')).toBeVisible();
      await expect(panel).toContainText('10 sites optimisés sur 20, 10 sites écartés');
      const table = panel.getByRole('table');
      const rows = table.getByRole('row');
      const runs = await state.people.member.api.get('/api/dashboard/portfolio-optimisations/');
      const run = (await runs.json()).items[0];
      state.runId = run.id;
      expect(run).toMatchObject({ status: 'done', total: 20, done: 20, sitesOptimised: 10, sitesSkipped: 10 });
      // The table is the API's ranking: savings from the largest down, the T2 sites (skipped) last.
      const ranked = (
        await (
          await state.people.member.api.get(`/api/dashboard/portfolio-optimisations/${run.id}/results?pageSize=20`)
        ).json()
      ).items as { siteName: string; savingsEuros: number | null }[];
      const savings = ranked.slice(0, 10).map((r) => r.savingsEuros as number);
      expect(savings).toEqual([...savings].sort((a, b) => b - a));
      await expect(rows.nth(1).getByRole('link')).toHaveText(ranked[0]?.siteName ?? '');
      await expect(rows.nth(11)).toContainText('Option T2');
      await expect(panel.locator('[data-portfolio-totals]')).toContainText(
        new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
          .format(run.savingsEuros)
          .replace(/\u202f/g, '\u00a0'),
      );
      const download = page.waitForEvent('download');
      await panel.getByRole('link', { name: 'Exporter (XLSX)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^portefeuille-.*\.xlsx$/);
      await shootViews(page, testInfo, 'portefeuille');
      await rows.nth(1).getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: ranked[0]?.siteName ?? '' })).toBeVisible();
      await page.context().close();
    });

    test('the viewer sees everything and cannot change anything', async ({ browser }) => {
      const { viewer } = state.people;
      const page = await pageOf(browser, viewer);
      await page.goto('/private/gas/dashboard');
      await waitForSplash(page);
      const panel = page.getByRole('region', { name: 'Optimiser tout le portefeuille' });
      await expect(panel.getByRole('table').getByRole('row')).toHaveCount(21);
      // Only the table's pager: no start, no cancel.
      await expect(panel.getByRole('button', { name: 'Optimiser tout le portefeuille' })).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Annuler' })).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Rapport PDF' })).toBeVisible();
      await page.goto('/private/sites');
      await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Importer des sites' })).toHaveCount(0);
      const base = `/api/dashboard/portfolio-optimisations/${state.runId}`;
      expect((await postJson(viewer.api, '/api/dashboard/portfolio-optimisations/', {})).status()).toBe(403);
      expect((await postJson(viewer.api, `${base}/cancel`, {})).status()).toBe(403);
      expect((await viewer.api.get(`${base}/export?format=pdf`)).headers()['content-type']).toBe('application/pdf');
      await page.context().close();
    });

    test('a user of another organisation gets 404 on every id', async () => {
      const { outsider } = state.people;
      const base = `/api/dashboard/portfolio-optimisations/${state.runId}`;
      for (const url of [base, `${base}/results`, `${base}/export?format=xlsx`, `/api/sites/${state.siteIds[0]}`]) {
        expect((await outsider.api.get(url)).status(), url).toBe(404);
      }
      expect((await postJson(outsider.api, `${base}/cancel`, {})).status()).toBe(404);
      expect(
        (
          await postJson(outsider.api, `/api/organisations/${state.orgId}/invitations`, {
            email: 'x@exemple.fr',
            role: 'member',
          })
        ).status(),
      ).toBe(404);
      expect(
        ((await (await outsider.api.get('/api/dashboard/portfolio-optimisations/')).json()) as { total: number }).total,
      ).toBe(0);
    });
  });
