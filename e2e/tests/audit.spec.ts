import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

/** The fixture corpus of the readers (packages/invoices/fixtures, generated with planted errors, ADR 0033). */
const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/invoices/fixtures');

/** A new user on the basic plan (20 audits a month; free has 2), signed in, on the audit screen. */
async function openAuditAsBasicUser(page: Page, admin: APIRequestContext, prefix: string) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
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

/**
 * Issue #14, "Done when" (browser half): hostile files get a clear French error and the server stays up; the
 * corpus path (one file of each format, planted anomalies, claim letter) is in the second describe.
 */

// Refused creations answer 415 / 400: Chromium logs them as console errors.
test.use({ allowedConsoleErrors: [/status of 4(00|15)/] });

/** The corpus's hostile files: each fails with the reader's French reason; the server keeps answering. */
const HOSTILES: [file: string, reason: RegExp][] = [
  ['hostiles/bombe.xlsx', /Classeur refusé/],
  ['hostiles/10000-entrees.xlsx', /Classeur refusé : \d+ entrées/],
  ['hostiles/xxe.xml', /DOCTYPE/],
  ['hostiles/boucle.pdf', /PDF|format non reconnu/i],
];

test('hostile files: refused on their bytes or failed by the worker with a French message, server alive', async ({
  page,
  admin,
}) => {
  await openAuditAsBasicUser(page, admin, 'audit-hostile');
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles(['hostiles/faux-pdf.pdf', ...HOSTILES.map(([file]) => file)].map((file) => path.join(CORPUS, file)));
  const rows = page.getByRole('row');
  await expect(page.getByRole('cell', { name: 'faux-pdf.pdf', exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'faux-pdf.pdf' }).getByTestId('file-status')).toHaveText('En attente');
  await page.getByRole('button', { name: "Uploader & lancer l'audit (5)" }).click();

  // Wrong magic bytes: refused at creation, the item shows why and can be launched again.
  const fake = rows.filter({ hasText: 'faux-pdf.pdf' });
  await expect(fake.getByTestId('file-status')).toHaveText('Erreur');
  await expect(fake.getByRole('alert')).toContainText('ne correspond à aucun format accepté');
  await expect(fake.getByRole('button', { name: 'Lancer faux-pdf.pdf' })).toBeEnabled();

  for (const [file] of HOSTILES) {
    const name = path.basename(file);
    const row = rows.filter({ hasText: name });
    await expect(row.getByTestId('file-status')).toHaveText('Terminé');
    await expect(row).toContainText(/ID [0-9a-f-]{36}/);
    await expect(row.getByRole('button', { name: `Lancer ${name}` })).toBeDisabled();
  }
  for (const [file, reason] of HOSTILES) {
    const name = path.basename(file);
    // The worker fails the file; the list (polled) shows it, the results view says why.
    const audit = page.getByTestId('audit-row').filter({ hasText: name });
    await expect(audit).toContainText('Échec');
    await audit.getByRole('button', { name: /Voir les résultats/ }).click();
    await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${name}` })).toBeVisible();
    await expect(page.getByRole('alert').first()).toContainText(reason);
    expect(await page.content()).not.toContain('root:');
    expect((await page.request.get('/api/health')).status()).toBe(200);
    await page.getByRole('button', { name: 'Retour aux fichiers' }).click();
  }
});

test('elec audit says it is not yet available for electricity', async ({ page, admin }) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-elec');
  await signInThroughApi(page, email, password);
  await page.goto('/private/elec/audit');
  await waitForSplash(page);
  await expect(page.getByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeVisible();
});

interface ManifestEntry {
  file: string;
  expect: { findings?: { check: string; severity: string; amountEuros: number; rule: string }[] };
}
const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as { fixtures: ManifestEntry[] };
/** One file of each format, each with planted errors. */
const CORPUS_FILES = ['erreurs/ntr-t4.pdf', 'erreurs/accise-cta-t4.xml', 'erreurs/prix-t2.xls', 'erreurs/tcl-li.xlsx'];
const euros = (value: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value).replace(/\s/g, ' ');

test('corpus: one file of each format, every planted anomaly with its € and rule, and the claim letter', async ({
  page,
  admin,
}, testInfo) => {
  await openAuditAsBasicUser(page, admin, 'audit-corpus');
  await page.getByLabel('Choisir des fichiers').setInputFiles(CORPUS_FILES.map((file) => path.join(CORPUS, file)));
  await page.getByRole('button', { name: "Uploader & lancer l'audit (4)" }).click();
  for (const file of CORPUS_FILES) {
    const row = page.getByRole('row').filter({ hasText: path.basename(file) });
    await expect(row.getByTestId('file-status')).toHaveText('Terminé');
  }
  // Each step starts as soon as the previous one frees its slot (the queue wakes on enqueue and on a job's end,
  // ADR 0030 addendum); the list refreshes every 2 s (AUDIT_POLL_MS).
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Terminé' })).toHaveCount(4);
  await shootViews(page, testInfo, 'audit-upload');

  for (const file of CORPUS_FILES) {
    const expected = manifest.fixtures.find((entry) => entry.file === file)?.expect.findings ?? [];
    expect(expected.length, file).toBeGreaterThan(0);
    await page
      .getByTestId('audit-row')
      .filter({ hasText: path.basename(file) })
      .getByRole('button', { name: /Voir les résultats/ })
      .click();
    await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${path.basename(file)}` })).toBeVisible();
    for (const finding of expected) {
      const shown = page.locator(`[data-testid="finding"][data-rule="${finding.rule}"]`);
      const amounts = (await shown.getByTestId('finding-amount').allInnerTexts()).map((text) =>
        text.replace(/\s/g, ' '),
      );
      expect(amounts, `${file} ${finding.rule}`).toContain(euros(finding.amountEuros));
      await expect(shown.first().getByTestId('finding-rule')).toContainText('Règle :');
    }
    const anomalies = expected.filter((finding) => finding.severity === 'anomalie' && finding.amountEuros > 0);
    if (anomalies.length > 0) {
      const total = anomalies.reduce((sum, finding) => sum + finding.amountEuros, 0);
      await expect(page.getByTestId('recoverable-total')).toHaveText(
        new RegExp(euros(Math.round(total * 100) / 100).replace(/ /g, '\\s')),
      );
    }
    if (file === 'erreurs/ntr-t4.pdf') {
      await shootViews(page, testInfo, 'audit-results');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' }).click();
      const letter = await download;
      expect(letter.suggestedFilename()).toMatch(/^reclamation-.+\.pdf$/);
      const bytes = readFileSync(await letter.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(5_000);
    }
    await page.getByRole('button', { name: 'Retour aux fichiers' }).click();
  }
});

test('the same meter and month audited twice: a possible duplicate for the user to qualify, never a claim (issue #25)', async ({
  page,
  admin,
}, testInfo) => {
  await openAuditAsBasicUser(page, admin, 'audit-doublon');
  const bytes = readFileSync(path.join(CORPUS, 't4-pitd-fevrier-2026.pdf'));
  // The page is opened as 127.0.0.1: the upload URL is relative, so the PUT goes to the page's own origin.
  for (const name of ['fevrier.pdf', 'fevrier-rectifiee.pdf']) {
    await page.getByLabel('Choisir des fichiers').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await page.getByRole('button', { name: `Lancer ${name}` }).click();
    await expect(page.getByRole('row').filter({ hasText: name }).getByTestId('file-status')).toHaveText('Terminé');
    await expect(page.getByTestId('audit-row').filter({ hasText: name }).filter({ hasText: 'Terminé' })).toHaveCount(1);
  }
  await page
    .getByTestId('audit-row')
    .filter({ hasText: 'fevrier-rectifiee.pdf' })
    .getByRole('button', { name: /Voir les résultats/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Résultats de l’audit — fevrier-rectifiee.pdf' })).toBeVisible();
  const box = page.getByRole('region', { name: 'Doublon ou facture rectificative possible' });
  await expect(box).toContainText('La facture n° FG-2026-02-0117, déjà auditée, couvre 28 jours de cette période');
  await expect(page.getByTestId('recoverable-total')).toHaveText(/0,00\s€/);
  await expect(page.getByRole('button', { name: /lettre de réclamation/ })).toHaveCount(0);
  await expect(page.getByTestId('audit-headline')).not.toHaveText(/Aucune anomalie relevée sur cette facture/);
  await shootViews(page, testInfo, 'audit-duplicate');
  await box.getByRole('radio', { name: /Une facture rectificative/ }).click();
  await expect(box.getByRole('status')).toContainText('Réponse enregistrée : une facture rectificative');
});
