import { readFileSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { createVerifiedUser, findMail, pathOf, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

/**
 * Issue #24 §1, ADR 0078: the plan belongs to the organisation. Its owner pays for the yearly Premium plan with the
 * local provider (prices HT / TVA / TTC), downloads the invoice; a member sees the plan but cannot change it.
 */
test('owner pays the yearly plan (HT / TVA / TTC) and downloads the invoice; a member sees the plan, read-only', async ({
  page,
  browser,
  admin,
}, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'proprietaire-abonnement');
  const member = await createVerifiedUser(admin, E2E_BASE_URL, 'membre-abonnement');
  const ownerApi = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  expect((await postJson(ownerApi, '/api/auth/sign-in/email', owner)).status()).toBe(200);
  const created = await postJson(ownerApi, '/api/organisations/', {
    name: 'Brasserie Facturée',
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: {
      label: '8 Boulevard du Port 80000 Amiens',
      address: '8 Boulevard du Port',
      postal_code: '80000',
      city: 'Amiens',
      citycode: '80021',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const organisationId = ((await created.json()) as { id: string }).id;
  const invited = await postJson(ownerApi, `/api/organisations/${organisationId}/invitations`, {
    email: member.email,
    role: 'member',
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await ownerApi.dispose();

  // The owner: yearly prices, the demonstration checkout, back with the plan and its invoice.
  await signInThroughApi(page, owner.email, owner.password);
  await page.goto('/private/account/settings');
  await waitForSplash(page);
  await page.getByText('Annuel (2 mois offerts)').click();
  const premium = page.locator('[data-plan="premium"]');
  await expect(premium).toContainText('790,00 € HT / an');
  await expect(premium).toContainText('TVA 20 % : 158,00 €');
  await expect(premium).toContainText('TTC : 948,00 €');
  await premium.getByRole('button', { name: 'Choisir Premium' }).click();
  await expect(page).toHaveURL(/\/private\/account\/billing\/checkout\?session=/);
  await expect(page.getByTestId('plan-summary')).toContainText('TTC : 948,00 €');
  await page.getByRole('button', { name: /^Payer 948,00\s€ TTC \(démonstration\)$/ }).click();
  await expect(page.getByText('Paiement réussi ! Votre abonnement est activé.')).toBeVisible();
  await expect(page.getByTestId('tier-badge')).toHaveText('Premium');
  const invoice = page.getByTestId('invoice');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('790,00 € HT · TVA 158,00 € · 948,00 € TTC');
  const downloading = page.waitForEvent('download');
  await invoice.getByRole('link', { name: /Télécharger la facture F-\d{4}-\d{6}/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^facture-F-\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await shootViews(page, testInfo, 'abonnement-proprietaire');

  // The member accepts the invitation: the same plan, nothing to choose.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const memberPage = await context.newPage();
  const link = (await findMail(admin, member.email, 'Invitation à rejoindre Brasserie Facturée')).links[0] ?? '';
  const token = new URL(pathOf(link), E2E_BASE_URL).searchParams.get('token');
  await signInThroughApi(memberPage, member.email, member.password);
  const accepted = await postJson(memberPage.request, '/api/organisations/invitations/accept', { token });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await memberPage.goto('/private/account/settings');
  await waitForSplash(memberPage);
  await expect(memberPage.getByTestId('tier-badge')).toHaveText('Premium');
  await expect(memberPage.getByTestId('plan-managers-only')).toContainText(
    'Seuls les propriétaires et administrateurs de l’organisation peuvent changer son abonnement.',
  );
  for (const button of await memberPage.getByTestId('plan-card').getByRole('button').all()) {
    await expect(button).toBeDisabled();
  }
  await expect(memberPage.getByRole('button', { name: "Gérer l'abonnement" })).toHaveCount(0);
  await shootViews(memberPage, testInfo, 'abonnement-membre');
  await context.close();
});
