import { expect, test } from '../support/fixtures.ts';

test('the landing page renders with its call to action', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Pilote Énergie/);
  const cta = page.getByRole('link', { name: /sans carte bancaire/i }).first();
  // Sign-up, then the trial page once signed in (ADR 0029).
  await expect(cta).toHaveAttribute('href', '/login?signup=true&redirect=%2Fprivate%2Faccount%2Ftrial');
});

test('a public route renders when opened directly (history fallback)', async ({ page }) => {
  const response = await page.goto('/faq');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main#main')).toBeVisible();
});

test('every public route of spec §2.1 is registered and shows a title', async ({ page }) => {
  const routes = [
    '/tarifs-energie',
    '/glossaire',
    '/faq',
    '/optimisation-cja',
    '/budgets-energie',
    '/controle-factures',
    '/blog',
    '/blog/optimiser-cascade-tarifaire-multi-sites',
    '/about',
    '/contact',
    '/privacy',
    '/terms',
    '/security',
  ];
  // One document load, then each route through the client router (history.pushState and the popstate event the
  // router listens to), as a link would: the app is not booted again per route. Loading each path directly from the
  // server (the history fallback) is covered above and, for every route, by public.spec.ts.
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  let previous = { title: await page.title(), heading: await heading.innerText() };
  const headings = new Set<string>();
  for (const route of routes) {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await expect(page, route).toHaveURL(route);
    // The new route has rendered (its own document title and <h1>), not the not-found page.
    await expect(page, route).not.toHaveTitle(previous.title);
    await expect(heading, route).toBeVisible();
    await expect(heading, route).not.toHaveText(previous.heading);
    await expect(heading, route).not.toHaveText('Page introuvable');
    previous = { title: await page.title(), heading: await heading.innerText() };
    headings.add(previous.heading);
  }
  expect(headings.size).toBe(routes.length);
});

test.describe('unknown paths', () => {
  // Chromium logs the document's 404 status as a console error: that 404 is the point of these tests.
  test.use({ allowedConsoleErrors: ['Failed to load resource: the server responded with a status of 404'] });

  test('an unknown path shows the not-found page, answered with HTTP 404', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL('/');
  });

  test('an unknown blog post shows the not-found page, answered with HTTP 404', async ({ page }) => {
    const response = await page.goto('/blog/article-inexistant');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  });
});

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('follows the system until toggled, then the choice persists across reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: 'Basculer le thème' });
    await expect(html).not.toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute('data-theme-preference', 'system');

    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    await expect(toggle).not.toHaveAttribute('data-theme-preference', 'system');

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass(/dark/);
  });
});

test.describe('system dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('is followed while the user has not chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});

test('navigation scrolls to the top and moves focus to <main>', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footerLink = page
    .getByRole('contentinfo')
    .getByRole('link')
    .filter({ hasText: /confidentialit/i })
    .first();
  await footerLink.click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the API answers on the same port', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

  const refused = await request.post('/api/common/bug-reports/', { data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toContain('CSRF');

  const runtime = await request.get('/runtime-info.json');
  expect(await runtime.json()).toMatchObject({ env: 'e2e' });
  const frontend = await request.get('/api/info/frontend/');
  expect(await frontend.json()).toMatchObject({ service: 'web' });
});
