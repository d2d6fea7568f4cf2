import type { Locator, Page } from '@playwright/test';
import { openFromUserMenu, postJson, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseCode, expectSelected, openGasSimulator, PITD_FIXTURE, simulatorForm } from '../support/simulator.ts';

// Chromium logs the expected quota refusal (429 QUOTA_EXCEEDED) of the 21st simulation.
test.use({ allowedConsoleErrors: ['the server responded with a status of 429'] });

/** The free plan's simulations quota (planCatalogue.free in packages/contracts/src/plans.ts). */
const FREE_SIMULATIONS = 20;

async function fillVersaillesT2(form: Locator) {
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
  await chooseCode(form, 'Code PITD', 'versailles', PITD_FIXTURE.versailles);
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');
  await form.getByLabel('Option tarifaire ATRD').selectOption('T2');
  await form.getByLabel('Profil de consommation').selectOption('P012');
  await form.getByLabel("Date d'effet").selectOption({ label: 'février 2026' });
  await form.getByLabel('CAR — consommation annuelle de référence (MWh/an)').fill('850');
}

function usageCard(page: Page, feature: string): Locator {
  return page.locator(`[data-testid="usage-card"][data-feature="${feature}"]`);
}

/** Paramètres, from the user menu of the page already loaded (no reload, no second splash). */
async function openSettings(page: Page) {
  await openFromUserMenu(page, 'Compte');
  await expect(page).toHaveURL(/\/private\/account\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
}

test('free → quota reached (Limite atteinte) → demonstration checkout → premium limits → portal → cancel → free at period end', async ({
  page,
  admin,
}) => {
  // Free: the first simulation through the form; its body is replayed through the API up to the quota.
  const form = await openGasSimulator(page, admin, 'plans');
  await fillVersaillesT2(form);
  const simulateRequest = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/simulator/simulate/'),
  );
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  const body: unknown = (await simulateRequest).postDataJSON();
  await expect(page.getByRole('heading', { name: 'Résultats de la simulation' })).toBeVisible();
  for (let count = 2; count <= FREE_SIMULATIONS; count += 1) {
    const response = await postJson(page.request, '/api/simulator/simulate/', body);
    expect(response.status(), await response.text()).toBe(200);
  }

  // The 21st through the form: refused, 'Limite atteinte' (spec §8), and no rate-limit warning.
  await page.getByRole('button', { name: 'Modifier les entrées' }).click();
  await expect(simulatorForm(page)).toBeVisible();
  await simulatorForm(page).getByRole('button', { name: 'Lancer la simulation' }).click();
  await expect(page.getByText('Limite atteinte', { exact: true })).toBeVisible();
  await expect(page.getByText(/Too many requests/)).toHaveCount(0);

  // Settings: free, the used-up quota first and red, plan cards with 'Actuel' on Gratuit, no portal button.
  await openSettings(page);
  await expect(page.getByTestId('tier-badge')).toHaveText('Gratuit');
  const simulations = usageCard(page, 'simulations');
  await expect(page.getByTestId('usage-card').first()).toHaveAttribute('data-feature', 'simulations');
  await expect(simulations).toContainText('20 / 20');
  await expect(simulations).toContainText('Limite atteinte');
  await expect(simulations.locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  await expect(page.locator('[data-plan="free"]')).toContainText('Actuel');
  await expect(page.getByRole('button', { name: "Gérer l'abonnement" })).toHaveCount(0);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);

  // The invoice names the organisation (ADR 0078): its identity, set through the API (the form is the organisations').
  const active = (await (await page.request.get('/api/organisations/active')).json()) as { id: string; name: string };
  const token = ((await (await page.request.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string })
    .csrfToken;
  const identity = await page.request.patch(`/api/organisations/${active.id}`, {
    headers: { 'X-CSRFToken': token },
    data: {
      name: active.name,
      siren: '732829320',
      vatNumber: 'FR44732829320',
      address: {
        label: '8 Boulevard du Port 80000 Amiens',
        address: '8 Boulevard du Port',
        postal_code: '80000',
        city: 'Amiens',
        citycode: '80021',
      },
    },
  });
  expect(identity.status(), await identity.text()).toBe(200);
  await page.reload();
  await waitForSplash(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();

  // Checkout with the local provider: a page of the app, labelled as a demonstration.
  await page.getByRole('button', { name: 'Choisir Premium' }).click();
  await expect(page).toHaveURL(/\/private\/account\/billing\/checkout\?session=/);
  await expect(page.getByTestId('demo-payment-banner')).toContainText('Paiement de démonstration');
  await expect(page.getByTestId('plan-summary')).toContainText('Plan Premium');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await expect(page.getByTestId('plan-summary')).toContainText('79,00 € HT');
  await page.getByRole('button', { name: /^Payer 94,80\s€ TTC \(démonstration\)$/ }).click();

  // Back on settings: the toast, then the bare URL; premium with its limits (simulations unlimited).
  await expect(page.getByText('Paiement réussi ! Votre abonnement est activé.')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/account\/settings$/);
  await expect(page.getByTestId('tier-badge')).toHaveText('Premium');
  await expect(usageCard(page, 'simulations')).toContainText('(illimité)');
  await expect(usageCard(page, 'optimisations')).toContainText('/ 200');
  await expect(usageCard(page, 'monthly_capacities')).toContainText('Autorisé');
  await expect(page.locator('[data-plan="premium"]')).toContainText('Actuel');
  await expect(page.getByTestId('subscription-status')).toContainText('Renouvelé le');

  // The portal: cancel at period end (the plan stays), then end the period (ADR 0027's demonstration button).
  await page.getByRole('button', { name: "Gérer l'abonnement" }).click();
  await expect(page).toHaveURL(/\/private\/account\/billing\/portal\?session=/);
  await expect(page.getByTestId('demo-payment-banner')).toContainText('Paiement de démonstration');
  await expect(page.getByTestId('portal-status')).toHaveText('Actif');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: "Résilier l'abonnement" }).click();
  await expect(page.getByText(/^Abonnement résilié : il reste actif jusqu'au/)).toBeVisible();
  await expect(page.getByTestId('portal-status')).toHaveText('Résilié à la fin de la période');

  await openSettings(page);
  await expect(page.getByTestId('tier-badge')).toHaveText('Premium');
  await expect(page.getByTestId('subscription-status')).toContainText('Résilié : prend fin le');
  await page.getByRole('button', { name: "Gérer l'abonnement" }).click();
  await expect(page).toHaveURL(/\/private\/account\/billing\/portal\?session=/);
  await page.getByRole('button', { name: 'Terminer la période maintenant' }).click();

  // Period over: back to free, on settings, with no portal button and 'Actuel' on Gratuit again.
  await expect(
    page.getByText('Période terminée : votre abonnement a pris fin, vous êtes revenu au plan Gratuit.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/private\/account\/settings$/);
  await expect(page.getByTestId('tier-badge')).toHaveText('Gratuit');
  await expect(page.locator('[data-plan="free"]')).toContainText('Actuel');
  await expect(page.getByRole('button', { name: "Gérer l'abonnement" })).toHaveCount(0);
  await expect(usageCard(page, 'simulations')).toContainText('/ 20');
});
