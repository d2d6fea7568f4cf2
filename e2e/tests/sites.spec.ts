import { createVerifiedUser, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectSelected, PITD_FIXTURE, simulatorForm } from '../support/simulator.ts';
import { fiftySitesWorkbook } from '../support/sites-workbook.ts';
import { shootViews } from '../support/views.ts';

/**
 * Issue #24 §2 as an owner lives it, in two tests that each stay far below the default timeout: (1) the empty list
 * says what to do, an XLSX of 50 sites (written here with exceljs, an independent writer) is previewed then imported,
 * the list pages, filters and sorts them on the server; (2) a site opens, a simulation starts from it (the form
 * pre-filled from the site) and is found on the site's page, from where it reopens. Screenshots of the list and of
 * the site's page at 360 and 1280 px, light and dark.
 */

/** 50 sites (support/sites-workbook.ts); the first is a T4 PITD of the e2e table in Paris, the simulation's start. */
function sitesWorkbook(): Promise<Buffer> {
  return fiftySitesWorkbook((n) => ({
    name: `Usine ${String(n).padStart(3, '0')}`,
    pce: `214275139${String(n).padStart(5, '0')}`,
    car: 15466.8,
    cja: 109,
    tags: n <= 10 ? 'Nord, Production' : 'Sud',
  }));
}

test('an owner imports 50 sites from an XLSX file, previewed first, then lists, filters and sorts them', async ({
  page,
  admin,
}, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'sites');
  await signInThroughApi(page, owner.email, owner.password);
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);
  await page
    .getByRole('navigation', { name: "Navigation de l'espace client" })
    .getByRole('link', { name: 'Sites' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();

  // The empty list says what to do next.
  const empty = page.getByTestId('sites-vide');
  await expect(empty).toContainText('Aucun site pour l’instant');
  await empty.getByRole('button', { name: 'Importer des sites' }).click();

  // Preview (nothing saved yet), then confirm.
  const dialog = page.getByRole('dialog', { name: 'Importer des sites' });
  await dialog.getByLabel('Fichier de sites').setInputFiles({
    name: 'sites.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sitesWorkbook(),
  });
  const preview = dialog.getByTestId('apercu-import');
  await expect(preview).toContainText('50 lignes lues : 50 sites valides.');
  await expect(preview.getByRole('row', { name: /Usine 001/ })).toContainText('21427513900001');
  expect(((await (await page.request.get('/api/sites/')).json()) as { total: number }).total).toBe(0);
  await dialog.getByRole('button', { name: 'Importer 50 sites' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('50 sites importés.')).toBeVisible();

  // The list: 20 a page, sorted and filtered by the server.
  await expect(page.getByRole('navigation', { name: 'Pages des sites' })).toContainText('Page 1 sur 3 · 50 résultats');
  await expect(page.getByRole('rowheader').first()).toHaveText('Usine 001');
  await page.getByRole('textbox', { name: 'Étiquette', exact: true }).fill('Nord');
  await expect(page.getByRole('navigation', { name: 'Pages des sites' })).toContainText('10 résultats');
  await page.getByRole('textbox', { name: 'Étiquette', exact: true }).fill('');
  await page.getByLabel('Trier par').selectOption('-name');
  await expect(page.getByRole('rowheader').first()).toHaveText('Usine 050');
  await page.getByLabel('Trier par').selectOption('name');
  await expect(page.getByRole('rowheader').first()).toHaveText('Usine 001');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootViews(page, testInfo, 'sites-liste');
  await page.getByLabel('Rechercher').fill('Usine 001');
  await expect(page.getByRole('rowheader')).toHaveText(['Usine 001']);
});

test('a site opens, a simulation starts from it pre-filled, and is found on the site’s page, from where it reopens', async ({
  page,
  admin,
}, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'site');
  await signInThroughApi(page, owner.email, owner.password);
  // The site as the import above stores its first row (the import itself is the other test's).
  const created = await postJson(page.request, '/api/sites/', {
    name: 'Usine 001',
    pce: '21427513900001',
    address: {
      label: '1 rue de Rivoli 75001 Paris',
      address: '1 rue de Rivoli',
      postal_code: '75001',
      city: 'Paris',
      citycode: null,
    },
    pointType: 'PITD',
    pointCode: PITD_FIXTURE.idf2Communes,
    option: 'T4',
    profile: 'P016',
    car: 15466.8,
    cja: 109,
    supplier: 'Engie',
    contractEndDate: '2027-09-30',
    tags: ['Nord', 'Production'],
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/private/sites');
  await waitForSplash(page);

  // Open the site, start a simulation from it: the form is pre-filled from the site.
  await page.getByRole('link', { name: 'Usine 001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usine 001' })).toBeVisible();
  await expect(page.getByText('Aucune simulation enregistrée pour ce site.')).toBeVisible();
  await page.getByRole('link', { name: 'Simuler ce site' }).first().click();
  await expect(page.getByTestId('simulation-site')).toContainText('Usine 001');
  const form = simulatorForm(page);
  await expectSelected(form, 'Point de réseau', 'PITD');
  await expect(form.getByRole('combobox', { name: 'Code PITD' })).toHaveValue(PITD_FIXTURE.idf2Communes);
  await expectSelected(form, 'Commune', 'Paris');
  await expectSelected(form, 'Option tarifaire ATRD', 'T4');
  await expectSelected(form, 'Profil de consommation', 'P016');
  await expect(form.getByLabel('CJA — capacité journalière annuelle (MWh/j)')).toHaveValue('109');
  await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });
  await form.getByLabel('Assiette — consommation annuelle (MWh/an)').fill('15 466,8');
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  await expect(page.getByTestId('simulation-results')).toBeVisible();

  // Back on the site's page: the simulation is there with its yearly total, and reopens.
  await page.getByTestId('simulation-site').getByRole('link', { name: 'Usine 001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usine 001' })).toBeVisible();
  const simulations = page.getByRole('list', { name: 'Simulations du site' });
  await expect(simulations.getByRole('listitem')).toHaveCount(1);
  await expect(simulations).toContainText(/PITD E2E-PITD-IDF-01 · T4 · [\d\s]+,\d{2}\s€ HT\/an/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootViews(page, testInfo, 'site');
  await simulations.getByRole('link', { name: 'Rouvrir la simulation' }).click();
  await expect(page).toHaveURL(/\/private\/historique\?simulation=/);
  await expect(page.getByTestId('simulation-results')).toBeVisible();
});
