import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * E-invoices in the browser (issue #25 §2, ADR 0069): a Factur-X PDF and a UBL file written by another tool
 * (`@e-invoice-eu/core`, packages/invoices/fixtures/e-factures) of the public February 2026 T4 case. The one with the
 * six planted errors shows each anomaly with its € and the claim letter; the correct one shows 0,00 € and no letter.
 */
const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/invoices/fixtures/e-factures');
const SIX = 't4-fevrier-2026-six-erreurs-factur-x.pdf';
const CORRECT = 't4-fevrier-2026-ubl.xml';
/** The six planted errors' findings (packages/invoices/test/helpers/e-invoice-eu.ts). */
const PLANTED: [rule: string, euros: string][] = [
  ['atrt8.ntr', '870,64 €'],
  ['atrt8.tcl', '18,17 €'],
  ['atrd7.prix', '143,06 €'],
  ['cta.taux', '10,62 €'],
  ['accise.taux', '204,38 €'],
  ['facture.arithmetique', '45,00 €'],
];

async function openAuditAsBasicUser(page: Page, admin: APIRequestContext) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-efacture');
  await signInThroughApi(page, email, password);
  const me = (await (await page.request.get('/api/account/me')).json()) as { user: { id: string } };
  const token = ((await (await admin.get('/api/common/get-csrf-token/')).json()) as { csrfToken: string }).csrfToken;
  const upgrade = await admin.patch(`/api/admin/users/${me.user.id}/tier`, {
    data: { tier: 'basic' },
    headers: { 'X-CSRFToken': token },
  });
  expect(upgrade.status(), await upgrade.text()).toBe(200);
  await page.goto('/private/gas/audit');
  await waitForSplash(page);
  await expect(page.getByRole('heading', { name: 'Audit (Beta)', level: 1 })).toBeVisible();
}

test('a Factur-X with six planted errors and a correct UBL: each anomaly with its €, the letter only for the first', async ({
  page,
  admin,
}) => {
  await openAuditAsBasicUser(page, admin);
  await expect(page.getByText(/factures électroniques Factur-X, UBL et CII comprises/)).toBeVisible();
  await page.getByLabel('Choisir des fichiers').setInputFiles([path.join(DIR, SIX), path.join(DIR, CORRECT)]);
  await page.getByRole('button', { name: "Uploader & lancer l'audit (2)" }).click();
  for (const file of [SIX, CORRECT]) {
    await expect(page.getByRole('row').filter({ hasText: file }).getByTestId('file-status')).toHaveText('Terminé');
  }
  // The list refreshes every 2 s (AUDIT_POLL_MS) while the worker pool reads and checks each file.
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Terminé' })).toHaveCount(2);

  await page
    .getByTestId('audit-row')
    .filter({ hasText: SIX })
    .getByRole('button', { name: /Voir les résultats/ })
    .click();
  await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${SIX}` })).toBeVisible();
  for (const [rule, euros] of PLANTED) {
    const amounts = await page
      .locator(`[data-testid="finding"][data-rule="${rule}"]`)
      .getByTestId('finding-amount')
      .allInnerTexts();
    expect(
      amounts.map((text) => text.replace(/\s/g, ' ')),
      rule,
    ).toContain(euros);
  }
  await expect(page.getByTestId('recoverable-total')).toHaveText(/1\s291,87\s€/);
  await expect(page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' })).toBeVisible();
  await page.getByRole('button', { name: 'Retour aux fichiers' }).click();

  await page
    .getByTestId('audit-row')
    .filter({ hasText: CORRECT })
    .getByRole('button', { name: /Voir les résultats/ })
    .click();
  await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${CORRECT}` })).toBeVisible();
  await expect(page.getByTestId('recoverable-total')).toHaveText(/0,00\s€/);
  await expect(page.locator('[data-testid="finding"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /lettre de réclamation/ })).toHaveCount(0);
});
