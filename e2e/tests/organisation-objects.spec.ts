import { request as playwrightRequest } from '@playwright/test';
import { createVerifiedUser, findMail, pathOf, postJson, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootViews } from '../support/views.ts';

/**
 * Issue #24 §1, objects (ADR 0066), as a viewer lives it: an owner simulates in their company's organisation and
 * invites a colleague as viewer; the viewer finds the simulation in « Historique » without « Recalculer » nor
 * « Supprimer », and the simulator's form disabled under the French sentence saying why. Screenshots of the
 * simulator at 360 and 1280 px, light and dark.
 */

const READ_ONLY =
  'Votre rôle de lecteur dans cette organisation permet de consulter, pas de créer, modifier ni supprimer : demandez à un administrateur de l’organisation le rôle de membre.';

test('a viewer reads the organisation’s simulation but cannot recalculate, delete nor simulate', async ({
  page,
  admin,
}, testInfo) => {
  const owner = await createVerifiedUser(admin, E2E_BASE_URL, 'proprietaire-objets');
  const viewer = await createVerifiedUser(admin, E2E_BASE_URL, 'lecteur-objets');

  // The owner, through the API: an organisation (it becomes active), a simulation in it, an invitation as viewer.
  const ownerApi = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  expect((await postJson(ownerApi, '/api/auth/sign-in/email', owner)).status()).toBe(200);
  const created = await postJson(ownerApi, '/api/organisations/', { name: 'Fromagerie Objets' });
  expect(created.status(), await created.text()).toBe(201);
  const organisationId = ((await created.json()) as { id: string }).id;
  const simulated = await postJson(ownerApi, '/api/simulator/simulate/', {
    pointDeReseau: 'PITD',
    code: 'E2E-PITD-IDF-01',
    commune: 'Paris',
    tso: 'NaTran',
    dso: 'GRDF',
    profil: 'P016',
    tarif: 'T4',
    car: '15 466,8',
    cjaMwhj: '109',
    dateEffetMonth: '2026-02',
    honeypot: '',
  });
  expect(simulated.status(), await simulated.text()).toBe(200);
  const invited = await postJson(ownerApi, `/api/organisations/${organisationId}/invitations`, {
    email: viewer.email,
    role: 'viewer',
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await ownerApi.dispose();

  // The viewer accepts (the organisation becomes their active one), then opens « Historique ».
  const link = (await findMail(admin, viewer.email, 'Invitation à rejoindre Fromagerie Objets')).links[0] ?? '';
  const token = new URL(pathOf(link), E2E_BASE_URL).searchParams.get('token');
  await signInThroughApi(page, viewer.email, viewer.password);
  const accepted = await postJson(page.request, '/api/organisations/invitations/accept', { token });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.goto('/private/historique');
  await waitForSplash(page);
  const card = page.getByTestId('history-simulation');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('E2E-PITD-IDF-01');
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(card.getByRole('button', { name: /Rouvrir/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /Recalculer/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);

  // The simulator: the form is there, disabled, under the sentence.
  await page.goto('/private/gas/simulator');
  await waitForSplash(page);
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lancer la simulation' })).toBeDisabled();
  await shootViews(page, testInfo, 'simulateur-lecteur');
});
