import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core (root devDependency), read once. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Runs axe-core in the page (WCAG 2.0/2.1/2.2 A and AA rules, best practices) and returns the serious and critical
 * violations. The source goes in with `page.evaluate`, not `page.addScriptTag`: an added <script> element is
 * inline code, which the app's CSP (`script-src 'self'`) blocks and reports; evaluation through the DevTools
 * protocol is not subject to the CSP, so the page under test keeps its real policy.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const alreadyLoaded = await page.evaluate(() => 'axe' in window);
  if (!alreadyLoaded) {
    await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => JSON.stringify(node.target)),
      }));
  });
}
