import type { Locator, Page, TestInfo } from '@playwright/test';
import { findMail, postJson, waitForSplash } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { createSimpleMandateThroughApi, mandateCard, openMandates, uniqueDeliveryPoint } from '../support/mandates.ts';

/**
 * Issue #26, « Done when » (ADR 0072): on the default configuration (the demonstration source, here active 1 s
 * after the declaration), a GRDF mandate sent from « Mes Mandats » turns active by the jobs, its card shows the
 * data fetched, labelled « Données de démonstration », and the optimiser offers the PCE's last 365 days and
 * optimises them. A PCE ending in 9999 is refused by the demonstration source: its reason is on the card.
 */

/** A PCE whose demonstration contract is a T4 of the PITD GD0906 (Marseille, added to e2e/fixtures/pitd.csv). */
const PCE = '21400000000016';

/** The card at the given widths (360 and 1280 px by default), light and dark (the test's output folder). */
async function cardScreenshots(page: Page, card: Locator, testInfo: TestInfo, name: string, widths = [360, 1280]) {
  for (const width of widths) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await card.screenshot({ path: testInfo.outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a GRDF mandate brings the PCE’s data: active by the jobs, then the optimiser uses its last 365 days', async ({
  page,
  admin,
}, testInfo) => {
  const user = await openMandates(page, admin, 'mandat-donnees');
  // Three mandates: more than the free plan's one.
  const me = (await (await page.request.get('/api/account/me')).json()) as { user: { id: string } };
  const token = ((await (await admin.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string }).csrfToken;
  const upgrade = await admin.patch(`/api/admin/users/${me.user.id}/tier`, {
    data: { tier: 'premium' },
    headers: { 'X-CSRFToken': token },
  });
  expect(upgrade.status(), await upgrade.text()).toBe(200);
  const refusedPce = `${uniqueDeliveryPoint().slice(0, 10)}9999`;
  const pdl = uniqueDeliveryPoint();
  await createSimpleMandateThroughApi(page, PCE);
  await createSimpleMandateThroughApi(page, refusedPce);
  const electricity = await postJson(page.request, '/api/mandates/', {
    energy_type: 'electricity',
    manager: 'enedis',
    pdl,
    delivery_point_address: '8 boulevard du Port',
    delivery_point_postal_code: '80000',
    delivery_point_city: 'Amiens',
  });
  expect(electricity.status(), await electricity.text()).toBe(201);
  await page.reload();
  await waitForSplash(page);

  // Sent: the access right is declared through the API, the customer is told as before.
  const card = mandateCard(page, PCE);
  await card.getByRole('button', { name: 'Envoyer au gestionnaire' }).click();
  await expect(page.getByText('Mandat envoyé avec succès au gestionnaire !')).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByTestId('operator-days')).toHaveText(/^\d[\d\s\u202f]*$/);
  await expect(card.getByTestId('demo-data-badge')).toHaveText('Données de démonstration');
  await expect(card.getByTestId('operator-period')).toContainText('du ');
  await findMail(admin, user.email, 'Votre mandat est actif');

  // Refused by GRDF (the demonstration refuses PCEs ending in 9999): rejected, with the reason.
  const refused = mandateCard(page, refusedPce);
  await refused.getByRole('button', { name: 'Envoyer au gestionnaire' }).click();
  await expect(refused.getByText('Rejeté', { exact: true })).toBeVisible();
  await expect(refused).toContainText('Motif du rejet');
  await findMail(admin, user.email, 'Votre mandat a été rejeté');

  // Electricity: as before, with the note.
  const electricityCard = mandateCard(page, pdl);
  await expect(electricityCard.getByTestId('mandate-no-automatic-data')).toHaveText(
    'La récupération automatique des données n’est pas encore disponible pour l’électricité.',
  );

  await cardScreenshots(page, card, testInfo, 'mandate-card-active-demo');
  // The new states: active with demo data (both widths), refused with its reason (the narrow width).
  await cardScreenshots(page, refused, testInfo, 'mandate-card-refused', [360]);

  // The optimiser: « Utiliser les données du PCE … » pre-fills the contract, the PITD and the series.
  await page.goto('/private/gas/optimisation');
  await waitForSplash(page);
  const form = page.getByRole('form', { name: 'Optimisation – Paramètres' });
  await form.getByRole('button', { name: `Utiliser les données du PCE ${PCE}` }).click();
  const used = page.getByTestId('pce-data-used');
  await expect(used).toContainText('Données de démonstration');
  await expect(used).toContainText('Consommation journalière');
  await expect(form.getByRole('combobox', { name: 'Code PITD' })).toHaveValue('GD0906');
  await expect(form.getByLabel('Commune')).toHaveValue('Marseille');
  await expect(form.getByLabel('Option tarifaire')).toHaveValue('T4');
  await expect(form.getByLabel('Profil de consommation')).toHaveValue('P014');
  await expect(form.getByLabel('Consommation journalière utilisée')).toHaveValue(/.+/);
  await page.getByTestId('pce-data-picker').screenshot({ path: testInfo.outputPath('optimiser-pce-data-1280.png') });

  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();
  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  const banner = page.getByTestId('series-banner');
  await expect(banner).toContainText('Données de démonstration');
  await expect(banner).toContainText(PCE);
  await expect(banner).toContainText('du ');
});
