import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, findMail, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { createSimpleMandateThroughApi, mandateCard, openMandates, uniqueDeliveryPoint } from '../support/mandates.ts';
import { SCREENSHOTS, shoot, shootViews } from '../support/views.ts';

/**
 * Issue #26, « Done when » (ADR 0072), in three independent tests: (1) the whole path through the UI on the default
 * configuration (the demonstration source, here active 1 s after the declaration): a GRDF mandate created and sent
 * from « Mes Mandats » turns active by the jobs, its card shows the data fetched, labelled « Données de
 * démonstration », and the optimiser offers the PCE's last 365 days and optimises them; (2) a PCE ending in 9999 is
 * refused by the demonstration source: its French reason on the card, the customer told; (3) the card's states
 * (pending at GRDF, active with its sync, rejected, revoked, and the electricity note) at 360 and 1280 px, light and
 * dark. Set-up that is not under test goes through the API. The jobs run a delayed job at its time (ADR 0030
 * addendum) and the list is read again every second while GRDF is awaited: no test waits for a poll interval.
 */

/** A PCE whose demonstration contract is a T4 of the PITD GD0906 (Marseille, added to e2e/fixtures/pitd.csv). */
const PCE = '21400000000016';

/** A signed-in user on the premium plan (several mandates: the free plan allows one). */
async function premiumUser(page: Page, admin: APIRequestContext, prefix: string) {
  const user = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, user.email, user.password);
  const me = (await (await page.request.get('/api/account/me')).json()) as { user: { id: string } };
  const token = ((await (await admin.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string }).csrfToken;
  const upgrade = await admin.patch(`/api/admin/users/${me.user.id}/tier`, {
    data: { tier: 'premium' },
    headers: { 'X-CSRFToken': token },
  });
  expect(upgrade.status(), await upgrade.text()).toBe(200);
  return user;
}

async function sendThroughApi(page: Page, id: string) {
  const sent = await postJson(page.request, `/api/mandates/${id}/send/`, {});
  expect(sent.status(), await sent.text()).toBe(200);
}

interface MandateState {
  status: string;
  operator_data: { last_sync_at: string | null; access_state: string } | null;
}

/** Waits, through the API, until the jobs brought the mandate where `reached` says. */
async function waitForMandate(page: Page, id: string, reached: (mandate: MandateState) => boolean) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/mandates/${id}/`);
        return reached(((await response.json()) as { mandate: MandateState }).mandate);
      },
      // No clock of its own: the jobs' progress is the event waited for, within the test's own limit (a busy machine
      // only makes it later).
      { timeout: 0, intervals: [100, 200, 250] },
    )
    .toBe(true);
}

const synced = (mandate: MandateState) => mandate.status === 'active' && mandate.operator_data?.last_sync_at != null;

test('a GRDF mandate created and sent in the UI turns active by the jobs; the optimiser uses its last 365 days', async ({
  page,
  admin,
}) => {
  const user = await openMandates(page, admin, 'mandat-donnees');
  await page.getByRole('button', { name: 'Créer mon premier mandat' }).click();
  const form = page.getByRole('form', { name: 'Formulaire classique' });
  await form.getByLabel('Gaz', { exact: true }).check();
  await form.getByLabel('Gestionnaire de réseau').selectOption('grdf');
  await form.getByLabel('Adresse du point de livraison').fill('8 boulevard du Port');
  await form.getByLabel('Code postal').fill('13002');
  await form.getByLabel('Commune').fill('Marseille');
  await form.getByLabel('Numéro PCE').fill(PCE);
  // The server renders and seals the mandate's PDF in a worker thread before it answers: wait for that answer.
  const created = page.waitForResponse((response) => response.url().endsWith('/api/mandates/'));
  await form.getByRole('button', { name: 'Créer le mandat' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Mandat créé avec succès !')).toBeVisible();

  // Sent: the access right is declared through the API, the customer is told as before.
  const card = mandateCard(page, PCE);
  await card.getByRole('button', { name: 'Envoyer au gestionnaire' }).click();
  await expect(page.getByText('Mandat envoyé avec succès au gestionnaire !')).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByTestId('operator-days')).toHaveText(/^\d[\d\s\u202f]*$/);
  await expect(card.getByTestId('demo-data-badge')).toHaveText('Données de démonstration');
  await expect(card.getByTestId('operator-period')).toContainText('du ');
  await findMail(admin, user.email, 'Votre mandat est actif');

  // The optimiser: « Utiliser les données du PCE … » pre-fills the contract, the PITD and the series.
  await page.goto('/private/gas/optimisation');
  await waitForSplash(page);
  const optimiser = page.getByRole('form', { name: 'Optimisation – Paramètres' });
  await optimiser.getByRole('button', { name: `Utiliser les données du PCE ${PCE}` }).click();
  const used = page.getByTestId('pce-data-used');
  await expect(used).toContainText('Données de démonstration');
  await expect(used).toContainText('Consommation journalière');
  await expect(optimiser.getByRole('combobox', { name: 'Code PITD' })).toHaveValue('GD0906');
  await expect(optimiser.getByLabel('Commune')).toHaveValue('Marseille');
  await expect(optimiser.getByLabel('Option tarifaire')).toHaveValue('T4');
  await expect(optimiser.getByLabel('Profil de consommation')).toHaveValue('P014');
  await expect(optimiser.getByLabel('Consommation journalière utilisée')).toHaveValue(/.+/);

  await optimiser.getByRole('button', { name: 'Optimiser la CJA' }).click();
  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  const banner = page.getByTestId('series-banner');
  await expect(banner).toContainText('Données de démonstration');
  await expect(banner).toContainText(PCE);
  // A whole year of the PCE's days (365, or 366 across a 29 February): the banner's period spans it.
  await expect(banner).toContainText('du ');
  const [, first, last] =
    /du (\d\d\/\d\d\/\d{4}) au (\d\d\/\d\d\/\d{4})/.exec((await banner.textContent()) ?? '') ?? [];
  const time = (day = '') => Date.parse(`${day.slice(6)}-${day.slice(3, 5)}-${day.slice(0, 2)}T00:00:00Z`);
  expect([365, 366]).toContain((time(last) - time(first)) / 86_400_000 + 1);
});

test('a PCE that GRDF refuses: the mandate is rejected with GRDF’s reason in French, the customer told', async ({
  page,
  admin,
}) => {
  const user = await createVerifiedUser(admin, E2E_BASE_URL, 'mandat-refuse');
  await signInThroughApi(page, user.email, user.password);
  const refusedPce = `${uniqueDeliveryPoint().slice(0, 10)}9999`;
  const { id } = await createSimpleMandateThroughApi(page, refusedPce);
  await sendThroughApi(page, id);
  // The refusal comes from the jobs (declare, then the status poll): waited for through the API, then shown.
  await waitForMandate(page, id, (mandate) => mandate.status === 'rejected');
  await page.goto('/private/account/mandats');
  await waitForSplash(page);
  const refused = mandateCard(page, refusedPce);
  await expect(refused.getByText('Rejeté', { exact: true })).toBeVisible();
  await expect(refused).toContainText('Motif du rejet');
  await expect(refused).toContainText('Le code postal ne correspond pas à l’adresse du PCE.');
  await findMail(admin, user.email, 'Votre mandat a été rejeté');
});

test('the mandate card’s operator states at 360 and 1280 px, light and dark', async ({ page, admin }, testInfo) => {
  await premiumUser(page, admin, 'mandat-etats');
  const pendingPce = `${uniqueDeliveryPoint().slice(0, 10)}8888`;
  const activePce = uniqueDeliveryPoint();
  const revokedPce = uniqueDeliveryPoint();
  const refusedPce = `${uniqueDeliveryPoint().slice(0, 10)}9999`;
  const pdl = uniqueDeliveryPoint();
  const pending = await createSimpleMandateThroughApi(page, pendingPce);
  const active = await createSimpleMandateThroughApi(page, activePce);
  const revoked = await createSimpleMandateThroughApi(page, revokedPce);
  const refused = await createSimpleMandateThroughApi(page, refusedPce);
  const electricity = await postJson(page.request, '/api/mandates/', {
    energy_type: 'electricity',
    manager: 'enedis',
    pdl,
    delivery_point_address: '8 boulevard du Port',
    delivery_point_postal_code: '80000',
    delivery_point_city: 'Amiens',
  });
  expect(electricity.status(), await electricity.text()).toBe(201);
  for (const { id } of [pending, active, revoked, refused]) {
    await sendThroughApi(page, id);
  }
  await waitForMandate(page, active.id, synced);
  await waitForMandate(page, revoked.id, synced);
  await waitForMandate(page, refused.id, (mandate) => mandate.status === 'rejected');
  const revocation = await postJson(page.request, `/api/mandates/${revoked.id}/revoke/`, {
    confirmation: revokedPce,
  });
  expect(revocation.status(), await revocation.text()).toBe(200);
  // The access right is ended at GRDF by a job.
  await waitForMandate(page, revoked.id, (mandate) => mandate.operator_data?.access_state === 'ended');

  await page.goto('/private/account/mandats');
  await waitForSplash(page);
  await expect(mandateCard(page, pendingPce).getByRole('status')).toHaveText(
    'Droit d’accès déclaré à GRDF : en attente de validation.',
  );
  const activeCard = mandateCard(page, activePce);
  await expect(activeCard.getByTestId('demo-data-badge')).toHaveText('Données de démonstration');
  await expect(activeCard.getByTestId('operator-days')).toHaveText(/^\d[\d\s\u202f]*$/);
  await expect(mandateCard(page, refusedPce)).toContainText('Le code postal ne correspond pas à l’adresse du PCE.');
  await expect(mandateCard(page, revokedPce).getByRole('status')).toHaveText(
    'Droit d’accès terminé auprès de GRDF. Les données récupérées seront supprimées sous 30 jours.',
  );
  await expect(mandateCard(page, pdl).getByTestId('mandate-no-automatic-data')).toHaveText(
    'La récupération automatique des données n’est pas encore disponible pour l’électricité.',
  );
  await shootViews(page, testInfo, 'mandate-cards-operator-states');
  // Each card alone on the phone, to look at closely (the full page at 360 px is five cards long).
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 360, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, number] of Object.entries({ pendingPce, activePce, revokedPce, refusedPce })) {
        await shoot(testInfo, mandateCard(page, number), `card-${name}-360-${colorScheme}`);
      }
    }
  }
});
