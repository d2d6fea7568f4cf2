import { createVerifiedUser, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

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
