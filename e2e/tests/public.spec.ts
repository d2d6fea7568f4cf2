import { seriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 6: every public route shows real content (title, description, a key sentence), passes axe-core with no
 * serious or critical violation on phone (360 px) and desktop widths, in light and dark, and fits a 360 px screen.
 */
const publicRoutes = [
  {
    path: '/',
    title: 'Pilote Énergie · Tarifs gaz, optimisation de la CJA et contrôle des factures',
    sentence: 'Pourquoi votre facture de réseau est souvent trop élevée',
  },
  {
    path: '/tarifs-energie',
    title: "Tarifs de l'énergie · Pilote Énergie",
    sentence: "Les briques d'une facture de gaz professionnelle",
  },
  { path: '/glossaire', title: 'Glossaire · Pilote Énergie', sentence: 'Capacité journalière annuelle souscrite' },
  {
    path: '/faq',
    title: 'Questions fréquentes · Pilote Énergie',
    sentence: 'supprimées dans les 30 jours qui suivent la révocation',
  },
  { path: '/optimisation-cja', title: 'Optimisation de la CJA · Pilote Énergie', sentence: "Ce que fait l'optimiseur" },
  {
    path: '/budgets-energie',
    title: 'Budgets énergie · Pilote Énergie',
    sentence: "De quoi se compose le budget réseau d'un site",
  },
  {
    path: '/controle-factures',
    title: 'Contrôle des factures · Pilote Énergie',
    sentence: 'Contrôler une facture, ligne par ligne',
  },
  { path: '/blog', title: 'Blog · Pilote Énergie', sentence: 'Optimiser la cascade tarifaire multi-sites' },
  {
    path: '/blog/optimiser-cascade-tarifaire-multi-sites',
    title: 'Optimiser la cascade tarifaire multi-sites · Pilote Énergie',
    sentence: "Étape 1 : faire l'inventaire des points de livraison",
  },
  {
    path: '/blog/cja-ce-que-coute-une-marge-de-securite',
    title: 'CJA : ce que coûte vraiment une marge de sécurité · Pilote Énergie',
    sentence: 'Une réservation payée tous les jours',
  },
  { path: '/about', title: 'À propos · Pilote Énergie', sentence: 'Pourquoi nous avons créé Pilote Énergie' },
  { path: '/contact', title: 'Contact · Pilote Énergie', sentence: "Avant d'écrire" },
  {
    path: '/privacy',
    title: 'Politique de confidentialité · Pilote Énergie',
    sentence: 'Les données que nous traitons',
  },
  {
    path: '/terms',
    title: "Conditions d'utilisation · Pilote Énergie",
    sentence: "L'essai gratuit ne demande aucune carte bancaire.",
  },
  { path: '/security', title: 'Sécurité · Pilote Énergie', sentence: 'scrypt' },
] as const;

const layouts = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const schemes = ['light', 'dark'] as const;

/**
 * The four views of a route, on one load: the public pages lay out with CSS media queries only (no script reads the
 * width) and the theme follows the system's preference as it changes, so resizing and switching the scheme on the
 * loaded page shows what a fresh load at that width and in that scheme shows (axe waits for the colour transitions).
 */
const views = [
  { layout: layouts[0], scheme: schemes[0] },
  { layout: layouts[0], scheme: schemes[1] },
  { layout: layouts[1], scheme: schemes[1] },
  { layout: layouts[1], scheme: schemes[0] },
] as const;

for (const route of publicRoutes) {
  test(`${route.path}: title, description, key sentence, axe on phone and desktop, light and dark`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: views[0].layout.width, height: views[0].layout.height });
    await page.emulateMedia({ colorScheme: views[0].scheme });
    await page.goto(route.path);
    // The document's head: the same whatever the width and the scheme.
    await expect(page).toHaveTitle(route.title);
    const description = page.locator('head meta[name="description"]');
    await expect(description).toHaveCount(1);
    expect((await description.getAttribute('content'))?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${route.path === '/' ? '/' : route.path}$`),
    );
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', route.title);

    for (const { layout, scheme } of views) {
      const label = `${route.path} ${layout.name} ${scheme}`;
      await page.setViewportSize({ width: layout.width, height: layout.height });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByRole('heading', { level: 1 }), label).toBeVisible();
      if (scheme === 'dark') {
        await expect(page.locator('html'), label).toHaveClass(/\bdark\b/);
      } else {
        await expect(page.locator('html'), label).not.toHaveClass(/\bdark\b/);
      }
      await expect(page.getByRole('main').getByText(route.sentence).first(), label).toBeVisible();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page), label).toEqual([]);
    }
  });
}

test('/faq: the paragraphs of one answer are spaced apart, not run together', async ({ page }) => {
  await page.goto('/faq');
  const answer = page.locator('h3#fiabilite + p, h3#fiabilite + p + p');
  await expect(answer).toHaveCount(2);
  const [first, second] = await answer.evaluateAll((paragraphs) =>
    paragraphs.map((p) => p.getBoundingClientRect()).map((box) => ({ top: box.top, bottom: box.bottom })),
  );
  // As the page's own paragraphs (1.25 rem): the answer's second paragraph used to start on the next line.
  expect((second?.top ?? 0) - (first?.bottom ?? 0)).toBeGreaterThanOrEqual(16);
});

test.describe('the not-found page', () => {
  // Chromium logs the document's 404 status as a console error: that 404 is what an unknown path answers.
  test.use({ allowedConsoleErrors: ['Failed to load resource: the server responded with a status of 404'] });

  test('answers unknown paths with HTTP 404 and passes axe', async ({ page }) => {
    await page.emulateMedia({ colorScheme: schemes[0] });
    const response = await page.goto('/tarifs-gaz-inexistants');
    expect(response?.status()).toBe(404);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html'), scheme).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
      await expect(page).toHaveTitle('Page introuvable · Pilote Énergie');
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      expect(await seriousAxeViolations(page), scheme).toEqual([]);
    }
  });
});

test('sitemap.xml lists exactly the public routes, robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  );
  expect(locations.sort()).toEqual(publicRoutes.map((route) => route.path).sort());

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /private');
  expect(robots).toContain('Disallow: /login');
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test('the landing page loads no sign-in, private-area, query or toast code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') {
      scripts.push(new URL(request.url()).pathname);
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((script) => /\/assets\/(query|app-services-layout|login|auth-frame|layout|admin)-/.test(script)),
  ).toEqual([]);
});

test('the tariffs page shows the engine’s values with their status and sources', async ({ page }) => {
  await page.goto('/tarifs-energie');
  const tcs = page.locator('tr[data-parameter-id="atrt8.tcs"]');
  await expect(tcs).toBeVisible();
  await expect(tcs.locator('[data-cell="value"]')).toContainText('€/MWh/j/an');
  await expect(tcs.locator('[data-cell="sources"] a').first()).toHaveAttribute('href', /^https?:\/\//);
});

test('the contact form checks its fields, then sends the message', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(form.getByText('Veuillez indiquer votre nom.')).toBeVisible();
  await expect(form.getByLabel('Nom et prénom')).toBeFocused();

  await form.getByLabel('Nom et prénom').fill('Claire Martin');
  await form.getByLabel('Adresse e-mail professionnelle').fill('claire.martin@industrie-e2e.fr');
  await form.getByLabel('Sujet').selectOption('commercial');
  await form
    .getByLabel('Votre message')
    .fill('Bonjour, nous avons douze sites gaz : une démonstration est-elle possible ?');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByText('Merci, votre message a bien été envoyé.')).toBeVisible();
});

test('staff and admins read contact messages through the admin API', async ({ page, admin }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Nom et prénom').fill('Lecture Admin');
  await form.getByLabel('Adresse e-mail professionnelle').fill('lecture.admin@industrie-e2e.fr');
  await form.getByLabel('Sujet').selectOption('support');
  await form.getByLabel('Votre message').fill('Message lu par un administrateur dans le test.');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByText('Merci, votre message a bien été envoyé.')).toBeVisible();

  const response = await admin.get('/api/admin/contact-messages?pageSize=100');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: { name: string; email: string }[] };
  expect(body.items.some((item) => item.email === 'lecture.admin@industrie-e2e.fr')).toBe(true);
});
