import { signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_ADMIN } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test('an anonymous visitor picks an element, captures the page and sends a report that staff see and close', async ({
  page,
}) => {
  // The page's clock runs as usual; the test moves it past the form's delays instead of waiting for them.
  await page.clock.install();
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Signaler un bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler un bug' });

  // Each validation message shows (spec §5), then goes away after 3 s.
  await dialog.getByRole('button', { name: 'Envoyer le rapport' }).click();
  await expect(dialog.getByText('Le titre est obligatoire.')).toBeVisible();
  await expect(dialog.getByText('La description est obligatoire.')).toBeVisible();
  await expect(dialog.getByText("L'email est obligatoire si vous n'êtes pas connecté.")).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(dialog.getByText('Le titre est obligatoire.')).toBeHidden();

  const title = `Bouton muet ${Date.now()}`;
  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Description').fill('Le bouton d’envoi ne répond pas.');
  await dialog.getByLabel('Gravité').selectOption('major');
  await dialog.getByLabel('E-mail').fill('visiteur@exemple.fr');

  // Pick: the dialog steps aside, the hovered element is outlined, Escape cancels, a click picks.
  await dialog.getByRole('button', { name: 'Sélectionner un élément' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cliquez sur l’élément concerné (Échap pour annuler).')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('bug-picked-selector')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sélectionner un élément' }).click();
  const target = page.getByRole('heading', { level: 1 });
  await target.hover();
  await expect(page.getByTestId('bug-picker-outline')).toBeVisible();
  await target.click();
  await expect(dialog).toBeVisible();
  const selector = dialog.getByTestId('bug-picked-selector');
  await expect(selector).toContainText('h1');
  expect((await selector.textContent())?.split(' > ').length).toBeLessThanOrEqual(6);

  // The capture (modern-screenshot, loaded on the first press) took 1.4 s at load 9–10: the expect default is enough.
  await dialog.getByRole('button', { name: 'Capturer la page' }).click();
  await expect(dialog.getByRole('img', { name: 'Aperçu de la capture d’écran' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Envoyer le rapport' }).click();
  await expect(dialog.getByText('Merci ! Votre rapport a été envoyé avec succès.')).toBeVisible();
  // The form closes 2 s after the success message.
  await page.clock.runFor(2_000);
  await expect(dialog).toBeHidden();

  // Staff see it with its screenshot and close it.
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/private/admin');
  await waitForSplash(page);
  await page.getByRole('tab', { name: 'Rapports de bugs' }).click();
  const section = page.getByRole('region', { name: 'Rapports de bugs' });
  await section.getByLabel('Gravité').selectOption('major');
  const item = section.getByTestId('bug-reports-list').getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('visiteur@exemple.fr');
  await item.getByRole('button', { name: 'Voir le détail' }).click();
  const screenshot = item.getByRole('img', { name: `Capture d’écran jointe au rapport « ${title} »` });
  await expect(screenshot).toBeVisible();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(item).toContainText('/contact');
  await expect(item.locator('pre')).toContainText('<h1');

  await item.getByLabel('Nouveau statut').selectOption('in_progress');
  await item.getByRole('button', { name: 'Enregistrer le statut' }).click();
  // Saved: « En cours » is no longer offered as a next status (only résolu / rejeté), and the badge shows it.
  await expect(item.getByLabel('Nouveau statut').locator('option[value="in_progress"]')).toHaveCount(0);
  await expect(item.getByText('En cours', { exact: true })).toBeVisible();
  await item.getByLabel('Nouveau statut').selectOption('resolved');
  await item.getByLabel('Note').fill('Corrigé.');
  await item.getByRole('button', { name: 'Enregistrer le statut' }).click();
  // Closed for good: no status form any more, and the badge says so.
  await expect(item.getByRole('button', { name: 'Enregistrer le statut' })).toHaveCount(0);
  await expect(item.getByText('Résolu', { exact: true })).toBeVisible();
});

test.describe('a refused report', () => {
  // The browser logs the server's 400 answer; it is the point of this test.
  test.use({ allowedConsoleErrors: ['the server responded with a status of 400'] });

  test('a report the server refuses shows the server’s message, which goes away after 4 s (spec §4)', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Signaler un bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signaler un bug' });
    await dialog.getByLabel('Titre').fill('Adresse mal saisie');
    await dialog.getByLabel('Description').fill('Le rapport part avec une adresse que le serveur refuse.');
    // The form only checks that the e-mail is there; the server's schema refuses it (400), for real.
    await dialog.getByLabel('E-mail').fill('pas-une-adresse');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/common/bug-reports/') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Envoyer le rapport' }).click(),
    ]);
    expect(response.status()).toBe(400);
    const alert = dialog.getByText(/Veuillez indiquer une adresse e-mail valide\./);
    await expect(alert).toBeVisible();
    // Still there after the 3 s of a validation message, gone at 4 s: the page's clock is moved, not waited for
    // (3.5 s leaves half a second for the real time that passes between the message showing and this line).
    await page.clock.runFor(3_500);
    await expect(alert).toBeVisible();
    await page.clock.runFor(500);
    await expect(alert).toBeHidden();
    // The form stays open with its fields, ready to be corrected and sent again.
    await expect(dialog.getByLabel('E-mail')).toHaveValue('pas-une-adresse');
    await expect(dialog.getByRole('button', { name: 'Envoyer le rapport' })).toBeEnabled();
  });
});
