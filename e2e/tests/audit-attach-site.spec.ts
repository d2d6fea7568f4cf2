import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createVerifiedUser, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../packages/invoices/fixtures');

/**
 * Issue #24 §2 (ADR 0079): an audited invoice is attached to an EXISTING site, picked in a dialog that searches and
 * pages the organisation's sites on the server; the site's page then lists the audit. Screenshots of the picker at
 * 360 and 1280 px, light and dark.
 */
test('an audited invoice is attached to an existing site picked from a searched, paginated list', async ({
  page,
  admin,
}, testInfo) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-site');
  await signInThroughApi(page, email, password);
  // Twelve sites: more than one page of the picker (eight a page).
  await Promise.all(
    Array.from({ length: 12 }, async (_, index) => {
      const n = String(index + 1).padStart(2, '0');
      const created = await postJson(page.request, '/api/sites/', { name: `Entrepôt ${n}`, pce: `300000000000${n}` });
      expect(created.status(), await created.text()).toBe(201);
    }),
  );
  await page.goto('/private/gas/audit');
  await waitForSplash(page);
  const bytes = readFileSync(path.join(CORPUS, 't4-pitd-fevrier-2026.pdf'));
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles({ name: 'fevrier.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: 'Lancer fevrier.pdf' }).click();
  const row = page.getByTestId('audit-row').filter({ hasText: 'fevrier.pdf' });
  await expect(row.filter({ hasText: 'Terminé' })).toHaveCount(1);
  await row.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(page.getByRole('heading', { name: 'Résultats de l’audit — fevrier.pdf' })).toBeVisible();

  await page.getByRole('button', { name: 'Rattacher à un site existant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rattacher l’audit à un site' });
  const pages = dialog.getByRole('navigation', { name: 'Pages des sites' });
  await expect(pages).toContainText('Page 1 sur 2 · 12 résultats');
  await shootViews(page, testInfo, 'audit-attach-site');
  await pages.getByRole('button', { name: 'Suivant' }).click();
  await expect(dialog.getByText('Entrepôt 12')).toBeVisible();
  await dialog.getByLabel('Rechercher un site').fill('Entrepôt 11');
  await expect(pages).toContainText('Page 1 sur 1 · 1 résultat');
  await dialog.getByRole('button', { name: 'Rattacher au site Entrepôt 11' }).click();
  await expect(page.getByText('Audit rattaché au site Entrepôt 11.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The audit's page, opened again, still names its site (the detail carries it).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Résultats de l’audit — fevrier.pdf' })).toBeVisible();
  await expect(page.getByTestId('audit-site')).toContainText('Site : Entrepôt 11');

  await page.getByTestId('audit-site').getByRole('link', { name: 'Entrepôt 11' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrepôt 11' })).toBeVisible();
  await expect(page.getByText(/fevrier\.pdf · Terminé/)).toBeVisible();
});
