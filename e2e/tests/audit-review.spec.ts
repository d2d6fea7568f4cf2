import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { invoicePdf, T4_NTR3_SPEC } from '../../apps/server/test/helpers/invoice-pdf.ts';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

const NAME = 'facture-sans-cja.pdf';

/** A new user uploads the T4 invoice whose header lacks the CJA and opens its audit, stopped at « À compléter ». */
async function openWaitingAudit(page: Page, admin: APIRequestContext, prefix: string) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/audit');
  await waitForSplash(page);
  const { bytes } = await invoicePdf(T4_NTR3_SPEC, ['cja']);
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: `Lancer ${NAME}` }).click();
  const row = page.getByTestId('audit-row').filter({ hasText: NAME });
  await expect(row).toContainText('À compléter');
  await row.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(
    page.getByText('À compléter : la facture a été lue, mais des valeurs manquent ou sont douteuses.'),
  ).toBeVisible();
}

/**
 * Issue #25 §6 and §9, "Done when" (browser): a PDF whose header lacks the CJA stops at « À compléter » with the
 * invoice's first page beside the fields (ADR 0071).
 */
test('a PDF without its CJA stops at « À compléter »: the first page beside what was read and the field to complete', async ({
  page,
  admin,
}, testInfo) => {
  await openWaitingAudit(page, admin, 'audit-revue');
  const read = page.getByRole('region', { name: 'Ce qui a été lu' });
  await expect(read).toContainText('FG-2026-02-0300');
  await expect(page.getByRole('img', { name: `Page 1 de la facture « ${NAME} »` })).toHaveAttribute(
    'data-state',
    'drawn',
  );
  await expect(page.getByLabel('Capacité journalière souscrite (CJA) (MWh/j)')).toHaveValue('');
  await shootViews(page, testInfo, 'audit-review', {
    // The page image is drawn again at each width.
    ready: (view) =>
      expect(view.getByRole('img', { name: /^Page 1 de la facture/ })).toHaveAttribute('data-state', 'drawn'),
  });
});

/** The user enters the CJA; the checks find the planted NTR error (870,64 € HT); the letter says HT, VAT and TTC. */
test('the user enters the CJA → anomalies → claim letter with HT, VAT and TTC', async ({ page, admin }) => {
  await openWaitingAudit(page, admin, 'audit-revue-cja');
  // Required: nothing is sent without it.
  const submit = page.getByRole('button', { name: 'Confirmer et lancer les contrôles' });
  await submit.click();
  await expect(page.getByText('Valeur à compléter.')).toBeVisible();
  await page.getByLabel('Capacité journalière souscrite (CJA) (MWh/j)').fill('109');
  await submit.click();

  // The checks run on the confirmed value: the NTR billed (3) is not the point's (2).
  await expect(page.getByRole('heading', { name: 'Valeurs confirmées par vous' })).toBeVisible();
  await expect(page.getByText('Capacité journalière souscrite (CJA) : 109 MWh/j')).toBeVisible();
  const ntr = page.locator('[data-testid="finding"][data-rule="atrt8.ntr"]');
  await expect(ntr.getByTestId('finding-amount')).toHaveText(/870,64\s€/);
  await expect(page.getByTestId('recoverable-total')).toHaveText(/870,64\s€/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' }).click();
  const letter = readFileSync(await (await download).path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(letter)), { mergePages: true });
  const flat = text.replace(/[\s\u202f\u00a0]+/g, ' ');
  expect(flat).toContain('Lettre recommandée avec accusé de réception');
  expect(flat).toContain('Niveau de tarif régional (NTR) erroné — 870,64 € HT');
  expect(flat).toContain('Montant facturé à tort (HT) : 870,64 €');
  expect(flat).toContain('TVA (20 %) : 174,13 €');
  expect(flat).toContain('Total réclamé (TTC) : 1 044,77 €');
  expect(flat).toContain('dans un délai de 30 jours');
});
