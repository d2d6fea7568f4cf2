import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue #14, "Done when" (browser half): hostile files get a clear French error and the server stays up; the
 * corpus path (one file of each format, planted anomalies, claim letter) is in the second describe.
 */

// Refused creations answer 415 / 400: Chromium logs them as console errors.
test.use({ allowedConsoleErrors: [/status of 4(00|15)/] });
test.describe.configure({ timeout: 120_000 });

const XXE = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE facture [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<facture>&xxe;</facture>\n',
);
const EXECUTABLE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(256, 0x41)]);

test('hostile files: refused on their bytes or failed by the worker with a French message, server alive', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-hostile');
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/audit');
  await waitForSplash(page);
  await expect(page.getByRole('heading', { name: 'Audit (Beta)', level: 1 })).toBeVisible();

  await page.getByLabel('Choisir des fichiers').setInputFiles([
    { name: 'facture.pdf', mimeType: 'application/pdf', buffer: EXECUTABLE },
    { name: 'xxe.xml', mimeType: 'text/xml', buffer: XXE },
  ]);
  const rows = page.getByRole('row');
  await expect(page.getByRole('cell', { name: 'facture.pdf', exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'facture.pdf' }).getByTestId('file-status')).toHaveText('En attente');
  await page.getByRole('button', { name: "Uploader & lancer l'audit (2)" }).click();

  const exe = rows.filter({ hasText: 'facture.pdf' });
  await expect(exe.getByTestId('file-status')).toHaveText('Erreur');
  await expect(exe.getByRole('alert')).toContainText('ne correspond à aucun format accepté');
  // An error item can be launched again; a done one cannot.
  await expect(exe.getByRole('button', { name: 'Lancer facture.pdf' })).toBeEnabled();

  const xxe = rows.filter({ hasText: 'xxe.xml' });
  await expect(xxe.getByTestId('file-status')).toHaveText('Terminé');
  await expect(xxe).toContainText(/ID [0-9a-f-]{36}/);
  await expect(xxe.getByRole('button', { name: 'Lancer xxe.xml' })).toBeDisabled();

  // The worker fails the XXE file; the list (polled) shows it, the results view says why.
  const audit = page.getByTestId('audit-row').filter({ hasText: 'xxe.xml' });
  await expect(audit).toContainText('Échec', { timeout: 60_000 });
  await audit.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(page.getByRole('heading', { name: /Résultats de l’audit — xxe\.xml/ })).toBeVisible();
  await expect(page.getByText(/DOCTYPE/)).toBeVisible();
  expect(await page.content()).not.toContain('root:');

  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
});

test('elec audit says it is not yet available for electricity', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-elec');
  await signInThroughApi(page, email, password);
  await page.goto('/private/elec/audit');
  await waitForSplash(page);
  await expect(page.getByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeVisible();
});
