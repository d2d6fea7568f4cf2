import { createVerifiedUser, signInThroughApi, signInThroughUi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test('after 5 minutes without activity the user is signed out and /login says why', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'inactif');
  await page.clock.install();
  await page.goto('/login');
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);
  await waitForSplash(page);

  // Four minutes idle, then a mouse move: the count starts again.
  await page.clock.fastForward('04:00');
  await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);
  await page.mouse.move(200, 200);
  await page.mouse.move(240, 260);
  await page.clock.fastForward('04:00');
  await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);

  // Five minutes after the last move: signed out.
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Vous avez été déconnecté pour cause d'inactivité.")).toBeVisible();
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
});

test('a signed-out visitor of a private page is sent to /login and comes back after signing in', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'retour');
  await page.goto('/private/elec/audit');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/private\/elec\/audit$/);
  await waitForSplash(page);
  await expect(page.getByTestId('space-title')).toHaveText('Espace Électricité');
});

test('on a phone the end of a private page scrolls clear of the floating buttons', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'fab-clearance');
  await signInThroughApi(page, email, password);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);
  // The last card of the dashboard, scrolled to the bottom: above the assistant's button (bug report under it).
  const last = page.getByRole('main').getByRole('link', { name: /^Mandats Autorisez/ });
  await expect(last).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const card = await last.boundingBox();
  const assistant = await page.getByRole('button', { name: 'Ouvrir l’assistant' }).boundingBox();
  expect((card?.y ?? 0) + (card?.height ?? 0)).toBeLessThanOrEqual(assistant?.y ?? 0);
});

test.describe('with motion (no reduced-motion preference)', () => {
  // The config asks for reduced motion; this test keeps the default, animated path in a real browser: the splash's
  // swapping marks and fade, the welcome banner's fade-in, and axe's wait for finite animations (support/axe.ts).
  test.use({ reducedMotion: 'no-preference' });

  test('the private header (space title, switch, user menu) passes axe on phone and desktop, light and dark', async ({
    page,
    admin,
  }) => {
    const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'axe-layout');
    await page.goto('/login');
    await signInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/private\/gas\/dashboard$/);
    await waitForSplash(page);
    for (const [width, scheme] of [
      [360, 'light'],
      [1280, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      // The user menu is named from its content, its visible name included (WCAG 2.5.3).
      await expect(page.getByRole('button', { name: /^Menu utilisateur / })).toBeVisible();
      expect(await seriousAxeViolations(page, 'header')).toEqual([]);
      // With the menu open, nothing focusable is hidden from assistive technologies (axe aria-hidden-focus).
      await page.getByRole('button', { name: /^Menu utilisateur / }).click();
      await expect(page.getByRole('menuitem', { name: 'Compte' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: 'Compte' })).toHaveCount(0);
    }
  });
});
