import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A spreadsheet export whose header no reader knows (issue #25 §4, ADR 0085), written here by exceljs: the audit
 * stops at « Colonnes à indiquer » with a form listing each column, the user maps them with the keyboard and the
 * selects, the audit runs again and the public February 2026 T4 case gives « Aucune anomalie relevée »; a second
 * export of the same supplier (same header) is read without asking, and the mapping is listed on the audit page.
 */
const PCE = '21400000000117';
const TITLES = [
  'Valeur € HT',
  'Poste de facturation',
  'Compteur',
  'Début',
  'Fin',
  'Opt.',
  'Point réseau',
  'Niveau NTR',
  'Conso. annuelle réf.',
  'Capacité souscrite',
  'Nb',
  'U',
  'PU',
  'U. prix',
  'Fraction',
  'Taxe',
  'Total TTC',
];
/** The public February 2026 T4 case (packages/invoices/test/helpers/e-invoice-eu.ts): label, quantity, unit, price, price unit, months, € HT. */
const LINES: [string, number, string, number, string, number | null, number][] = [
  ['Abonnement distribution', 1, 'an', 21705.72, '€/an', 1, 1808.81],
  ['Souscription de capacité journalière T4 (jusqu’à 500 MWh/j)', 109, 'MWh/j', 288, '€/MWh/j/an', 1, 2616],
  ['Terme proportionnel distribution', 2043755, 'kWh', 1.18, '€/MWh', null, 2411.63],
  ['Terme de capacité de sortie du réseau principal (TCS)', 109, 'MWh/j', 123.58, '€/MWh/j/an', 1, 1122.52],
  ['Terme de capacité régional (TCR x NTR)', 109, 'MWh/j', 191.7, '€/MWh/j/an', 1, 1741.28],
  ['Terme de capacité de livraison (TCL)', 109, 'MWh/j', 56.31, '€/MWh/j/an', 1, 511.48],
  ['Compensation stockage', 29.015, 'MWh/j', 331.44, '€/MWh/j/an', 1, 801.39],
  ['CTA part distribution', 4424.81, '€', 20.8, '%', null, 920.36],
  ['CTA part transport', 3681.88, '€', 4.71, '%', null, 173.42],
  ['Accise sur les gaz naturels', 2043755, 'kWh', 16.39, '€/MWh', null, 33497.14],
  ['Fourniture de gaz naturel', 2043755, 'kWh', 45.8, '€/MWh', null, 93603.98],
];

async function oddExport(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mes factures');
  ws.addRow(['Export espace client']);
  ws.addRow(['Fournisseur', 'Énergie Exemple SA']);
  ws.addRow([]);
  ws.addRow(TITLES);
  for (const [label, quantity, unit, price, priceUnit, months, amount] of LINES) {
    // VAT at 20 % on every line (2026), and the line's TTC: what a supplier's export prints beside the HT.
    const vat = Math.round(amount * 20) / 100;
    ws.addRow([
      amount,
      label,
      PCE,
      '01/02/2026',
      '28/02/2026',
      'T4',
      'GI060012',
      2,
      15466800,
      109000,
      quantity,
      unit,
      price,
      priceUnit,
      months === null ? null : `${months}/12`,
      vat,
      Math.round((amount + vat) * 100) / 100,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The role (and unit) the user gives each column, by title. */
const ROLES: [title: string, role: string, unit?: string][] = [
  ['Valeur € HT', 'Montant HT'],
  ['Poste de facturation', 'Libellé de la ligne'],
  ['Compteur', 'PCE (point de comptage)'],
  ['Début', 'Date de début'],
  ['Fin', 'Date de fin'],
  ['Opt.', 'Option tarifaire'],
  ['Point réseau', 'Code PITD'],
  ['Niveau NTR', 'NTR'],
  ['Conso. annuelle réf.', 'CAR', 'kWh/an'],
  ['Capacité souscrite', 'CJA', 'kWh/j'],
  ['Nb', 'Quantité'],
  ['U', 'Unité de la quantité'],
  ['PU', 'Prix unitaire'],
  ['U. prix', 'Unité du prix'],
  ['Fraction', 'Prorata / durée'],
  ['Taxe', 'TVA'],
  ['Total TTC', 'Montant TTC'],
];

// The refused mapping's 400 answer is logged by the browser.
test.use({ allowedConsoleErrors: [/status of 400/] });

async function openAuditAsBasicUser(page: Page, admin: APIRequestContext) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-colonnes');
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

async function upload(page: Page, name: string, buffer: Buffer) {
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles([{ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer }]);
  await page.getByRole('button', { name: "Uploader & lancer l'audit (1)" }).click();
  await expect(page.getByRole('row').filter({ hasText: name }).getByTestId('file-status')).toHaveText('Terminé');
}

test('an export with an unknown header: the columns mapped once, « Aucune anomalie », the next export read without asking', async ({
  page,
  admin,
}) => {
  await openAuditAsBasicUser(page, admin);
  const bytes = await oddExport();
  const FIRST = 'export-fevrier-2026.xlsx';
  await upload(page, FIRST, bytes);
  const firstRow = page.getByTestId('audit-row').filter({ hasText: FIRST });
  // The list refreshes every 2 s (AUDIT_POLL_MS) while the worker pool reads the file.
  await expect(firstRow).toContainText('Échec');
  await firstRow.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(page.getByText(/^Colonnes à indiquer : /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Indiquer les colonnes du fichier' })).toBeVisible();
  await expect(page.getByTestId('mapping-column')).toHaveCount(TITLES.length);
  await expect(page.getByTestId('mapping-column').filter({ hasText: '« Compteur »' })).toContainText(
    `Exemples : ${PCE} · ${PCE}`,
  );

  // Submitting the synonyms' proposals alone (no PCE among them) says what is missing, in French.
  await page.getByRole('button', { name: 'Enregistrer les colonnes et relancer l’audit' }).click();
  await expect(page.getByText('Indiquez la colonne du PCE.')).toBeVisible();

  // The first select by keyboard (a native select: focus, then type the option's first letters).
  const amount = page.getByLabel('Rôle de la colonne « Valeur € HT »');
  await amount.focus();
  await page.keyboard.type('Montant H');
  await expect(amount).toHaveValue('amount');
  await expect(amount).toBeFocused();
  for (const [title, role, unit] of ROLES) {
    await page.getByLabel(`Rôle de la colonne « ${title} »`).selectOption({ label: role });
    if (unit) {
      await page.getByLabel(`Unité de la colonne « ${title} »`).selectOption(unit);
    }
  }
  await page.getByRole('button', { name: 'Enregistrer les colonnes et relancer l’audit' }).click();
  await expect(page.getByText('Aucune anomalie relevée')).toBeVisible();
  await expect(page.getByTestId('recoverable-total')).toHaveText(/0,00\s€/);
  await expect(page.locator('[data-testid="finding"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /lettre de réclamation/ })).toHaveCount(0);

  // The same supplier's next export: read at once, no form.
  await page.getByRole('button', { name: 'Retour aux fichiers' }).click();
  const SECOND = 'export-fevrier-2026-bis.xlsx';
  await upload(page, SECOND, bytes);
  const secondRow = page.getByTestId('audit-row').filter({ hasText: SECOND });
  await expect(secondRow).toContainText('Terminé');
  await expect(page.getByRole('heading', { name: 'Correspondances de colonnes retenues' })).toBeVisible();
  await expect(page.getByText('Énergie Exemple SA')).toBeVisible();
  await secondRow.getByRole('button', { name: /Voir les résultats/ }).click();
  await expect(page.getByTestId('recoverable-total')).toHaveText(/0,00\s€/);
  await expect(page.getByRole('heading', { name: 'Indiquer les colonnes du fichier' })).toHaveCount(0);
});
