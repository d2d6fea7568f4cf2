import { readFile, writeFile } from 'node:fs/promises';
import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { drawWithPointer, inkPixels, mandateCard, openMandates, uniqueDeliveryPoint } from '../support/mandates.ts';

test('a simple mandate is created from the empty state, then revoked with its typed number', async ({
  page,
  admin,
}) => {
  await openMandates(page, admin, 'mandat-simple');
  const pce = uniqueDeliveryPoint();

  await expect(page.getByText("Vous n'avez pas encore de mandat actif ?")).toBeVisible();
  await expect(page.getByTestId('active-count')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Ajouter un nouveau mandat' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Créer mon premier mandat' }).click();

  const form = page.getByRole('form', { name: 'Formulaire classique' });
  await expect(form.getByText('Durée : 12 mois')).toBeVisible();
  await form.getByRole('button', { name: 'Créer le mandat' }).click();
  await expect(form.getByText("Veuillez sélectionner le type d'énergie et le gestionnaire")).toBeVisible();
  await form.getByLabel('Gaz', { exact: true }).check();
  await form.getByLabel('Gestionnaire de réseau').selectOption('grdf');
  await form.getByRole('button', { name: 'Créer le mandat' }).click();
  await expect(form.getByText("Veuillez renseigner l'adresse complète du point de livraison")).toBeVisible();
  await form.getByLabel('Adresse du point de livraison').fill('8 boulevard du Port');
  await form.getByLabel('Code postal').fill('80000');
  await form.getByLabel('Commune').fill('Amiens');
  await form.getByRole('button', { name: 'Créer le mandat' }).click();
  await expect(form.getByText('Le numéro PCE est obligatoire pour le gaz')).toBeVisible();
  await form.getByLabel('Numéro PCE').fill(pce);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  // In dark mode too: the chosen mode's hint on its accent background was 4.35:1.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  // The server renders and seals the mandate's PDF in a worker thread before it answers: wait for that answer.
  const created = page.waitForResponse((response) => response.url().endsWith('/api/mandates/'));
  await form.getByRole('button', { name: 'Créer le mandat' }).click();
  expect((await created).status()).toBe(201);

  await expect(page.getByText('Mandat créé avec succès !')).toBeVisible();
  await expect(form).toHaveCount(0);
  const card = mandateCard(page, pce);
  await expect(page.getByTestId('group-gas').getByRole('button', { name: /Gaz \(1\)/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(card.getByText('En attente')).toBeVisible();
  await expect(page.getByTestId('active-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Ajouter un nouveau mandat' })).toBeVisible();

  await card.getByRole('button', { name: 'Révoquer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Révoquer le mandat' });
  await dialog.getByLabel('Numéro PCE du mandat').fill(`${pce.slice(0, 13)}9`);
  await dialog.getByRole('button', { name: 'Révoquer le mandat' }).click();
  await expect(dialog.getByText(`Veuillez saisir exactement : ${pce}`)).toBeVisible();
  await dialog.getByLabel('Numéro PCE du mandat').fill(pce);
  await dialog.getByRole('button', { name: 'Révoquer le mandat' }).click();

  await expect(page.getByText('Mandat révoqué. Vos données seront supprimées sous 30 jours.')).toBeVisible();
  await expect(page.getByTestId('group-gas')).toHaveCount(0);
  await expect(page.getByText("Vous n'avez pas encore de mandat actif ?")).toBeVisible();
  const history = page.getByTestId('group-revoked');
  await expect(history.getByRole('button', { name: /Révoqués ou expirés \(1\)/ })).toBeVisible();
  await expect(mandateCard(page, pce).getByText('Révoqué', { exact: true })).toBeVisible();
});

test('a signed mandate goes through the 5 steps with a drawn signature; its PDF is downloaded, its seal verified and an altered copy detected', async ({
  page,
  admin,
}, testInfo) => {
  await openMandates(page, admin, 'mandat-signe');
  const pce = uniqueDeliveryPoint();
  await page.getByRole('button', { name: 'Créer mon premier mandat' }).click();
  await page.getByRole('button', { name: /Signature électronique certifiée/ }).click();
  const wizard = page.getByRole('form', { name: 'Signature électronique certifiée' });
  const next = wizard.getByRole('button', { name: 'Suivant' });

  // 1 — Type
  await next.click();
  await expect(wizard.getByText("Veuillez sélectionner le type d'énergie et le gestionnaire")).toBeVisible();
  await wizard.getByLabel('Gaz', { exact: true }).check();
  await wizard.getByLabel('Gestionnaire de réseau').selectOption('grdf');
  await next.click();

  // 2 — Adresse: suggestions from our server (GET /api/address/search) after 3 characters.
  await expect(wizard.getByRole('heading', { name: 'Étape 2 sur 5 : Adresse' })).toBeFocused();
  await next.click();
  await expect(wizard.getByText("Veuillez renseigner l'adresse complète du point de livraison")).toBeVisible();
  const address = wizard.getByRole('combobox', { name: 'Adresse du point de livraison' });
  const search = page.waitForRequest((request) => request.url().includes('/api/address/search?q=Amiens'));
  await address.fill('Amiens');
  await search;
  const suggestion = wizard.getByRole('option').filter({ hasText: 'Amiens' }).first();
  await suggestion.click();
  await expect(wizard.getByLabel('Commune')).toHaveValue(/Amiens/);
  await expect(wizard.getByLabel('Code postal')).toHaveValue(/^80\d{3}$/);
  await address.fill('8 boulevard du Port');
  await wizard.getByLabel('Code postal').fill('80000');
  await next.click();

  // 3 — PDL/PCE
  await next.click();
  await expect(wizard.getByText('Le numéro PCE est obligatoire')).toBeVisible();
  await wizard.getByLabel('Numéro PCE').fill('1234');
  await next.click();
  await expect(wizard.getByText('Le PCE doit contenir exactement 14 chiffres')).toBeVisible();
  await wizard.getByLabel('Numéro PCE').fill(pce);
  await next.click();

  // 4 — Données and duration: the slider moves by 6 months, the number input is clamped.
  await expect(wizard.getByLabel(/Données de consommation/)).toBeChecked();
  await expect(wizard.getByLabel(/Courbe de charge/)).toHaveCount(0);
  const slider = wizard.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuenow', '24');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(wizard.getByLabel('Durée en mois')).toHaveValue('30');
  await wizard.getByLabel('Durée en mois').fill('99');
  await wizard.getByLabel('Durée en mois').press('Enter');
  await expect(wizard.getByLabel('Durée en mois')).toHaveValue('36');
  await expect(slider).toHaveAttribute('aria-valuenow', '36');
  await next.click();

  // 5 — Signature: required; mouse, pen and touch all draw; the clear button empties the sheet.
  const sign = wizard.getByRole('button', { name: 'Signer le mandat' });
  await sign.click();
  await expect(wizard.getByText('Veuillez signer le mandat.')).toBeVisible();
  const canvas = page.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  expect(box?.height).toBe(200);
  expect(await canvas.evaluate((element) => (element as HTMLCanvasElement).width)).toBeLessThanOrEqual(800);
  for (const pointerType of ['pen', 'touch'] as const) {
    await drawWithPointer(canvas, pointerType);
    await expect(canvas).toHaveAttribute('data-signed', 'true');
    expect(await inkPixels(canvas)).toBeGreaterThan(50);
    await wizard.getByRole('button', { name: 'Effacer la signature' }).click();
    await expect(canvas).toHaveAttribute('data-signed', 'false');
    expect(await inkPixels(canvas)).toBe(0);
  }
  if (!box) {
    throw new Error('no canvas box');
  }
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 25; i += 1) {
    await page.mouse.move(box.x + 40 + i * 10, box.y + 110 + Math.sin(i / 3) * 50);
  }
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-signed', 'true');
  await expect(wizard.getByText('Veuillez signer le mandat.')).toHaveCount(0);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  // The server renders and seals the PDF in a worker thread before it answers: wait for that answer.
  const created = page.waitForResponse((response) => response.url().endsWith('/api/mandates/create-signed/'));
  await sign.click();
  expect((await created).status()).toBe(201);

  await expect(page.getByText('Mandat créé et signé avec succès !')).toBeVisible();
  const card = mandateCard(page, pce);
  await expect(card.getByText('En attente')).toBeVisible();
  await expect(card.getByText(/36 mois/)).toBeVisible();

  // « Voir » opens the sealed PDF in a new tab through its signed link.
  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Voir' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain(`/api/mandates/`);
  await popup.close();

  // « Télécharger »: a real PDF file.
  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Télécharger' }).click();
  const download = await downloadPromise;
  await expect(page.getByText('Mandat téléchargé avec succès')).toBeVisible();
  const original = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(original);
  const bytes = await readFile(original);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The seal of the stored document, then the downloaded copy, then a copy with one byte changed.
  await card.getByRole('button', { name: 'Vérifier le sceau' }).click();
  const check = card.getByTestId('seal-check');
  await expect(
    check.getByText(
      'Le document stocké est intact : son empreinte et son cachet correspondent à ceux de la signature.',
    ),
  ).toBeVisible();
  const fileInput = check.getByLabel('Comparer un fichier PDF avec le document scellé');
  await fileInput.setInputFiles(original);
  await expect(check.getByText('Ce fichier est identique au document scellé lors de la signature.')).toBeVisible();

  const altered = Buffer.from(bytes);
  const at = Math.floor(altered.length / 2);
  altered[at] = (altered[at] ?? 0) ^ 0x01;
  const alteredPath = testInfo.outputPath('mandat-modifie.pdf');
  await writeFile(alteredPath, altered);
  await fileInput.setInputFiles(alteredPath);
  await expect(
    check.getByText('Ce fichier ne correspond pas au document scellé : il a été modifié après la signature.'),
  ).toBeVisible();
});
