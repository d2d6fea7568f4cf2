import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The four looks a new screen is checked in (DEVELOPERS guide): 1280 and 360 px, light and dark. */
export const VIEWS = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 360, scheme: 'light' },
  { width: 360, scheme: 'dark' },
] as const;
export type View = { readonly width: number; readonly scheme: 'light' | 'dark' };

/**
 * `E2E_SCREENSHOTS=1` (`npm run e2e:screenshots`): the tests write the screenshots a developer opens before calling a
 * screen done. Off by default, as in CI (ADR 0089): no one looks at them there, and the hundred-odd full-page PNGs
 * of a run held Chromium and the machine's two cores for minutes beside the tests that were waiting on the server.
 * What the views assert (nothing wider than the phone) runs either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot of `target` (a page, full length, or one element) into the test's output folder, when asked for. */
export async function shoot(testInfo: TestInfo, target: Page | Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) {
    return;
  }
  const path = testInfo.outputPath(`${name}.png`);
  if ('goto' in target) {
    await target.screenshot({ path, fullPage: true });
  } else {
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path });
  }
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export interface ViewsOptions {
  /** The views to go through (all four by default). */
  views?: readonly View[];
  /** Waits for what the view must show before it is checked and shot (e.g. a page image redrawn at the new width). */
  ready?: (page: Page) => Promise<void>;
  /** Extra shots in each view, beside the full page (e.g. one region of a tall page). */
  extra?: (page: Page, suffix: string) => Promise<void>;
}

/**
 * The page in each view: at phone width nothing may be wider than the screen (tables scroll inside their own frame);
 * with E2E_SCREENSHOTS=1 a full-page screenshot of each, `<name>-<width>-<scheme>`. Without screenshots, the dark
 * views add nothing to check, so only the phone width is visited. Leaves the page at 1280 px, light.
 */
export async function shootViews(page: Page, testInfo: TestInfo, name: string, options: ViewsOptions = {}) {
  const views = options.views ?? VIEWS;
  const visited = SCREENSHOTS ? views : views.filter((view) => view.width <= 360 && view.scheme === 'light');
  for (const view of visited) {
    await page.setViewportSize({ width: view.width, height: 900 });
    await page.emulateMedia({ colorScheme: view.scheme });
    await options.ready?.(page);
    if (view.width <= 360) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    const suffix = `${view.width}-${view.scheme}`;
    await shoot(testInfo, page, `${name}-${suffix}`);
    if (SCREENSHOTS) {
      await options.extra?.(page, suffix);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
