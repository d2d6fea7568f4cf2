import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

/**
 * One file, several invoices (issue #25 §4, ADR 0086): a supplier portal's CSV export of three invoices — PCE
 * 21400000000117 for January and February 2026, both correct, and PCE 21400000000125 for February 2026 billed with a
 * TCL of 58,31 instead of 56,31 €/MWh/j/an — is uploaded once and gives three audits, each with its own result: the
 * planted error's anomaly with its € and the claim letter on the third, nothing on the two others.
 */
const FILE = 'export-factures-2026.csv';
const HEADER =
  'N° facture;PCE;Date de début;Date de fin;Option;Code PITD;NTR;CAR (kWh);CJA (kWh/j);Composante;Quantité;Unité;Prix unitaire;Unité de prix;Prorata;Montant HT (€);TVA (€);Montant TTC (€)';
/** The billed lines of the public February 2026 T4 case (packages/invoices/test/helpers), as the portal prints them. */
const FEBRUARY = [
  'Abonnement distribution;1;an;21705,72;€/an;1/12;1808,81;361,76;2170,57',
  'Souscription de capacité journalière T4 (jusqu’à 500 MWh/j);109;MWh/j;288;€/MWh/j/an;1/12;2616;523,2;3139,2',
  'Terme proportionnel distribution;2043755;kWh;1,18;€/MWh;;2411,63;482,33;2893,96',
  'Terme de capacité de sortie du réseau principal (TCS);109;MWh/j;123,58;€/MWh/j/an;1/12;1122,52;224,5;1347,02',
  'Terme de capacité régional (TCR x NTR);109;MWh/j;191,7;€/MWh/j/an;1/12;1741,28;348,26;2089,54',
  'Terme de capacité de livraison (TCL);109;MWh/j;56,31;€/MWh/j/an;1/12;511,48;102,3;613,78',
  'Compensation stockage;29,015;MWh/j;331,44;€/MWh/j/an;1/12;801,39;160,28;961,67',
  'CTA part distribution;4424,81;€;20,8;%;;920,36;184,07;1104,43',
  'CTA part transport;3681,88;€;4,71;%;;173,42;34,68;208,1',
  'Accise sur les gaz naturels;2043755;kWh;16,39;€/MWh;;33497,14;6699,43;40196,57',
  'Fourniture de gaz naturel;2043755;kWh;45,8;€/MWh;;93603,98;18720,8;112324,78',
];
/** January 2026: 2 310,4 MWh, the accise at its January rate (15,43 €/MWh). */
const JANUARY = FEBRUARY.map((line) =>
  line.startsWith('Terme proportionnel')
    ? 'Terme proportionnel distribution;2310400;kWh;1,18;€/MWh;;2726,27;545,25;3271,52'
    : line.startsWith('Accise')
      ? 'Accise sur les gaz naturels;2310400;kWh;15,43;€/MWh;;35649,47;7129,89;42779,36'
      : line.startsWith('Fourniture')
        ? 'Fourniture de gaz naturel;2310400;kWh;45,8;€/MWh;;105816,32;21163,26;126979,58'
        : line,
);
/** The planted error: TCL 58,31 €/MWh/j/an, 109 × 58,31 / 12 = 529,65 € billed for 511,48 € — 18,17 € too much. */
const TCL_ERROR = FEBRUARY.map((line) =>
  line.startsWith('Terme de capacité de livraison')
    ? 'Terme de capacité de livraison (TCL);109;MWh/j;58,31;€/MWh/j/an;1/12;529,65;105,93;635,58'
    : line,
);
const POINT = 'T4;GI060012;2;15466800;109000';
const rows = (head: string, lines: readonly string[]) => lines.map((line) => `${head};${POINT};${line}`);
const EXPORT = [
  'Espace client — export de vos factures détaillées',
  'Fournisseur;Énergie Exemple SA',
  '',
  HEADER,
  ...rows('FG-2026-01-0117;21400000000117;01/01/2026;31/01/2026', JANUARY),
  ...rows('FG-2026-02-0117;21400000000117;01/02/2026;28/02/2026', FEBRUARY),
  ...rows('FG-2026-02-0125;21400000000125;01/02/2026;28/02/2026', TCL_ERROR),
].join('\r\n');

async function openAuditAsBasicUser(page: Page, admin: APIRequestContext) {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'audit-export');
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

test('a portal export of three invoices: three audits, the planted anomaly with its € on the third only', async ({
  page,
  admin,
}, testInfo) => {
  await openAuditAsBasicUser(page, admin);
  await page
    .getByLabel('Choisir des fichiers')
    .setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${EXPORT}\r\n`, 'utf8') });
  await page.getByRole('button', { name: "Uploader & lancer l'audit (1)" }).click();
  await expect(page.getByRole('row').filter({ hasText: FILE }).getByTestId('file-status')).toHaveText('Terminé');

  // One upload, three audits: the list refreshes every 2 s (AUDIT_POLL_MS) while the worker pool reads each part.
  const audits = page.getByTestId('audit-row').filter({ hasText: FILE });
  await expect(audits.filter({ hasText: 'Terminé' })).toHaveCount(3);
  await expect(audits.getByTestId('audit-row-part')).toHaveText([
    'Facture 1 sur 3 — PCE 21400000000117 · janvier 2026 · n° FG-2026-01-0117',
    'Facture 2 sur 3 — PCE 21400000000117 · février 2026 · n° FG-2026-02-0117',
    'Facture 3 sur 3 — PCE 21400000000125 · février 2026 · n° FG-2026-02-0125',
  ]);
  await expect(audits.nth(0)).toContainText(/0 anomalie(, \d+ alertes?)?, 0,00\s€ récupérables/);
  await expect(audits.nth(1)).toContainText(/0 anomalie(, \d+ alertes?)?, 0,00\s€ récupérables/);
  await expect(audits.nth(2)).toContainText(/1 anomalie(, \d+ alertes?)?, 18,17\s€ récupérables/);

  await audits
    .nth(2)
    .getByRole('button', { name: /Voir les résultats/ })
    .click();
  await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${FILE}` })).toBeVisible();
  await expect(page.getByTestId('audit-part')).toHaveText(
    'Facture 3 sur 3 — PCE 21400000000125 · février 2026 · n° FG-2026-02-0125',
  );
  const invoices = page.getByRole('list', { name: 'Factures du fichier' }).getByTestId('file-invoice');
  await expect(invoices).toHaveCount(3);
  await expect(invoices.getByTestId('file-invoice-result')).toHaveText([
    /^0 anomalie — 0,00\s€ récupérables$/,
    /^0 anomalie — 0,00\s€ récupérables$/,
    /^1 anomalie — 18,17\s€ récupérables$/,
  ]);
  await expect(invoices.nth(2)).toHaveAttribute('aria-current', 'true');
  const tcl = page.locator('[data-testid="finding"][data-rule="atrt8.tcl"]');
  await expect(tcl.getByTestId('finding-amount')).toHaveText(/^18,17\s€$/);
  await expect(page.getByTestId('finding')).toHaveCount(1);
  await expect(page.getByTestId('recoverable-total')).toHaveText(/^18,17\s€$/);
  await expect(page.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' })).toBeVisible();
  await shootViews(page, testInfo, 'audit-export-third-invoice');

  // The first invoice of the file opens in place: correct, nothing claimed, no letter.
  await invoices.nth(0).getByRole('link', { name: 'Voir la facture 1 sur 3' }).click();
  await expect(page.getByTestId('audit-part')).toHaveText(
    'Facture 1 sur 3 — PCE 21400000000117 · janvier 2026 · n° FG-2026-01-0117',
  );
  await expect(page.getByRole('heading', { name: `Résultats de l’audit — ${FILE}` })).toBeFocused();
  await expect(page.getByTestId('recoverable-total')).toHaveText(/^0,00\s€$/);
  await expect(page.getByTestId('finding')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /lettre de réclamation/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Retour aux fichiers' }).click();
  await expect(audits).toHaveCount(3);
  // The list's rows: a phone in light, a desktop in dark (the results page above has all four).
  await shootViews(page, testInfo, 'audit-export-list', {
    views: [
      { width: 360, scheme: 'light' },
      { width: 1280, scheme: 'dark' },
    ],
  });
});
