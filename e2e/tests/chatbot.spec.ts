import { createVerifiedUser, signInThroughApi, waitForSplash } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';

test('a signed-in user asks « Qu’est-ce que la CJA ? » and gets an answer that links to the glossary', async ({
  page,
  admin,
}) => {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'chat');
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/dashboard');
  await waitForSplash(page);

  await page.getByRole('button', { name: 'Ouvrir l’assistant' }).click();
  const panel = page.getByRole('region', { name: 'Assistant' });
  await expect(panel.getByText(/^Bonjour ! Je réponds/)).toBeVisible();
  const box = panel.getByLabel('Votre question');
  await expect(box).toBeFocused();
  const size = await panel.boundingBox();
  expect(size?.width).toBe(384);
  expect(size?.height).toBe(600);

  // Blank messages are not sent; Shift+Enter adds a line.
  const send = panel.getByRole('button', { name: 'Envoyer' });
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.press('Enter');
  await expect(panel.getByTestId('chat-message')).toHaveCount(0);
  await box.fill('Qu’est-ce que');
  await box.press('Shift+Enter');
  await box.pressSequentially('la CJA ?');
  await expect(box).toHaveValue('Qu’est-ce que\nla CJA ?');
  await box.fill('Qu’est-ce que la CJA ?');
  // The panel asks through the streaming route (the default engine sends its answer as one piece, ADR 0036).
  const streamed = page.waitForResponse((response) => response.url().endsWith('/api/chatbot/stream'));
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const response = await streamed;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/x-ndjson; charset=utf-8');

  const answer = panel.getByTestId('chat-message').nth(1);
  await expect(answer).toContainText('D’après « CJA');
  const link = answer.getByRole('link', { name: /^CJA — / });
  await expect(link).toHaveAttribute('href', '/glossaire#cja');
  // The newest message is scrolled into view.
  await expect(link).toBeInViewport();
  await link.click();
  await expect(page).toHaveURL(/\/glossaire#cja$/);
});
