import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test('a plain user sees no Admin Panel link and gets 403 from the admin API', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'simple');
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);

  const sidebar = page.getByRole('navigation', { name: "Navigation de l'espace client" });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  // Same session (the browser's cookies), straight to the API.
  for (const url of ['/api/admin/users', '/api/admin/outbox']) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
  const token = ((await (await page.request.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string })
    .csrfToken;
  const patch = await page.request.patch('/api/admin/users/any-id/role', {
    data: { role: 'admin' },
    headers: { 'X-CSRFToken': token },
  });
  expect(patch.status()).toBe(403);

  // The page itself sends the user back to the dashboard.
  await page.goto('/private/admin');
  await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);
  await expect(
    page.getByText("Le panneau d'administration est réservé aux administrateurs et au staff."),
  ).toBeVisible();
});

test.describe('signed in as the administrator', () => {
  test.use({ asAdmin: true });

  test('the administrator made with admin:create sees the Admin Panel and the users list', async ({ page }) => {
    await page.goto('/private/gas/dashboard');
    await waitForSplash(page);

    await page
      .getByRole('navigation', { name: "Navigation de l'espace client" })
      .getByRole('link', { name: 'Admin Panel' })
      .click();
    await expect(page).toHaveURL(/\/private\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    const users = page.getByRole('table');
    await expect(users.getByRole('cell', { name: E2E_ADMIN.email, exact: true })).toBeVisible();
    // At 1280 px the users table fits its frame: no column is cut off at the right (issue #21).
    expect(page.viewportSize()?.width).toBe(1280);
    expect(
      await users.locator('xpath=..').evaluate((frame) => frame.scrollWidth - frame.clientWidth),
    ).toBeLessThanOrEqual(0);

    await page.getByLabel('Rechercher par nom ou e-mail').fill('personne-de-tel');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(users.getByText('Aucun utilisateur ne correspond à cette recherche.')).toBeVisible();
    await page.getByLabel('Rechercher par nom ou e-mail').fill('admin@e2e');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(users.getByRole('cell', { name: E2E_ADMIN.email, exact: true })).toBeVisible();

    // The panel's sections are tabs (issue #21): the outbox is one of them.
    await page.getByRole('tab', { name: "Boîte d'envoi" }).click();
    await expect(page.getByRole('heading', { level: 2, name: "Boîte d'envoi" })).toBeVisible();

    // On a phone the wide tables scroll in their own frame and long codes wrap: the page never scrolls sideways
    // (a screen-reader-only header cell escaped the users table's frame, and the grid CSV header did not wrap).
    await page.setViewportSize({ width: 360, height: 740 });
    for (const section of ['Utilisateurs', 'Données tarifaires'] as const) {
      await page.getByRole('tab', { name: section }).click();
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
    }
  });
});

test('the contact messages sent from /contact show in the admin panel', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Nom et prénom').fill('Panneau Admin');
  await form.getByLabel('Adresse e-mail professionnelle').fill('panneau.admin@industrie-e2e.fr');
  await form.getByLabel('Sujet').selectOption('commercial');
  await form.getByLabel('Votre message').fill('Message à retrouver dans le panneau d’administration.');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByText('Merci, votre message a bien été envoyé.')).toBeVisible();

  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/private/admin');
  await waitForSplash(page);
  await page.getByRole('tab', { name: 'Messages de contact' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Messages de contact' })).toBeVisible();
  const list = page.getByTestId('contact-messages-list');
  await expect(list.getByText('Message à retrouver dans le panneau d’administration.')).toBeVisible();
  await expect(list.getByRole('link', { name: 'panneau.admin@industrie-e2e.fr' })).toBeVisible();
});
