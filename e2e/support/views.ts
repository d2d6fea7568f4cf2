import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The four looks a new screen is checked in (DEVELOPERS guide): 1280 and 360 px, light and dark. */
export const VIEWS = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 360, scheme: 'light' },
  { width: 360, scheme: 'dark' },
] as const;

/**
 * A full-page screenshot of the page in each of the four views, attached to the report as `<name>-<width>-<scheme>`;
 * nothing may be wider than the phone (tables scroll inside their own frame). Leaves the page at 1280 px, light.
 */
export async function shootViews(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const view of VIEWS) {
    await page.setViewportSize({ width: view.width, height: 900 });
    await page.emulateMedia({ colorScheme: view.scheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const path = testInfo.outputPath(`${name}-${view.width}-${view.scheme}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${view.width}-${view.scheme}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
