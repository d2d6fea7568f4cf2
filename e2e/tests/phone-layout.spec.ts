import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue #21 §4, found by a new user at 360 px: a long display name (sign-up asks none, so it is the e-mail's local
 * part) widened the page by 26 px, cutting the greeting, the assistant's panel and the bug-report modal; and the
 * two floating buttons covered right-aligned controls (« Lancer » / « Retirer », « Jours restants »).
 */

/** One long word, as a real local part can be: no hyphen, so no place where the browser may break it. */
const LONG_LOCAL_PART = 'jeanchristophe.delaunayfontaine.directionachats';

/** How many pixels the page is wider than the window (0 when it fits). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

async function expectInsideWindow(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const height = page.viewportSize()?.height ?? 0;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
}

/**
 * Scrolls `control` so that it sits at the bottom, the middle and the top of the window in turn (the bottom is
 * where the fixed buttons are), and checks each time that the element hit at its centre is the control itself or
 * something inside it — not a floating button or the band that holds them.
 */
async function expectNeverCovered(control: Locator) {
  for (const block of ['end', 'center', 'start'] as const) {
    const hit = await control.evaluate((element, where) => {
      element.scrollIntoView({ block: where, inline: 'nearest' });
      const box = element.getBoundingClientRect();
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        inside: found !== null && (found === element || element.contains(found)),
        found: found ? `${found.tagName.toLowerCase()} ${found.getAttribute('aria-label') ?? found.className}` : 'none',
      };
    }, block);
    expect(hit.inside, `scrolled to the ${block} of the window, the centre hit ${hit.found}`).toBe(true);
  }
}

test('a long display name does not widen the page at 360 px: dashboard, assistant panel and bug modal', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, LONG_LOCAL_PART);
  await signInThroughApi(page, email, password);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);
  const greeting = page.getByRole('heading', { level: 1, name: /^Bonjour / });
  await expect(greeting).toContainText(LONG_LOCAL_PART);
  await expect(page.getByTestId('welcome-banner')).toContainText(LONG_LOCAL_PART);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectInsideWindow(page, greeting);
  // Both floating buttons are on screen.
  await expectInsideWindow(page, page.getByRole('button', { name: 'Signaler un bug' }));
  await expectInsideWindow(page, page.getByRole('button', { name: 'Ouvrir l’assistant' }));

  await page.getByRole('button', { name: 'Ouvrir l’assistant' }).click();
  const assistant = page.getByRole('region', { name: 'Assistant' });
  await expect(assistant).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectInsideWindow(page, assistant);
  await assistant.getByRole('button', { name: 'Fermer l’assistant' }).click();

  await page.getByRole('button', { name: 'Signaler un bug' }).click();
  const modal = page.getByRole('dialog', { name: 'Signaler un bug' });
  await expect(modal).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectInsideWindow(page, modal);
  await modal.getByRole('button', { name: 'Annuler' }).click();

  // The settings' account card shows the name too.
  await page.goto('/private/account/settings');
  await waitForSplash(page);
  await expect(page.getByTestId('account-card')).toContainText(LONG_LOCAL_PART);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('the floating buttons cover no control: « Lancer », « Retirer » and « Jours restants », on a phone and a desktop', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'boutons-flottants');
  await signInThroughApi(page, email, password);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/private/gas/audit');
    await waitForSplash(page);
    // Files listed, not sent: the controls are there and enabled.
    await page.getByLabel('Choisir des fichiers').setInputFiles(
      ['facture-janvier.pdf', 'facture-fevrier.pdf', 'facture-mars.pdf'].map((name) => ({
        name,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
      })),
    );
    for (const name of ['facture-janvier.pdf', 'facture-fevrier.pdf', 'facture-mars.pdf']) {
      await expectNeverCovered(page.getByRole('button', { name: `Lancer ${name}` }));
      await expectNeverCovered(page.getByRole('button', { name: `Retirer ${name}` }));
    }

    await page.goto('/private/account/settings');
    await waitForSplash(page);
    await expect(page.getByTestId('days-left')).toBeVisible();
    await expectNeverCovered(page.getByTestId('days-left'));
    await expectNeverCovered(page.getByRole('button', { name: /Actualiser/ }));
  }
});
