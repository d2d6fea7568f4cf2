import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { waitForSplash } from './auth.ts';

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

/**
 * Runs axe-core (WCAG 2.x A/AA rules) in the page and returns the serious and critical violations, one line each.
 * The script is evaluated through the DevTools protocol, so the page's CSP (`script-src 'self'`) is left alone.
 * Finite animations (a banner fading in, a toast sliding) are let finish first: axe measures colour contrast on
 * what is painted, and a half-faded banner failed `color-contrast` now and then (the welcome banner, which mounts
 * only once the splash has faded, still did after a single wait).
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // The private area's splash fades out, then the welcome banner mounts and fades in: wait until the splash is
  // gone, then until no finite animation is running two frames after the last ones ended (one that starts when
  // another ends is caught by the next round).
  await waitForSplash(page);
  for (let round = 0; round < 5; round += 1) {
    const waited = await page.evaluate(async () => {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return running.length;
    });
    if (waited === 0) {
      break;
    }
  }
  // Once per loaded document: axe stays on `window` until the next navigation.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(await axeSource);
  }
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(include ? { include: [include] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only the violations are read: axe skips collecting the passes and the inapplicable nodes.
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, selector ?? null);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}
