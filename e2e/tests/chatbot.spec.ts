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

test.describe('§8 error messages', () => {
  // The browser logs the server's 403 and 401 answers; they are the point of this test.
  test.use({ allowedConsoleErrors: [/the server responded with a status of (403|401)/] });

  test('§8 messages: a CSRF cookie the server rejects says « Token de sécurité expiré… »; signed out says so', async ({
    page,
    context,
    admin,
  }) => {
    const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, 'chat-errors');
    await signInThroughApi(page, email, password);
    await page.goto('/private/gas/dashboard');
    await waitForSplash(page);
    await page.getByRole('button', { name: 'Ouvrir l’assistant' }).click();
    const panel = page.getByRole('region', { name: 'Assistant' });
    const box = panel.getByLabel('Votre question');
    const answers = panel.getByTestId('chat-message');

    // A first question works, and leaves the anti-forgery cookie in the browser.
    await box.fill('Quel est le taux de la CTA ?');
    await box.press('Enter');
    await expect(answers.nth(1)).toContainText('D’après « CTA — taux');
    const csrfCookie = (await context.cookies()).find((cookie) => cookie.name === 'pe_csrf');
    expect(csrfCookie).toBeDefined();

    // A stale, malformed anti-forgery cookie on the chatbot's path (the JSON and the streaming routes): the browser
    // sends it first for that path, so the real server refuses the message with 403 CSRF_INVALID, and again after
    // the client's one fresh-token retry.
    await context.addCookies([
      { name: 'pe_csrf', value: 'perime', domain: csrfCookie?.domain ?? '127.0.0.1', path: '/api/chatbot/' },
    ]);
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (/\/api\/chatbot\/(stream)?$/.test(new URL(response.url()).pathname) && response.status() === 403) {
        refusals.push(response.status());
      }
    });
    await box.fill('Qu’est-ce que la CJA ?');
    await box.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('Token de sécurité expiré. Veuillez renvoyer votre message.');
    expect(refusals).toHaveLength(2);

    // Once the stale cookie is gone, the same message sent again is answered.
    await context.clearCookies({ name: 'pe_csrf', path: '/api/chatbot/' });
    await box.fill('Qu’est-ce que la CJA ?');
    await box.press('Enter');
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(answers.last()).toContainText('D’après « CJA');

    // Signed out behind the page's back (session cookies gone): the panel says so, then the private area's guard sends
    // the user to /login. The message is recorded as it appears, since the redirect follows at once.
    for (const cookie of await context.cookies()) {
      if (cookie.name !== 'pe_csrf') {
        await context.clearCookies({ name: cookie.name });
      }
    }
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenAlerts: string[] }).seenAlerts = seen;
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) {
          seen.push(alert.textContent ?? '');
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await box.fill('Et la CAR ?');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/login/);
    const seen = await page.evaluate(() => (window as unknown as { seenAlerts?: string[] }).seenAlerts ?? []);
    expect(seen).toContain('Vous devez être connecté pour utiliser le chatbot.');
  });
});
