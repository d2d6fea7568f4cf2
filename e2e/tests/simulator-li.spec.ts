import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseCode, expectSelected, openGasSimulator, simulatorForm } from '../support/simulator.ts';
import { shootViews } from '../support/views.ts';

/** The current month as the form shows it, e.g. « novembre 2026 ». */
function currentMonthLabel(): string {
  return new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(),
  );
}

test('LI point of the imported point table, current month: cascade, transport lines with their status, no ATRD line', async ({
  page,
  admin,
}, testInfo) => {
  const form = await openGasSimulator(page, admin, 'sim-li');
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('LI');
  // The browser tests' server imported an LI table (e2e/fixtures/li.csv, `tariffs:import -- li`): no sample notice.
  await expect(form.getByTestId('sample-data-notice')).toHaveCount(0);

  await chooseCode(form, 'Code LI', 'LI-30412', 'LI-30412');
  await expectSelected(form, 'Commune', 'Nîmes');
  await expectSelected(form, 'Gestionnaire de transport (TSO)', 'NaTran');
  // The current month is offered and chosen by default.
  await expect(form.getByLabel("Date d'effet").locator('option:checked')).toHaveText(currentMonthLabel());
  await expect(form.getByLabel(/^CAR/)).toHaveCount(0);
  await expect(form.getByLabel(/^Gestionnaire de distribution/)).toHaveCount(0);

  await form.getByLabel('Option tarifaire').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('CJA — capacité journalière souscrite (MWh/j)').fill('100');
  await form.getByLabel('Assiette (MWh/an)').fill('20 000');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await shootViews(page, testInfo, 'li-form');

  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  const results = page.getByTestId('simulation-results');
  await expect(results.getByRole('heading', { name: 'Résultats de la simulation' })).toBeVisible();
  await expect(simulatorForm(page)).toHaveCount(0);
  await expect(page.getByTestId('inputs-recap')).toContainText('LI-30412');

  const lines = page.getByTestId('result-lines');
  await expect(lines.locator('[data-line^="atrd."]')).toHaveCount(0);
  // Fixed term per poste (NaTran, ATRT8 of 1 April 2026): 7 611,06 €/an, official (no estimate badge), sourced.
  const poste = lines.locator('[data-line="atrt.poste"]');
  await expect(poste).toContainText('Terme fixe par poste de livraison (NaTran, ATRT8)');
  await expect(poste).not.toHaveAttribute('data-estimate');
  await expect(poste.getByRole('link', { name: /Délibération CRE n° 2026-28/ })).toBeVisible();
  await page.getByRole('button', { name: 'Annuel (€/an)' }).click();
  await expect(poste).toContainText('7 611,06 €');
  // TCS on the CJA: 100 MWh/j × 127,80 €/MWh/j/an.
  await expect(lines.locator('[data-line="atrt.tcs"]')).toContainText('12 780,00 €');
  // The CTA base of a transport-connected consumer is our reading: the line says it is an estimate.
  const cta = lines.locator('[data-line="cta.tso"]');
  await expect(cta).toHaveAttribute('data-estimate', 'true');
  await expect(cta.getByText('Estimation*')).toBeVisible();
  await expect(page.getByTestId('result-sample-notice')).toHaveCount(0);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);

  await shootViews(page, testInfo, 'li-result');
});
