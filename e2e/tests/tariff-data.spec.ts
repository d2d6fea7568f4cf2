import { waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseCode, expectSelected, PITD_FIXTURE, resultRow, simulatorForm } from '../support/simulator.ts';

// A date no packaged grid uses and a parameter no other spec prices after it (T2 from March 2027).
const REFERENCE = {
  title: 'Délibération CRE n° 2027-E2E — grille ATRD7 GRDF au 1er mars 2027 (test)',
  url: 'https://www.cre.fr/documents/deliberations/2027-e2e',
};

test.describe('signed in as the administrator', () => {
  test.use({ asAdmin: true });

  test('an admin adds a dated value in the panel; a simulation for that month uses it and cites the reference given', async ({
    page,
  }) => {
    await page.goto('/private/admin');
    await waitForSplash(page);
    await page.getByRole('tab', { name: 'Données tarifaires' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Données tarifaires' })).toBeVisible();

    const add = page.getByRole('form', { name: 'Ajouter une valeur datée' });
    await add.getByLabel('Paramètre').selectOption('atrd7.grdf.t2.abonnement');
    // The unit follows the parameter; another unit is refused on the field.
    await expect(add.getByLabel('Unité')).toHaveValue('€/an');
    await add.getByLabel('Unité').selectOption('€/MWh');
    await add.getByLabel('Date d’effet').fill('2027-03-01');
    await add.getByLabel('Valeur').fill('1 234,56');
    await add.getByLabel('Titre de la référence').fill(REFERENCE.title);
    await add.getByLabel('Adresse de la référence').fill(REFERENCE.url);
    await add.getByRole('button', { name: 'Enregistrer la valeur' }).click();
    await expect(add.getByText('L’unité « €/MWh » ne correspond pas à celle du paramètre')).toBeVisible();
    await add.getByLabel('Unité').selectOption('€/an');
    await add.getByRole('button', { name: 'Enregistrer la valeur' }).click();
    await expect(page.getByText(/Valeur enregistrée : atrd7\.grdf\.t2\.abonnement au 2027-03-01/)).toBeVisible();

    // Listed with who recorded it, and in the audit log.
    await page.getByLabel('Rechercher un paramètre').fill('atrd7.grdf.t2.abonnement');
    const card = page.locator('[data-parameter-id="atrd7.grdf.t2.abonnement"]');
    await expect(card.locator('[data-valid-from="2027-03-01"]')).toContainText('Ajoutée par admin@e2e');
    await expect(page.getByTestId('tariff-audit')).toContainText('atrd7.grdf.t2.abonnement) au 2027-03-01');
    // The section (values, forms, imports, calendar, log), on a fresh load (what the server kept), passes axe's
    // WCAG A/AA rules (serious and critical) in light and in dark, the scheme switched on that load (the theme
    // follows the system's preference; axe waits for the colour transitions to end).
    await page.reload();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByTestId('tariff-calendar').locator('[data-date="2027-03-01"]')).toBeVisible();
      await expect(page.getByTestId('tariff-audit')).toBeVisible();
      await expect(page.getByTestId('tariff-parameters')).toBeVisible();
      expect(await seriousAxeViolations(page, '#donnees-tarifaires'), scheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // A simulation for March 2027 uses the value and cites the reference the admin gave (the simulator opened from
    // the sidebar: no reload).
    await page
      .getByRole('navigation', { name: "Navigation de l'espace client" })
      .getByRole('link', { name: 'Simulateur' })
      .click();
    const form = simulatorForm(page);
    await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
    await chooseCode(form, 'Code PITD', 'versailles', PITD_FIXTURE.versailles);
    await expectSelected(form, 'Commune', 'Versailles');
    await form.getByLabel('Option tarifaire ATRD').selectOption('T2');
    await form.getByLabel('Profil de consommation').selectOption('P012');
    await form.getByLabel("Date d'effet").selectOption({ label: 'mars 2027' });
    await form.getByLabel('CAR — consommation annuelle de référence (MWh/an)').fill('850');
    await form.getByRole('button', { name: 'Lancer la simulation' }).click();
    await expect(page.getByTestId('simulation-results')).toBeVisible();

    await page.getByRole('button', { name: 'Annuel (€/an)' }).click();
    const line = resultRow(page, 'result-lines', /Abonnement/);
    await expect(line).toContainText('1 234,56 €');
    const source = line.getByTestId('line-source').getByRole('link', { name: REFERENCE.title });
    await expect(source).toBeVisible();
    await expect(source).toHaveAttribute('href', REFERENCE.url);

    // The public page's calendar lists it among the upcoming changes.
    await page.goto('/tarifs-energie');
    const upcoming = page.getByTestId('tariff-calendar').locator('[data-date="2027-03-01"]');
    await expect(upcoming).toContainText('ATRD7 GRDF');
    await expect(upcoming).toContainText('ajoutée par l’équipe');
  });
});
