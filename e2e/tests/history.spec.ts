import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseCode, expectSelected, openGasSimulator, PITD_FIXTURE } from '../support/simulator.ts';
import { shootViews } from '../support/views.ts';

/**
 * Issue #24 §3 as a user lives it: a simulation made, the page left, found again in « Historique », reopened in the
 * simulator's results view, recalculated with today's grids (the line-by-line difference), then deleted; an
 * optimisation likewise reopened in the optimisation's own results view and recalculated.
 * Screenshots of the history at 360 and 1280 px, light and dark, are attached to the report.
 */

test('a simulation is found in « Historique », reopened, recalculated with today’s grids and deleted', async ({
  page,
  admin,
}, testInfo) => {
  const form = await openGasSimulator(page, admin, 'historique');
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
  await chooseCode(form, 'Code PITD', 'IDF-01', PITD_FIXTURE.idf2Communes);
  await form.getByLabel('Commune').selectOption('Paris');
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');
  await form.getByLabel('Option tarifaire ATRD').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });
  await form.getByLabel('CJA — capacité journalière annuelle (MWh/j)').fill('109');
  await form.getByLabel('Assiette — consommation annuelle (MWh/an)').fill('15 466,8');
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  await expect(page.getByTestId('simulation-results')).toBeVisible();

  // Leave the page: the result is not lost, the history has it.
  const nav = page.getByRole('navigation', { name: "Navigation de l'espace client" });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/private\/gas\/dashboard/);
  await nav.getByRole('link', { name: 'Historique' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
  const cards = page.getByTestId('history-simulation');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`PITD · ${PITD_FIXTURE.idf2Communes} · Paris`);
  await expect(cards.first()).toContainText('GRDF · Option T4 · février 2026');
  await expect(cards.first()).toContainText('HT/an');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);

  // Reopened in the simulator's own results view, with the figures it was computed with.
  await cards
    .first()
    .getByRole('button', { name: /Rouvrir/ })
    .click();
  const results = page.getByTestId('simulation-results');
  await expect(results.getByRole('heading', { name: 'Résultats de la simulation' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuel (€/an)' }).click();
  await expect(page.getByTestId('results-card')).toContainText('21 705,72 €');
  await expect(page.getByTestId('inputs-recap')).toContainText('février 2026');
  await page.getByRole('button', { name: 'Retour à l’historique' }).click();

  // « Recalculer »: today's grids, the difference line by line, and a new entry first in the list.
  await cards
    .first()
    .getByRole('button', { name: /Recalculer/ })
    .click();
  const recalculation = page.getByTestId('history-recalculation');
  await expect(recalculation).toBeVisible();
  await expect(recalculation).toContainText('Recalcul avec les grilles du jour');
  await expect(recalculation.getByTestId('recalculation-line-total')).toContainText('Total annuel HT');
  await expect(recalculation.getByTestId('recalculation-line-atrd.abonnement')).toContainText('21 705,72 €');
  await expect(cards).toHaveCount(2);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await shootViews(page, testInfo, 'historique');

  // Delete the first one (now second in the list), after confirming.
  const original = cards.nth(1);
  await expect(original).toContainText('février 2026');
  await original.getByRole('button', { name: /Supprimer/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cette simulation ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).not.toContainText('février 2026');

  // The optimisations tab says what to do next when there are none.
  await page.getByRole('tab', { name: 'Optimisations' }).click();
  await expect(page.getByTestId('history-empty')).toContainText('Lancez une optimisation');
});

test('an optimisation is found in « Historique », reopened in the optimisation view and recalculated', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'historique-optimisation');
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/optimisation');
  await waitForSplash(page);
  const form = page.getByRole('form', { name: 'Optimisation – Paramètres' });
  await form.getByLabel('Point de réseau').selectOption('PITD');
  // The PITD of e2e/fixtures/pitd.csv with one commune, Versailles (NaTran, GRDF): chosen by itself.
  const code = form.getByRole('combobox', { name: 'Code PITD' });
  await code.fill('versailles');
  await form
    .getByRole('listbox', { name: 'Code PITD' })
    .getByRole('option', { name: new RegExp(PITD_FIXTURE.versailles) })
    .click();
  await expect(form.getByLabel('Commune')).toHaveValue('Versailles');
  await form.getByLabel('Option tarifaire').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('Assiette (MWh/an)').fill('20 000');
  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();
  const kpis = page.getByTestId('kpi-cards');
  await expect(kpis).toBeVisible();
  const computed = (await kpis.innerText()).replace(/\s+/g, ' ');
  const costs = (await page.getByTestId('cost-table').innerText()).replace(/\s+/g, ' ');

  // Leave the page; the history has it, with its detail.
  const nav = page.getByRole('navigation', { name: "Navigation de l'espace client" });
  await nav.getByRole('link', { name: 'Historique' }).click();
  await page.getByRole('tab', { name: 'Optimisations' }).click();
  const cards = page.getByTestId('history-optimisation');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`${PITD_FIXTURE.versailles} · Versailles`);
  await expect(cards.first().getByTestId('history-optimisation-summary-only')).toHaveCount(0);

  // Reopened in the optimisation page's own results view: the same KPI cards, table, chart and parameters.
  await cards
    .first()
    .getByRole('button', { name: /Rouvrir/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Optimisation enregistrée' })).toBeVisible();
  await expect(page.getByTestId('kpi-cards')).toBeVisible();
  expect((await page.getByTestId('kpi-cards').innerText()).replace(/\s+/g, ' ')).toBe(computed);
  expect((await page.getByTestId('cost-table').innerText()).replace(/\s+/g, ' ')).toBe(costs);
  await expect(page.getByTestId('estimated-series-banner')).toContainText('Année type estimée');
  await expect(page.getByTestId('daily-chart-plot').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('params-used')).toBeVisible();
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Retour à l’historique' }).click();

  // « Recalculer »: a new optimisation at today's grids, the difference line by line, a new entry first.
  await cards
    .first()
    .getByRole('button', { name: /Recalculer/ })
    .click();
  const recalculation = page.getByTestId('history-recalculation');
  await expect(recalculation).toContainText('une nouvelle optimisation, ajoutée à l’historique');
  await expect(recalculation).toContainText(/CJA recommandée : [\d\s,]+ → [\d\s,]+ MWh\/j/);
  await expect(recalculation.getByTestId('recalculation-line-total')).toContainText(
    'Coût annuel HT avec la CJA recommandée',
  );
  await expect(cards).toHaveCount(2);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
});
