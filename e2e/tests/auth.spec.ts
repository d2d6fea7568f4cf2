import { E2E_PASSWORD, findMail, pathOf, signInThroughUi, uniqueEmail, waitForSplash } from '../support/auth.ts';
import { E2E_ADMIN } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ colorScheme: 'light' });

test('sign up → verify through the outbox → sign in → gas dashboard → elec and back → theme → sign out', async ({
  page,
  admin,
}) => {
  const email = uniqueEmail('parcours');

  // Sign up: the score is shown while typing, then the user is told to open the verification link.
  await page.goto('/login?signup=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
  const signUp = page.getByRole('form', { name: 'Création de compte' });
  await signUp.getByLabel('Adresse e-mail').fill(email);
  await signUp.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'very_strong');
  await signUp.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByTestId('sign-up-done')).toContainText('ouvrez le lien de vérification');

  // The verification link, read from the outbox by the e2e admin, lands on the SPA's confirmation page.
  const mail = await findMail(admin, email, 'Confirmez votre adresse');
  await page.goto(pathOf(mail.links[0] ?? ''));
  await expect(page).toHaveURL(/\/login\/email-verified$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();

  // Sign in: /private, then the gas dashboard.
  await signInThroughUi(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);
  await waitForSplash(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${email.split('@')[0]}`);
  await expect(page.getByTestId('space-title')).toHaveText('Espace Gaz');

  // Gas ↔ electricity keeps the rest of the path.
  const sidebar = page.getByRole('navigation', { name: "Navigation de l'espace client" });
  await sidebar.getByRole('link', { name: 'Simulateur' }).click();
  await expect(page).toHaveURL(/\/private\/gas\/simulator$/);
  await page.getByRole('link', { name: "Passer à l'électricité" }).click();
  await expect(page).toHaveURL(/\/private\/elec\/simulator$/);
  await expect(page.getByTestId('space-title')).toHaveText('Espace Électricité');
  await expect(page.getByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeVisible();
  await page.getByRole('link', { name: 'Passer au gaz' }).click();
  await expect(page).toHaveURL(/\/private\/gas\/simulator$/);

  // The theme toggle of the user menu: 'system' mark until the user chooses.
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  const themeItem = page.getByTestId('menu-theme-toggle');
  await expect(themeItem).toHaveAttribute('data-theme-preference', 'system');
  await expect(page.getByTestId('theme-system-mark')).toBeVisible();
  await themeItem.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(themeItem).toHaveAttribute('data-theme-preference', 'dark');
  await expect(page.getByTestId('theme-system-mark')).toHaveCount(0);

  // Sign out: back on /login, and the private area is closed.
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Connexion' })).toBeVisible();
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
  await page.goto('/private/gas/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('no account enumeration', () => {
  // The browser logs every 401 answer as a console error; these two are the point of the test.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('a wrong password and an unknown e-mail get the same answer', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Connexion' });

    const attempt = async (email: string) => {
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.url().endsWith('/api/auth/sign-in/email')),
        signInThroughUi(page, email, 'Mauvais-Mot-2026'),
      ]);
      await expect(form.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');
      return { status: response.status(), body: await response.json() };
    };

    const wrongPassword = await attempt(E2E_ADMIN.email);
    const unknownEmail = await attempt(uniqueEmail('inconnu'));
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail).toEqual(wrongPassword);
    await expect(page).toHaveURL(/\/login$/);
  });
});
