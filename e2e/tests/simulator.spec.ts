import { readFile } from 'node:fs/promises';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  chooseCode,
  expectSelected,
  openGasSimulator,
  PITD_FIXTURE,
  resultRow,
  simulatorForm,
} from '../support/simulator.ts';

test('PITD option T2 with a CAR: cascade, field validation, results with sources and the official Zi table named', async ({
  page,
  admin,
}) => {
  const form = await openGasSimulator(page, admin, 'sim-t2');

  // Nothing chosen: the spec's message, on the field, which gets the focus.
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  const point = form.getByLabel('Point de réseau', { exact: true });
  await expect(form.getByText('Veuillez indiquer le point de réseau.')).toBeVisible();
  await expect(point).toBeFocused();
  await expect(point).toHaveAttribute('aria-invalid', 'true');

  await point.selectOption('PITD');
  await expect(form.getByText('Veuillez indiquer le point de réseau.')).toHaveCount(0);

  // Code search: no match, then a code whose only commune, TSO and DSO are selected by themselves.
  const code = form.getByRole('combobox', { name: 'Code PITD' });
  await code.fill('zzz-introuvable');
  await expect(form.getByText('Aucun résultat')).toBeVisible();
  await chooseCode(form, 'Code PITD', 'versailles', PITD_FIXTURE.versailles);
  await expectSelected(form, 'Commune', 'Versailles');
  await expectSelected(form, 'Gestionnaire de transport (TSO)', 'NaTran');
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');

  await form.getByLabel('Option tarifaire ATRD').selectOption('T2');
  await form.getByLabel('Profil de consommation').selectOption('P012');
  await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });

  // The CAR is required for T2 (spec §5).
  const car = form.getByLabel('CAR — consommation annuelle de référence (MWh/an)');
  await expect(form.getByLabel(/^CJA/)).toHaveCount(0);
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  await expect(form.getByText('Veuillez indiquer la CAR.')).toBeVisible();
  await expect(car).toBeFocused();
  // The form with an error on screen passes axe's WCAG A/AA rules (serious and critical).
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await car.fill('850');
  await expect(form.getByText('Veuillez indiquer la CAR.')).toHaveCount(0);

  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  const results = page.getByTestId('simulation-results');
  await expect(results.getByRole('heading', { name: 'Résultats de la simulation' })).toBeVisible();
  await expect(simulatorForm(page)).toHaveCount(0);

  const recap = page.getByTestId('inputs-recap');
  await expect(recap).toContainText(PITD_FIXTURE.versailles);
  await expect(recap).toContainText('Versailles');
  await expect(recap).toContainText('février 2026');
  await expect(recap).toContainText('850,00 MWh/an');

  // Monthly by default; T2 has no ATRD capacity term.
  await expect(page.getByRole('button', { name: 'Mensuel (€/mois)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(resultRow(page, 'fixed-terms', 'Abonnement')).toContainText('€');
  await expect(resultRow(page, 'fixed-terms', 'Terme de distribution')).toContainText('0,00 €');
  // The Zi coefficients are the official table shipped with the server (only the PITD table was imported, ADR 0051):
  // no sample notice, the table named among the result's reference tables.
  await expect(page.getByTestId('result-sample-notice')).toHaveCount(0);
  await expect(page.getByTestId('reference-sources')).toContainText(
    'Source : GTG 2007, Table des capacités normalisées (période du 1er avril 2026 au 31 mars 2027), feuille Zi.',
  );

  const lines = page.getByTestId('result-lines').locator('tbody tr');
  expect(await lines.count()).toBeGreaterThan(5);
  for (const source of await page.getByTestId('line-source').all()) {
    await expect(source).not.toHaveText('—');
  }
  await expect(page.getByTestId('estimate-legend')).toBeVisible();
  await expect(page.getByTestId('grid-dates')).toContainText('ATRD7 GRDF');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
});

test('PITD option T4 (CJA 109 MWh/j, février 2026): the reference figures, each line with its source, the PDF, and back to the form', async ({
  page,
  admin,
}) => {
  const form = await openGasSimulator(page, admin, 'sim-t4');
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
  await chooseCode(form, 'Code PITD', 'IDF-01', PITD_FIXTURE.idf2Communes);
  // Two communes: none chosen for the user; the default TSO is the first commune's.
  await expectSelected(form, 'Commune', '');
  await expectSelected(form, 'Gestionnaire de transport (TSO)', 'NaTran');
  await form.getByLabel('Commune').selectOption('Paris');
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');

  await form.getByLabel('Option tarifaire ATRD').selectOption('T4');
  // T4: no CAR (spec §5), the CJA instead; the annual consumption goes in the assiette.
  await expect(form.getByLabel(/^CAR/)).toHaveCount(0);
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });
  await form.getByLabel('CJA — capacité journalière annuelle (MWh/j)').fill('109');
  await form.getByLabel('Assiette — consommation annuelle (MWh/an)').fill('15 466,8');

  const submit = form.getByRole('button', { name: 'Lancer la simulation' });
  await submit.click();
  const results = page.getByTestId('simulation-results');
  await expect(results.getByRole('heading', { name: 'Résultats de la simulation' })).toBeVisible();

  // Monthly first: CTA DSO 920,36 €/mois.
  await expect(page.getByTestId('results-card')).toContainText('€/mois');
  await expect(resultRow(page, 'fixed-terms', 'CTA DSO')).toContainText('920,36 €');
  await expect(resultRow(page, 'per-mwh-terms', /Accise/)).toContainText('16,39 €/MWh');

  // Annual: subscription 21 705,72 €/an, distribution term 31 392,00 €/an.
  await page.getByRole('button', { name: 'Annuel (€/an)' }).click();
  await expect(page.getByRole('button', { name: 'Annuel (€/an)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('results-card')).toContainText('€/an');
  await expect(resultRow(page, 'fixed-terms', 'Abonnement')).toContainText('21 705,72 €');
  await expect(resultRow(page, 'fixed-terms', 'Terme de distribution')).toContainText('31 392,00 €');

  // Transport term on 109 MWh/j at TCS + 2 × TCR + TCL; every line names its source.
  const lines = page.getByTestId('result-lines');
  await expect(lines).toContainText('109 MWh/j × 95,85 €/MWh/j/an × 2 (NTR)');
  await expect(resultRow(page, 'result-lines', /Abonnement/)).toContainText('21 705,72 €');
  const sources = await page.getByTestId('line-source').all();
  expect(sources.length).toBeGreaterThan(5);
  for (const source of sources) {
    await expect(source).not.toHaveText('—');
    expect((await source.innerText()).trim().length).toBeGreaterThan(5);
  }
  // The imported table is official-format data: no sample notice for a T4 (Zi plays no part).
  await expect(page.getByTestId('result-sample-notice')).toHaveCount(0);
  await expect(page.getByTestId('grid-dates')).toContainText('01/02/2026');

  // The PDF: a real PDF file named after the month of effect.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le PDF' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^simulation-2026-02-[0-9a-f]{8}\.pdf$/);
  const file = await readFile(await download.path());
  expect(file.length).toBeGreaterThan(5_000);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The flame goes back to the form, entries kept.
  await page.getByRole('button', { name: 'Modifier les entrées' }).click();
  const again = simulatorForm(page);
  await expect(again).toBeVisible();
  await expect(again.getByRole('combobox', { name: 'Code PITD' })).toHaveValue(PITD_FIXTURE.idf2Communes);
  await expectSelected(again, 'Commune', 'Paris');
  await expectSelected(again, 'Option tarifaire ATRD', 'T4');
  await expectSelected(again, "Date d'effet", '2026-02');
  await expect(again.getByLabel('CJA — capacité journalière annuelle (MWh/j)')).toHaveValue('109');
  await expect(again.getByLabel('Assiette — consommation annuelle (MWh/an)')).toHaveValue('15 466,8');
  // The default CEE cost used is now shown as an estimate.
  await expect(again.getByLabel('Coût CEE (€/MWh)')).toHaveAttribute('placeholder', /estimation/);

  // Reset clears everything.
  await again.getByRole('button', { name: 'Réinitialiser le formulaire' }).click();
  await expectSelected(again, 'Point de réseau', '');
  await expect(again.getByRole('combobox', { name: 'Code du point' })).toHaveValue('');
});

test.describe('an unsupported point, on a 360 px wide screen', () => {
  test.use({ allowedConsoleErrors: ['status of 400'], viewport: { width: 360, height: 800 } });

  test("says 'Point non supporté' and goes back to the form", async ({ page, admin }) => {
    const form = await openGasSimulator(page, admin, 'sim-regaz');
    await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
    await chooseCode(form, 'Code PITD', 'bordeaux', PITD_FIXTURE.bordeauxRegaz);
    await expectSelected(form, 'Commune', 'Bordeaux');
    await expectSelected(form, 'Gestionnaire de transport (TSO)', 'Teréga');
    await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'Régaz-Bordeaux');
    await form.getByLabel('Option tarifaire ATRD').selectOption('T2');
    await form.getByLabel('Profil de consommation').selectOption('P011');
    await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });
    await form.getByLabel(/^CAR/).fill('500');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await form.getByRole('button', { name: 'Lancer la simulation' }).click();

    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      "Ce point n'est pas encore supporté",
    );
    const card = page.getByTestId('unsupported-point');
    await expect(card).toContainText('Point non supporté');
    await expect(card).toContainText('combinaison TSO/DSO');
    await card.getByRole('button', { name: 'Revenir au formulaire' }).click();
    await expect(simulatorForm(page).getByRole('combobox', { name: 'Code PITD' })).toHaveValue(
      PITD_FIXTURE.bordeauxRegaz,
    );
  });
});

test('the electricity simulator says it is not available yet', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'sim-elec');
  await signInThroughApi(page, email, password);
  await page.goto('/private/elec/simulator');
  await waitForSplash(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Simulateur' })).toBeVisible();
  await expect(page.getByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeVisible();
  await expect(page.getByRole('form', { name: 'Données Client' })).toHaveCount(0);
});
