import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createVerifiedUser, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { PITD_FIXTURE } from '../support/simulator.ts';
import { shootViews } from '../support/views.ts';

const YEAR_CSV = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'consumption-year.csv'), 'utf8');

/**
 * Issue #24 §4 (ADR 0074): the dashboard's empty states say what to do; with three sites and no data the cards count
 * them and the data card leads to the sites list filtered on missing or stale data. Screenshots of the dashboard at
 * 360 and 1280 px, light and dark.
 */

test('the dashboard counts the sites and links to those without data', async ({ page, admin }, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'dashboard');
  await signInThroughApi(page, owner.email, owner.password);
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);

  const figures = page.getByRole('region', { name: 'Votre portefeuille' });
  await expect(figures.locator('[data-figure="sites"]')).toContainText('Importez vos sites');
  await expect(figures.locator('[data-figure="mandates"]')).toContainText('signez un mandat');
  await expect(figures.locator('[data-figure="anomalies"]')).toContainText('déposez une facture');
  await shootViews(page, testInfo, 'dashboard-vide');

  for (const n of [1, 2, 3]) {
    const created = await postJson(page.request, '/api/sites/', {
      name: `Usine ${n}`,
      pce: `2142751390000${n}`,
      pointType: 'PITD',
      pointCode: 'GD1057',
      option: 'T4',
      tags: [],
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  await waitForSplash(page);
  await expect(figures.locator('[data-figure="sites"]')).toContainText('3');
  await expect(figures.locator('[data-figure="data"]')).toContainText('3 sans données, 0 de plus de 45 jours');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootViews(page, testInfo, 'dashboard');

  await figures.locator('[data-figure="data"]').click();
  await expect(page).toHaveURL(/\/private\/sites\?data=missing-or-stale$/);
  await expect(
    page.getByText('Sites sans données de consommation ou dont les données ont plus de 45 jours.'),
  ).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveText(['Usine 1', 'Usine 2', 'Usine 3']);
});

/**
 * ADR 0084: a completed « Optimiser tout le portefeuille » run counts in the savings card — its sites' savings, once
 * each, read again when the run ends (no reload).
 */
test('the savings card counts the completed portfolio run', async ({ page, admin }) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'dashboard-run');
  await signInThroughApi(page, owner.email, owner.password);
  for (const n of [1, 2]) {
    const pce = `2142751397000${n}`;
    const site = await postJson(page.request, '/api/sites/', {
      name: `Chaufferie ${n}`,
      pce,
      pointType: 'PITD',
      pointCode: PITD_FIXTURE.idf2Communes,
      option: 'T4',
      // Far above the year's peak (118,5 MWh/j): the optimiser lowers it, a positive saving on both sites.
      cja: 300 + n,
      tags: [],
    });
    expect(site.status(), await site.text()).toBe(201);
    const data = await postJson(page.request, '/api/consumption-data/', {
      pce,
      fileName: `releves-${n}.csv`,
      csv: YEAR_CSV,
    });
    expect(data.status(), await data.text()).toBe(201);
  }
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);
  const figures = page.getByRole('region', { name: 'Votre portefeuille' });
  await expect(figures.locator('[data-figure="savings"]')).toContainText('Aucune économie trouvée');
  const panel = page.getByRole('region', { name: 'Optimiser tout le portefeuille' });
  await panel.getByRole('button', { name: 'Optimiser tout le portefeuille' }).click();
  await expect(panel.getByText('Optimisation du portefeuille terminée.')).toBeVisible();
  const run = (await (await page.request.get('/api/dashboard/portfolio-optimisations/')).json()).items[0];
  expect(run).toMatchObject({ status: 'done', sitesOptimised: 2 });
  const rows = (await (await page.request.get(`/api/dashboard/portfolio-optimisations/${run.id}/results`)).json())
    .items as { savingsEuros: number | null }[];
  const found = rows.map((r) => r.savingsEuros ?? 0).filter((euros) => euros > 0);
  expect(found).toHaveLength(2);
  const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
    .format(Math.round(found.reduce((a, b) => a + b, 0) * 100) / 100)
    .replace(/\u202f/g, '\u00a0');
  const savings = figures.locator('[data-figure="savings"]');
  await expect(savings).toContainText(`${euros} / an`);
  await expect(savings).toContainText('Sur 2 sites');
});
