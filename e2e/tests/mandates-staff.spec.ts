import { request as playwrightRequest } from '@playwright/test';
import { createVerifiedUser, findMail, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  createSimpleMandateThroughApi,
  mandateCard,
  openMandates,
  setTierThroughAdmin,
  uniqueDeliveryPoint,
} from '../support/mandates.ts';

test('staff activate a mandate the customer sent, and reject another with a reason; the customer sees both', async ({
  page,
  admin,
  browser,
}) => {
  // The customer creates two mandates and sends them to the manager from the Mandats screen.
  const customer = await openMandates(page, admin, 'mandat-client');
  await setTierThroughAdmin(admin, customer.email, 'premium');
  const toActivate = uniqueDeliveryPoint();
  const toReject = uniqueDeliveryPoint();
  await createSimpleMandateThroughApi(page, toActivate);
  await createSimpleMandateThroughApi(page, toReject);
  await page.reload();
  await waitForSplash(page);
  for (const number of [toActivate, toReject]) {
    const card = mandateCard(page, number);
    await card.getByRole('button', { name: 'Envoyer au gestionnaire' }).click();
    await expect(card.getByText('Envoyé', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Mandat envoyé avec succès au gestionnaire !').first()).toBeVisible();
  await findMail(admin, 'mandats-grdf@e2e.test', 'Mandat d’accès aux données');

  // A staff member (role given by the administrator) works the queue of sent mandates.
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

  const staffContext = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'fr-FR' });
  const staffPage = await staffContext.newPage();
  await signInThroughApi(staffPage, staff.email, staff.password);
  await staffPage.goto('/private/admin');
  await waitForSplash(staffPage);
  const panel = staffPage.getByTestId('admin-mandates');
  await expect(panel.getByRole('heading', { level: 2, name: 'Mandats' })).toBeVisible();
  await expect(panel.getByLabel('Statut')).toHaveValue('sent');
  const queued = (number: string) => panel.getByTestId('staff-mandate').filter({ hasText: number });
  await expect(queued(toActivate).getByText(customer.email)).toBeVisible();
  await expect(queued(toActivate).getByRole('img')).toHaveCount(0);
  expect(await seriousAxeViolations(staffPage, '[data-testid="admin-mandates"]')).toEqual([]);

  // The sealed PDF opens for staff.
  const popupPromise = staffPage.waitForEvent('popup');
  await queued(toActivate).getByRole('button', { name: 'Voir le PDF' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain('/api/mandates/');
  await popup.close();

  await queued(toActivate).getByRole('button', { name: 'Activer' }).click();
  await expect(staffPage.getByText('Mandat activé : le client est prévenu par e-mail.')).toBeVisible();
  await expect(queued(toActivate)).toHaveCount(0);

  await queued(toReject).getByRole('button', { name: 'Rejeter' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Rejeter le mandat' });
  await dialog.getByRole('button', { name: 'Rejeter le mandat' }).click();
  await expect(dialog.getByText('Veuillez indiquer le motif du rejet.')).toBeVisible();
  await dialog.getByLabel('Motif du rejet').fill('Le PCE ne correspond pas à cette adresse.');
  await dialog.getByRole('button', { name: 'Rejeter le mandat' }).click();
  await expect(staffPage.getByText('Mandat rejeté : le client est prévenu par e-mail avec le motif.')).toBeVisible();
  await expect(queued(toReject)).toHaveCount(0);

  await panel.getByLabel('Statut').selectOption('active');
  await expect(queued(toActivate).getByText('Actif', { exact: true })).toBeVisible();
  await staffContext.close();

  // The customer is told by mail, and sees the active mandate with its days until expiry, the rejected one in history.
  await findMail(admin, customer.email, 'Votre mandat est actif');
  await findMail(admin, customer.email, 'Votre mandat a été rejeté');
  await page.reload();
  await waitForSplash(page);
  const active = mandateCard(page, toActivate);
  await expect(active.getByText('Actif', { exact: true })).toBeVisible();
  await expect(active.getByTestId('days-until-expiry')).toHaveText(/\(Expire dans \d+ jours\)/);
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
