import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { createVerifiedUser, findMail, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { createSimpleMandateThroughApi, mandateCard, uniqueDeliveryPoint } from '../support/mandates.ts';

/**
 * A customer's mandate, sent to the manager from the Mandats screen (toast, status, mail to the manager). NaTran: a
 * manager without an API, so the mail and the staff's decision (GRDF's mandates go through its API, ADR 0072).
 */
async function sentMandate(page: Page, admin: APIRequestContext, prefix: string) {
  const customer = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, customer.email, customer.password);
  const number = uniqueDeliveryPoint();
  await createSimpleMandateThroughApi(page, number, 'natran');
  await page.goto('/private/account/mandats');
  await waitForSplash(page);
  const card = mandateCard(page, number);
  await card.getByRole('button', { name: 'Envoyer au gestionnaire' }).click();
  await expect(page.getByText('Mandat envoyé avec succès au gestionnaire !')).toBeVisible();
  await expect(card.getByText('Envoyé', { exact: true })).toBeVisible();
  await findMail(admin, 'mandats-natran@e2e.test', 'Mandat d’accès aux données');
  return { customer, number };
}

/** A new verified user given the staff role by the administrator. */
async function staffUser(admin: APIRequestContext) {
  const staff = await createVerifiedUser(admin, E2E_BASE_URL, 'staff-mandats');
  const users = await admin.get(`/api/admin/users?q=${encodeURIComponent(staff.email)}&page=1&pageSize=5`);
  const staffId = ((await users.json()) as { items: { id: string }[] }).items[0]?.id;
  expect(staffId).toBeTruthy();
  const token = ((await (await admin.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string }).csrfToken;
  const promote = await admin.patch(`/api/admin/users/${staffId}/role`, {
    data: { role: 'staff' },
    headers: { 'X-CSRFToken': token },
  });
  expect(promote.status(), await promote.text()).toBe(200);
  return staff;
}

/** The staff user signed in on /private/admin in its own browser context. */
async function staffAdminPanel(browser: Browser, staff: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'fr-FR' });
  const staffPage = await context.newPage();
  await signInThroughApi(staffPage, staff.email, staff.password);
  await staffPage.goto('/private/admin');
  await waitForSplash(staffPage);
  await staffPage.getByRole('tab', { name: 'Mandats' }).click();
  const panel = staffPage.getByTestId('admin-mandates');
  await expect(panel.getByRole('heading', { level: 2, name: 'Mandats' })).toBeVisible();
  await expect(panel.getByLabel('Statut', { exact: true })).toHaveValue('sent');
  return { staffPage, panel, close: () => context.close() };
}

test('staff activate a mandate the customer sent; the customer is mailed and sees it active', async ({
  page,
  admin,
  browser,
}) => {
  // The customer's side and the staff account are independent until the mandate is sent: set up side by side.
  const [{ customer, number }, staff] = await Promise.all([
    sentMandate(page, admin, 'mandat-a-activer'),
    staffUser(admin),
  ]);
  const { staffPage, panel, close } = await staffAdminPanel(browser, staff);
  const queued = panel.getByTestId('staff-mandate').filter({ hasText: number });
  await expect(queued.getByText(customer.email)).toBeVisible();
  // Staff get what they need to decide, no signature image.
  await expect(queued.getByRole('img')).toHaveCount(0);
  expect(await seriousAxeViolations(staffPage, '[data-testid="admin-mandates"]')).toEqual([]);

  const popupPromise = staffPage.waitForEvent('popup');
  await queued.getByRole('button', { name: 'Voir le PDF' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain('/api/mandates/');
  await popup.close();

  await queued.getByRole('button', { name: 'Activer' }).click();
  await expect(staffPage.getByText('Mandat activé : le client est prévenu par e-mail.')).toBeVisible();
  await expect(queued).toHaveCount(0);
  await panel.getByLabel('Statut', { exact: true }).selectOption('active');
  await expect(queued.getByText('Actif', { exact: true })).toBeVisible();
  await close();

  await findMail(admin, customer.email, 'Votre mandat est actif');
  await page.reload();
  await waitForSplash(page);
  const card = mandateCard(page, number);
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByTestId('days-until-expiry')).toHaveText(/\(Expire dans \d+ jours\)/);
});

test('staff reject a sent mandate with a reason; the customer finds it in the history with the reason', async ({
  page,
  admin,
  browser,
}) => {
  // The customer's side and the staff account are independent until the mandate is sent: set up side by side.
  const [{ customer, number }, staff] = await Promise.all([
    sentMandate(page, admin, 'mandat-a-rejeter'),
    staffUser(admin),
  ]);
  const { staffPage, panel, close } = await staffAdminPanel(browser, staff);
  const queued = panel.getByTestId('staff-mandate').filter({ hasText: number });

  await queued.getByRole('button', { name: 'Rejeter' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Rejeter le mandat' });
  await dialog.getByRole('button', { name: 'Rejeter le mandat' }).click();
  await expect(dialog.getByText('Veuillez indiquer le motif du rejet.')).toBeVisible();
  await dialog.getByLabel('Motif du rejet').fill('Le PCE ne correspond pas à cette adresse.');
  await dialog.getByRole('button', { name: 'Rejeter le mandat' }).click();
  await expect(staffPage.getByText('Mandat rejeté : le client est prévenu par e-mail avec le motif.')).toBeVisible();
  await expect(queued).toHaveCount(0);
  await close();

  await findMail(admin, customer.email, 'Votre mandat a été rejeté');
  await page.reload();
  await waitForSplash(page);
  const rejected = page.getByTestId('group-rejected');
  await expect(rejected.getByText('Le PCE ne correspond pas à cette adresse.')).toBeVisible();
  await expect(rejected.getByText('Rejeté', { exact: true })).toBeVisible();
});

test('a plain user gets 403 from the staff mandate routes', async ({ admin }) => {
  const user = await createVerifiedUser(admin, E2E_BASE_URL, 'mandats-non-staff');
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const signIn = await postJson(api, '/api/auth/sign-in/email', user);
  expect(signIn.status()).toBe(200);
  expect((await api.get('/api/admin/mandates/?status=sent')).status()).toBe(403);
  await api.dispose();
});
