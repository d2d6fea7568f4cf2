import { request as playwrightRequest } from '@playwright/test';
import {
  createVerifiedUser,
  E2E_PASSWORD,
  findMail,
  pathOf,
  postJson,
  signInThroughApi,
  signInThroughUi,
  uniqueEmail,
  waitForSplash,
} from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { SCREENSHOTS, shoot, shootViews, VIEWS } from '../support/views.ts';

/**
 * Issue #24 §1 as users live it: an owner creates an organisation with its SIREN, VAT number and address, invites a
 * colleague by e-mail; the colleague opens the link, signs up, verifies the address, signs in, accepts and appears as
 * a member; a third user gets 404 on the organisation's id. Screenshots at 360 and 1280 px, light and dark.
 */

test('an owner creates an organisation, invites a colleague who signs up and joins; a stranger gets 404', async ({
  page,
  browser,
  admin,
}, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'proprietaire');
  await signInThroughApi(page, owner.email, owner.password);
  await page.goto('/private/organisation');
  await waitForSplash(page);
  await expect(page.getByTestId('organisation-switcher')).toContainText(owner.email.split('@')[0] as string);

  // Create the organisation: name, SIREN, VAT number, the address picked from the BAN search.
  await page.getByRole('button', { name: 'Créer une organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle organisation' });
  await dialog.getByLabel('Nom de l’organisation').fill('Laiterie Martin');
  await dialog.getByLabel('SIREN').fill('552 032 535');
  await dialog.getByLabel('Numéro de TVA intracommunautaire').fill('fr27 552032534');
  await dialog.getByRole('button', { name: 'Créer l’organisation' }).click();
  await expect(dialog.getByText('Ce SIREN n’est pas valide : vérifiez les chiffres saisis.')).toBeVisible();
  await dialog.getByLabel('SIREN').fill('552 032 534');
  await dialog.getByLabel('Adresse du siège').fill('8 avenue Jean Médecin');
  await dialog.getByRole('option', { name: '8 Avenue Jean Médecin 06000 Nice' }).click();
  await dialog.getByRole('button', { name: 'Créer l’organisation' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Laiterie Martin' })).toBeVisible();
  await expect(page.getByTestId('organisation-switcher')).toContainText('Laiterie Martin');
  const identity = page.getByRole('main');
  await expect(identity.getByLabel('SIREN')).toHaveValue('552032534');
  await expect(identity.getByLabel('Numéro de TVA intracommunautaire')).toHaveValue('FR27552032534');
  const organisationId = ((await (await page.request.get('/api/organisations/active')).json()) as { id: string }).id;

  // Invite a colleague as member.
  const colleagueEmail = uniqueEmail('collegue');
  await page.getByLabel('Adresse e-mail').fill(colleagueEmail);
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('list', { name: 'Invitations en attente' })).toContainText(colleagueEmail);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shootViews(page, testInfo, 'organisation');

  // The colleague opens the link signed out, creates an account, verifies it, signs in and accepts.
  const invitation = pathOf(
    (await findMail(admin, colleagueEmail, 'Invitation à rejoindre Laiterie Martin')).links[0] ?? '',
  );
  const colleagueContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'fr-FR',
    reducedMotion: 'reduce',
  });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(invitation);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Rejoindre « Laiterie Martin »' })).toBeVisible();
  await shootViews(colleague, testInfo, 'invitation');
  await colleague.getByRole('link', { name: 'Créer un compte' }).click();
  const signUp = colleague.getByRole('form', { name: 'Création de compte' });
  await signUp.getByLabel('Adresse e-mail').fill(colleagueEmail);
  await signUp.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await signUp.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(colleague.getByTestId('sign-up-done')).toBeVisible();
  const verification = await findMail(admin, colleagueEmail, 'Confirmez votre adresse');
  await colleague.goto(pathOf(verification.links[0] ?? ''));
  await expect(colleague.getByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée' })).toBeVisible();
  await colleague.goto(`/login?redirect=${encodeURIComponent(invitation)}`);
  await signInThroughUi(colleague, colleagueEmail, E2E_PASSWORD);
  await expect(colleague).toHaveURL(/\/invitation\?token=/);
  await colleague.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await expect(colleague).toHaveURL(/\/private\/organisation$/);
  await waitForSplash(colleague);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Laiterie Martin' })).toBeVisible();
  await expect(colleague.getByText('Votre rôle : Membre')).toBeVisible();
  await colleagueContext.close();

  // The owner sees the colleague among the members, as member; the invitation is no longer pending.
  await page.reload();
  await waitForSplash(page);
  const colleagueRow = page.getByTestId('member-row').filter({ hasText: colleagueEmail });
  await expect(colleagueRow.getByRole('combobox', { name: /^Rôle de / })).toHaveValue('member');
  await expect(page.getByText('Aucune invitation en attente.')).toBeVisible();

  // The header's switcher lists both organisations of the owner, the active one checked.
  await page.getByTestId('organisation-switcher').click();
  await expect(page.getByRole('menuitemradio', { name: 'Laiterie Martin' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemradio')).toHaveCount(2);
  if (SCREENSHOTS) {
    for (const view of [VIEWS[1], VIEWS[2]]) {
      await page.setViewportSize({ width: view.width, height: 700 });
      await page.emulateMedia({ colorScheme: view.scheme });
      await shoot(testInfo, page, `switcher-${view.width}-${view.scheme}`);
    }
  }
  await page.keyboard.press('Escape');

  // A third user: 404 on the organisation's id.
  const stranger = await createVerifiedUser(admin, E2E_BASE_URL, 'etranger');
  const strangerApi = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  expect((await postJson(strangerApi, '/api/auth/sign-in/email', stranger)).status()).toBe(200);
  expect((await strangerApi.get(`/api/organisations/${organisationId}`)).status()).toBe(404);
  expect((await strangerApi.get(`/api/organisations/${organisationId}/members`)).status()).toBe(404);
  await strangerApi.dispose();
});
