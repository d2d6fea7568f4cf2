import {
  createVerifiedUser,
  E2E_PASSWORD,
  findMail,
  pathOf,
  signInThroughUi,
  uniqueEmail,
  waitForSplash,
} from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

// ADR 0016: the e-mail change asks for the current password; the old address is told and can undo.
test('the e-mail change form sends the current password; the undo link mailed to the old address restores it', async ({
  page,
  admin,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(admin, baseURL ?? '', 'change');
  const newEmail = uniqueEmail('nouvelle');

  await page.goto('/login');
  await signInThroughUi(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/private\//);
  await waitForSplash(page);

  await page.goto('/login?mode=change-email');
  const form = page.getByRole('form', { name: "Modifier l'adresse e-mail" });
  await form.getByLabel('Nouvelle adresse e-mail').fill(newEmail);
  await form.getByLabel('Mot de passe actuel').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: "Modifier l'adresse e-mail" }).click();
  await expect(page.getByText(`Un lien de confirmation a été envoyé à ${newEmail}.`)).toBeVisible();

  const notice = await findMail(admin, email, 'Demande de changement');
  await page.goto(pathOf(notice.links[0] ?? ''));
  await expect(page).toHaveURL(/\/login\?emailChange=undone$/);
  await expect(page.getByText(/Le changement d’adresse e-mail a été annulé/)).toBeVisible();
});
