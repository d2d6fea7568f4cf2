import type { Locator, Page, TestInfo } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { chooseCode, expectSelected, openGasSimulator, PITD_FIXTURE } from '../support/simulator.ts';
import { shoot, VIEWS } from '../support/views.ts';

/**
 * Issue 11 parts 1 and 4, as a new user sees them: the results card keeps its per-MWh rows level with the fixed
 * rows, the daily chart draws what its legend says (estimated days included), and the last date label of the chart
 * stays inside the canvas. Its layout is checked at 360 and 1280 px, light and dark; with E2E_SCREENSHOTS=1 screenshots are attached to the report.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error('not laid out');
  }
  return box;
}

async function setView(page: Page, view: (typeof VIEWS)[number]) {
  await page.setViewportSize({ width: view.width, height: 900 });
  await page.emulateMedia({ colorScheme: view.scheme });
  await expect(page.locator('html')).toHaveClass(view.scheme === 'dark' ? /dark/ : /^(?!.*\bdark\b).*$/);
}

test('simulator results: the per-MWh rows sit level with the fixed rows (T3 with its TDN)', async ({
  page,
  admin,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await openGasSimulator(page, admin, 'layout-sim');
  await form.getByLabel('Point de réseau', { exact: true }).selectOption('PITD');
  await chooseCode(form, 'Code PITD', 'versailles', PITD_FIXTURE.versailles);
  await expectSelected(form, 'Gestionnaire de distribution (DSO)', 'GRDF');
  await form.getByLabel('Option tarifaire ATRD').selectOption('T3');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel("Date d'effet").selectOption({ label: 'septembre 2026' });
  await form.getByLabel('CAR — consommation annuelle de référence (MWh/an)').fill('500');
  const debit = form.getByLabel('Débit normalisé du compteur (Nm³/h)');
  await expect(debit).toBeVisible();
  // The new field passes axe's WCAG A/AA rules (serious and critical), with an error on it too.
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await debit.fill('abc');
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  await expect(
    form.getByText('Valeur numérique invalide pour le champ « débit normalisé (Nm³/h) » : « abc ».'),
  ).toBeVisible();
  await expect(debit).toBeFocused();
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await debit.fill('');
  for (const view of VIEWS) {
    await setView(page, view);
    await shoot(testInfo, debit.locator('xpath=..'), `simulator-tdn-field-${view.width}-${view.scheme}`);
  }
  await debit.fill('163,36');
  await form.getByRole('button', { name: 'Lancer la simulation' }).click();
  const card = page.getByTestId('results-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('result-lines').getByRole('row', { name: /Terme de débit normalisé/ })).toContainText(
    '(163,36 − 40) Nm³/h × 5,73 €/Nm³/h/an',
  );

  for (const view of VIEWS) {
    await setView(page, view);
    const fixedRows = await card.getByTestId('fixed-terms').getByRole('row').all();
    const perMwhRows = await card.getByTestId('per-mwh-terms').getByRole('row').all();
    expect(perMwhRows).toHaveLength(3);
    for (const [index, row] of perMwhRows.entries()) {
      const box = await boxOf(row);
      // Never stretched to fill the column: a row is as tall as its text plus the cell padding (py-2, 16 px), the
      // leading of its lines (20 px lines of 14 px text) and its border: under 24 px more (a stretched row had 60+).
      const textHeight = await row.evaluate((tr) => {
        const range = document.createRange();
        range.selectNodeContents(tr.querySelector('th') as Node);
        return range.getBoundingClientRect().height;
      });
      expect.soft(box.height - textHeight, `row ${index} padding at ${view.width}px`).toBeLessThanOrEqual(24);
      if (view.width >= 1024) {
        // Side by side: level with the cost row of the same rank, and as tall.
        const level = await boxOf(fixedRows[index] as Locator);
        expect.soft(Math.abs(box.y - level.y), `row ${index} top at ${view.width}px`).toBeLessThanOrEqual(1);
        expect
          .soft(Math.abs(box.height - level.height), `row ${index} height at ${view.width}px`)
          .toBeLessThanOrEqual(1);
      }
    }
    await shoot(testInfo, card, `simulator-results-card-${view.width}-${view.scheme}`);
  }
  await setView(page, VIEWS[0]);
  await shoot(testInfo, page.getByTestId('result-lines'), 'simulator-result-lines-1280-light');
});

// ---- the daily chart ------------------------------------------------------------------------------------------

async function openOptimisation(page: Page, admin: Parameters<typeof createVerifiedUser>[0], prefix: string) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/optimisation');
  await waitForSplash(page);
  const form = page.getByRole('form', { name: 'Optimisation – Paramètres' });
  await expect(form).toBeVisible();
  await form.getByLabel('Point de réseau').selectOption('PITD');
  const code = form.getByRole('combobox', { name: 'Code PITD' });
  await code.fill('versailles');
  await form
    .getByRole('listbox', { name: 'Code PITD' })
    .getByRole('option', { name: new RegExp(PITD_FIXTURE.versailles) })
    .click();
  await expect(form.getByLabel('Commune')).toHaveValue('Versailles');
  return form;
}

/** What the canvas holds: pixels near each colour, and the rightmost column with any ink (device pixels). */
async function canvasInk(plot: Locator, colours: readonly string[]) {
  return plot.locator('canvas').evaluate((canvas: HTMLCanvasElement, hexes: readonly string[]) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      throw new Error('no 2d context');
    }
    const { width, height } = canvas;
    const data = ctx.getImageData(0, 0, width, height).data;
    const targets = hexes.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
    const counts = hexes.map(() => 0);
    let rightmost = -1;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        const alpha = data[i + 3] as number;
        if (alpha === 0) {
          continue;
        }
        rightmost = Math.max(rightmost, x);
        if (alpha < 200) {
          continue;
        }
        targets.forEach((rgb, k) => {
          if (rgb.every((c, j) => Math.abs((data[i + j] as number) - c) <= 24)) {
            counts[k] = (counts[k] as number) + 1;
          }
        });
      }
    }
    return { width, rightmost, counts, ratio: canvas.width / canvas.getBoundingClientRect().width };
  }, colours);
}

/** Legend items: label, colour and how the sample is drawn (solid line, dashed line, dot, ring). */
async function legendItems(chart: Locator) {
  return chart
    .getByRole('list', { name: 'Légende' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const shape = item.querySelector('svg')?.firstElementChild;
        const dashed = shape?.getAttribute('stroke-dasharray');
        return {
          label: item.textContent?.trim() ?? '',
          colour:
            (shape?.getAttribute('stroke') !== 'none' && shape?.getAttribute('stroke')) || shape?.getAttribute('fill'),
          kind:
            shape?.tagName === 'circle'
              ? shape.getAttribute('fill') === 'none'
                ? 'ring'
                : 'dot'
              : dashed
                ? 'dash'
                : 'line',
        };
      }),
    );
}

const LIGHT = { conso: '#2563eb', estime: '#c2410c' };
const DARK = { conso: '#60a5fa', estime: '#fb923c' };

async function checkChart(page: Page, testInfo: TestInfo, name: string, expectMeasured: boolean) {
  const chart = page.getByTestId('daily-chart');
  const plot = page.getByTestId('daily-chart-plot');
  for (const view of VIEWS) {
    await setView(page, view);
    await expect(plot.locator('canvas')).toBeVisible();
    await expect.poll(async () => (await boxOf(plot.locator('canvas'))).width).toBeLessThanOrEqual(view.width);
    const palette = view.scheme === 'dark' ? DARK : LIGHT;
    const items = await legendItems(chart);
    const estimated = items.find((item) => item.label.startsWith('Consommation estimée'));
    const measured = items.find((item) => item.label.startsWith('Consommation mesurée'));
    // The estimated days are drawn as an orange dashed line, and the legend says so.
    expect.soft(estimated, JSON.stringify(items)).toMatchObject({ colour: palette.estime, kind: 'dash' });
    expect.soft(items.some((item) => item.kind === 'dot' && item.colour === palette.estime)).toBe(false);
    const ink = await canvasInk(plot, [palette.conso, palette.estime]);
    expect.soft(ink.counts[1], 'estimated line drawn').toBeGreaterThan(50);
    if (expectMeasured) {
      expect.soft(measured).toMatchObject({ colour: palette.conso, kind: 'line' });
      expect.soft(ink.counts[0], 'measured line drawn').toBeGreaterThan(50);
    } else {
      // No measured day: no blue line drawn, none in the legend.
      expect.soft(measured).toBeUndefined();
      expect.soft(ink.counts[0], 'no measured line').toBeLessThan(10);
    }
    // The last date label ends inside the canvas, at least 4 CSS px from its right edge.
    expect
      .soft(ink.rightmost, `rightmost ink at ${view.width}px ${view.scheme}`)
      .toBeLessThanOrEqual(ink.width - 1 - 4 * ink.ratio);
    await shoot(testInfo, chart, `${name}-${view.width}-${view.scheme}`);
    // The page never scrolls sideways, and the cost table's title is not cut by the frame its columns scroll in.
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `at ${view.width}px`)
      .toBeLessThanOrEqual(0);
    const title = await boxOf(page.getByText('Coûts annuels avant / après optimisation'));
    expect.soft(title.x + title.width, `cost table title at ${view.width}px`).toBeLessThanOrEqual(view.width);
  }
}

test('the chart of an estimated typical year draws an estimated line, as its legend says', async ({
  page,
  admin,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await openOptimisation(page, admin, 'layout-estimated');
  await form.getByLabel('Option tarifaire').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('Assiette (MWh/an)').fill('8000');
  await expect(form.getByLabel('Consommation journalière utilisée')).toHaveValue('');
  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();
  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  await expect(page.getByTestId('estimated-series-banner')).toContainText('Année type estimée');
  await checkChart(page, testInfo, 'chart-estimated-year', false);
});

/** 2025-01-01 → 2025-12-31 in kWh: measured, then estimated from August to October, a week missing in November. */
function incompleteYearCsv(): Buffer {
  const lines = ['date;kWh;qualité'];
  for (let day = 0; day < 365; day += 1) {
    const date = new Date(Date.UTC(2025, 0, 1 + day));
    const iso = date.toISOString().slice(0, 10);
    const month = date.getUTCMonth();
    const kwh = Math.round(30000 + 20000 * Math.cos(((day - 15) / 365) * 2 * Math.PI) + ((day * 7919) % 3000));
    if (month === 10 && date.getUTCDate() <= 7) {
      lines.push(`${iso};;Absence de données`);
    } else {
      lines.push(`${iso};${kwh};${month >= 7 && month <= 9 ? 'Estimé' : 'Mesuré'}`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('the chart of an imported incomplete year draws measured and estimated days as its legend says', async ({
  page,
  admin,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await openOptimisation(page, admin, 'layout-incomplete');
  await page.getByRole('button', { name: /Mes données de consommation/ }).click();
  const importForm = page.getByRole('form', { name: 'Importer des relevés' });
  await importForm.getByLabel('PCE (14 chiffres)').fill('13572468013572');
  await importForm
    .getByLabel('Fichier de relevés (CSV)')
    .setInputFiles({ name: 'annee-incomplete.csv', mimeType: 'text/csv', buffer: incompleteYearCsv() });
  await importForm.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByText(/Relevés importés : 365 jours du 01\/01\/2025 au 31\/12\/2025/)).toBeVisible();
  await form.getByLabel('Option tarifaire').selectOption('T4');
  await form.getByLabel('Profil de consommation').selectOption('P016');
  await form.getByLabel('Assiette (MWh/an)').fill('11 000');
  await expect(form.getByLabel('Consommation journalière utilisée')).toHaveValue(/.+/);
  await form.getByRole('button', { name: 'Optimiser la CJA' }).click();
  await expect(page.getByText('Optimisation réussie')).toBeVisible();
  const legend = page.getByTestId('daily-chart').getByRole('list', { name: 'Légende' });
  await expect.soft(legend).toContainText('Consommation estimée (92 jours)');
  await expect(legend).toContainText('Jour manquant (7)');
  await checkChart(page, testInfo, 'chart-incomplete-year', true);
});
