import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot, shootViews } from '../support/views.ts';

/**
 * Issue #25 §5, « Done when » (ADR 0080, 0087): a PNG scan rendered from a PDF page — layout A of the public February
 * 2026 T4 case printed to PDF by Chromium, page 1 rendered at 300 dpi by poppler's pdftoppm
 * (packages/invoices/scripts/generate-scan-fixtures.ts) — is read by OCR in the worker pool, stops at « À compléter »
 * with every value read « à confirmer » (the header, the PITD code and NTR printed, each table line, the VAT, the
 * totals), and is checked only once the user confirmed them. One page per test: the OCR takes 5–15 s here.
 */
const scans = new URL('../../packages/invoices/fixtures/scans/', import.meta.url);

/** The OCR runs in the jobs' worker: waited for through the API, no clock of its own (only the test's limit). */
async function waitForStatus(page: Page, filename: string, status: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/audits/?page=1&pageSize=50');
        const { items } = (await response.json()) as {
          items: { filename: string; status: string; error: string | null }[];
        };
        const audit = items.find((item) => item.filename === filename);
        // A failure says why (the OCR's time limit, a refusal…) in the test's message.
        return audit?.status === 'failed' ? `failed: ${audit.error}` : audit?.status;
      },
      { timeout: 0, intervals: [250, 500] },
    )
    .toBe(status);
}

/** A new user uploads the scan, which the OCR reads; the audit opens at its review step. */
async function openScanReview(
  page: Page,
  admin: Parameters<typeof createVerifiedUser>[0],
  file: string,
  prefix: string,
) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/audit');
  await waitForSplash(page);
  const name = `${prefix}.png`;
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles({ name, mimeType: 'image/png', buffer: readFileSync(new URL(file, scans)) });
  await page.getByRole('button', { name: `Lancer ${name}` }).click();
  await waitForStatus(page, name, 'to_complete');
  const row = page.getByTestId('audit-row').filter({ hasText: name });
  await expect(row).toContainText('À compléter');
  await row.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(
    page.getByText('À compléter : la facture a été lue, mais des valeurs manquent ou sont douteuses.'),
  ).toBeVisible();
  const image = page.getByRole('img', { name: `Document numérisé « ${name} »` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(2000);
  return name;
}

/** The point's NTR is asked (the page's PITD code is not read): the user gives the one of their contract, 2. */
async function confirm(page: Page) {
  await page.getByLabel('Niveau de tarif régional (NTR) du point').selectOption('2');
  await page.getByRole('button', { name: 'Confirmer et lancer les contrôles' }).click();
}

test('a correct scan: every value read « à confirmer » → confirmed → no anomaly, no letter', async ({
  page,
  admin,
}, testInfo) => {
  const name = await openScanReview(page, admin, 't4-fevrier-2026-scan.png', 'scan-correct');
  // The header values read by OCR, each asked « à confirmer », the NTR printed on the page included (ADR 0087).
  await expect(page.getByLabel('Point de comptage et d’estimation (PCE)')).toHaveValue('21400000000117');
  await expect(page.getByLabel('Capacité journalière souscrite (CJA) (MWh/j)')).toHaveValue('109');
  await expect(page.getByLabel('NTR imprimé sur la facture')).toHaveValue('2');
  await expect(page.getByLabel('Consommation de la période (MWh)')).toHaveValue('2 043,755');
  // The table: each line's figures, « à confirmer » until confirmed; the totals.
  const figures = page.getByRole('region', { name: 'Lignes et montants lus par OCR' });
  await expect(figures.getByRole('group')).toHaveCount(11 + 1 + 1);
  await expect(figures.getByText('à confirmer', { exact: true })).toHaveCount(13);
  const tcl = figures.getByRole('group', { name: /^Terme de capacité de livraison \(TCL\)/ });
  await expect(tcl.getByLabel('Prix unitaire (€/MWh/j/an)')).toHaveValue('56,31');
  await expect(tcl.getByLabel('Montant (€)')).toHaveValue('511,48');
  await expect(figures.getByLabel('Total TTC (€)')).toHaveValue('167 049,61');
  await shootViews(page, testInfo, 'audit-ocr-review', {
    // The table's first lines as the screen shows them (the full page is tall).
    extra: (view, suffix) =>
      shoot(
        testInfo,
        view.getByRole('region', { name: 'Lignes et montants lus par OCR' }),
        `audit-ocr-review-figures-${suffix}`,
      ),
  });

  // A figure left empty is not sent: nothing is checked on a value not confirmed.
  const amount = tcl.getByLabel('Montant (€)');
  await amount.fill('');
  await expect(tcl.getByText('corrigée', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer et lancer les contrôles' }).click();
  await expect(tcl.getByText('Valeur à compléter.')).toBeVisible();
  await expect(amount).toBeFocused();
  await amount.fill('511,48');
  await expect(tcl.getByText('à confirmer', { exact: true })).toBeVisible();

  await confirm(page);
  await waitForStatus(page, name, 'done');
  await expect(page.getByRole('heading', { name: 'Valeurs confirmées par vous' })).toBeVisible();
  await expect(page.getByText(/Lignes et montants lus par OCR : 11 lignes, TVA et totaux confirmés/)).toBeVisible();
  await expect(page.getByText(/^Aucune anomalie relevée/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' })).toHaveCount(0);
});

test('a scan with six planted errors: confirmed → each anomaly to the cent → claim letter with HT, VAT and TTC', async ({
  page,
  admin,
}) => {
  const name = await openScanReview(page, admin, 't4-fevrier-2026-six-erreurs-scan.png', 'scan-erreurs');
  await expect(page.getByLabel('NTR imprimé sur la facture')).toHaveValue('3');
  const figures = page.getByRole('region', { name: 'Lignes et montants lus par OCR' });
  await expect(
    figures
      .getByRole('group', { name: /^Terme de capacité de livraison \(TCL\)/ })
      .getByLabel('Prix unitaire (€/MWh/j/an)'),
  ).toHaveValue('58,31');
  await confirm(page);
  await waitForStatus(page, name, 'done');

  const amounts: [string, RegExp][] = [
    ['atrt8.ntr', /870,64\s€/],
    ['atrt8.tcl', /18,17\s€/],
    ['atrd7.prix', /143,06\s€/],
    ['cta.taux', /10,62\s€/],
    ['accise.taux', /204,38\s€/],
    ['facture.arithmetique', /45,00\s€/],
  ];
  for (const [rule, amount] of amounts) {
    await expect(page.locator(`[data-testid="finding"][data-rule="${rule}"]`).getByTestId('finding-amount')).toHaveText(
      amount,
    );
  }
  await expect(page.getByTestId('recoverable-total')).toHaveText(/1\s291,87\s€/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' }).click();
  const letter = readFileSync(await (await download).path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(letter)), { mergePages: true });
  const flat = text.replace(/[\s\u202f\u00a0]+/g, ' ');
  expect(flat).toContain('Montant facturé à tort (HT) : 1 291,87 €');
  expect(flat).toContain('TVA (20 %) : 258,37 €');
  expect(flat).toContain('Total réclamé (TTC) : 1 550,24 €');
});
