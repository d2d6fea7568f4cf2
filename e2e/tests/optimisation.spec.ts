import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { PITD_FIXTURE } from '../support/simulator.ts';

/**
 * Issue 5, "Done means": a signed-in user imports a year of daily readings for a PCE, runs the optimisation, sees
 * the KPI cards, the avant/après table and a zoomable chart of their own data with the CJA lines; a bad CSV row is
 * reported by line number and nothing is imported.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
/** 2024-07-01 → 2025-06-30 in kWh (`date;kWh;qualité`): 358 measured days, 6 estimated, 1 missing. */
const YEAR_CSV = path.join(fixtures, 'consumption-year.csv');
const PCE = '24681357902468';

// The refused import answers 400: Chromium logs that as a console error.
test.use({ allowedConsoleErrors: [/status of 400/] });

async function openOptimisation(page: Page, admin: Parameters<typeof createVerifiedUser>[0], prefix: string) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/optimisation');
  await waitForSplash(page);
  const form = page.getByRole('form', { name: 'Optimisation – Paramètres' });
  await expect(form).toBeVisible();
  return form;
}

/**
 * The PITD of e2e/fixtures/pitd.csv (imported before the server starts) with one commune, Versailles (NaTran, GRDF,
 * NTR 1): the commune and its TSO are chosen by themselves.
 */
async function chooseVersailles(form: Locator) {
  const code = form.getByRole('combobox', { name: 'Code PITD' });
  await code.fill('versailles');
  await form
    .getByRole('listbox', { name: 'Code PITD' })
    .getByRole('option', { name: new RegExp(PITD_FIXTURE.versailles) })
    .click();
  await expect(code).toHaveValue(PITD_FIXTURE.versailles);
  await expect(form.getByLabel('Commune')).toHaveValue('Versailles');
  await expect(form.getByLabel('Gestionnaire de transport (TSO)')).toHaveValue('NaTran');
}

/** Drags horizontally over the plot area from `fromX` to `toX` (fractions of its width). */
async function drag(page: Page, plot: Locator, fromX: number, toX: number) {
  const over = plot.locator('.u-over');
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  if (!box) {
    throw new Error('plot area not laid out');
  }
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * fromX, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * toX, y, { steps: 6 });
  await page.mouse.up();
  return box;
}

test('import a year of readings, optimise the CJA, read the results and zoom the chart', async ({ page, admin }) => {
  const form = await openOptimisation(page, admin, 'optimisation');

  // Empty state before any result (spec §2.9).
  await expect(page.getByText('Validez le formulaire pour afficher le graphique.')).toBeVisible();

  // --- import the year -------------------------------------------------------------------------------------
  await page.getByRole('button', { name: /Mes données de consommation/ }).click();
  const importForm = page.getByRole('form', { name: 'Importer des relevés' });
  await importForm.getByLabel('PCE (14 chiffres)').fill(PCE);
  await importForm.getByLabel('Libellé (facultatif)').fill('Usine e2e');
  await importForm.getByLabel('Fichier de relevés (CSV)').setInputFiles(YEAR_CSV);
  await importForm.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByText(/Relevés importés : 365 jours du 01\/07\/2024 au 30\/06\/2025/)).toBeVisible();
  const datasets = page.getByTestId('consumption-datasets');
  await expect(datasets.getByRole('row')).toHaveCount(2);
  const row = datasets.getByRole('row', { name: new RegExp(PCE) });
  await expect(row).toContainText('01/07/2024 → 30/06/2025');
  await expect(row).toContainText('365');
  await expect(row).toContainText('358 mesurés · 6 estimés · 1 manquant');

  // --- a bad row: reported by its line, nothing imported -----------------------------------------------------
  await importForm.getByLabel('PCE (14 chiffres)').fill(PCE);
  await importForm.getByLabel('Fichier de relevés (CSV)').setInputFiles({
    name: 'releves-errone.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('date;kWh\n2025-07-01;41000\n2025-07-02;39500\n2025-07-03;douze\n2025-07-04;40100\n'),
  });
  await importForm.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByTestId('import-error')).toContainText('Ligne 4');
  await expect(datasets.getByRole('row')).toHaveCount(2);
  const list = await page.request.get('/api/consumption-data/');
  expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(1);

  // --- the optimisation form --------------------------------------------------------------------------------
  await form.getByLabel('Point de réseau').selectOption('PITD');
  await chooseVersailles(form);
  await expect(form.getByLabel('Option tarifaire').locator('option')).toHaveText(['Choisir…', 'T4', 'TP']);
  await form.getByLabel('Option tarifaire').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('Assiette (MWh/an)').fill('20 000');
  // The year just imported is the series.
  await expect(form.getByLabel('Consommation journalière utilisée')).toHaveValue(/.+/);
  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();

  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  // The success toast's green text is readable on its pale background (it was 4.3:1).
  expect(await seriousAxeViolations(page, '[data-sonner-toaster]')).toEqual([]);
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Optimisation – Paramètres' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // --- KPI cards and the avant/après table ---------------------------------------------------------------------
  const kpis = page.getByTestId('kpi-cards');
  await expect(kpis).toContainText('CJA optimisée');
  await expect(kpis).toContainText('CJA actuelle');
  await expect(kpis).toContainText('Économie annuelle');
  await expect(kpis).toContainText(/\d+ MWh\/j/);
  await expect(kpis).toContainText(/\d,\d{2}\s€/);
  await expect(kpis).toContainText(/\d,\d\s%/);
  const table = page.getByTestId('cost-table');
  for (const label of [
    'Transport – termes de capacité',
    'Transport – compensation stockage',
    'Pénalités de dépassement',
    'Distribution – terme de capacité (CTA incluse)',
    'Total annuel',
  ]) {
    await expect(table.getByRole('rowheader', { name: label })).toBeVisible();
  }
  // Their own readings, not an estimate.
  await expect(page.getByTestId('series-banner')).toContainText(PCE);
  await expect(page.getByTestId('estimated-series-banner')).toHaveCount(0);

  // --- the chart: canvas, CJA lines, quality markers, hover, zoom --------------------------------------------------
  const chart = page.getByTestId('daily-chart');
  const plot = page.getByTestId('daily-chart-plot');
  await expect(plot.locator('canvas')).toBeVisible();
  const legend = chart.getByRole('list', { name: 'Légende' });
  await expect(legend).toContainText('CJA optimisée');
  await expect(legend).toContainText('CJA actuelle');
  await expect(legend).toContainText('Consommation estimée (6 jours)');
  await expect(legend).toContainText('Consommation mesurée');
  await expect(legend).toContainText('Jour manquant (1)');
  await expect(chart.locator('figcaption')).toContainText('365 jours (358 mesurés, 6 estimés, 1 manquant)');

  const box = await drag(page, plot, 0.5, 0.5);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await expect(page.getByTestId('chart-tooltip')).toContainText(/\d{4}/);
  await expect(page.getByTestId('chart-tooltip')).toContainText(/MWh|Relevé manquant/);

  // Under 5 px: ignored.
  await drag(page, plot, 0.4, 0.4 + 3 / box.width);
  await expect(plot).toHaveAttribute('data-zoomed', 'false');
  const reset = chart.getByRole('button', { name: 'Réinitialiser', exact: true });
  await expect(reset).toBeDisabled();

  // A real drag zooms; 'Réinitialiser' shows the whole year again.
  await drag(page, plot, 0.2, 0.45);
  await expect(plot).toHaveAttribute('data-zoomed', 'true');
  await expect(page.getByTestId('chart-range')).toContainText('(zoom)');
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(plot).toHaveAttribute('data-zoomed', 'false');
  await expect(page.getByTestId('chart-range')).toContainText('du 01/07/2024 au 30/06/2025');

  // Double-click resets too.
  await drag(page, plot, 0.6, 0.9);
  await expect(plot).toHaveAttribute('data-zoomed', 'true');
  await page.mouse.dblclick(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(plot).toHaveAttribute('data-zoomed', 'false');

  // Parameters used, estimates labelled as such.
  await page.getByTestId('params-used').locator('summary').click();
  await expect(page.getByTestId('params-used')).toContainText('Estimation');

  // Reset recreates the form and clears the results.
  await page.getByRole('button', { name: 'Réinitialiser le formulaire' }).click();
  await expect(page.getByTestId('kpi-cards')).toHaveCount(0);
  await expect(page.getByText('Validez le formulaire pour afficher le graphique.')).toBeVisible();
  await expect(form.getByLabel('Point de réseau')).toHaveValue('');
});

test('the chart is responsive and readable in dark mode at 360 px', async ({ page, admin }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const form = await openOptimisation(page, admin, 'optimisation-mobile');
  await form.getByLabel('Point de réseau').selectOption('PITD');
  await chooseVersailles(form);
  await form.getByLabel('Option tarifaire').selectOption('TP');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('Assiette (MWh/an)').fill('8000');
  // No readings: an estimated typical year, said so.
  await expect(form.getByLabel('Consommation journalière utilisée')).toHaveValue('');
  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();
  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  await expect(page.getByTestId('estimated-series-banner')).toContainText('Année type estimée');
  const canvas = page.getByTestId('daily-chart-plot').locator('canvas');
  await expect(canvas).toBeVisible();
  const size = await canvas.boundingBox();
  expect(size?.width).toBeLessThanOrEqual(360);
  expect(size?.height).toBeGreaterThanOrEqual(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.locator('html')).toHaveClass(/dark/);
  // The cost table's columns scroll sideways here: its frame is reachable with the keyboard (axe, WCAG A/AA).
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
});
