import { expect, test } from '../support/fixtures.ts';

// The reference UI of the generated contract (ADR 0020) runs under the app's own CSP: the console guard of
// support/fixtures.ts fails this test on any CSP violation or script error.
test('the API reference at /api/docs renders the generated OpenAPI contract', async ({ page, request }) => {
  const spec = await request.get('/api/openapi.json');
  expect(spec.status()).toBe(200);
  expect(((await spec.json()) as { openapi: string }).openapi).toBe('3.1.0');

  const response = await page.goto('/api/docs/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /Pilote Énergie — API/ })).toBeVisible();
  // An operation of a signed-in, paginated list, with its query parameters once opened.
  const operation = page.getByRole('button', { name: /^GET \/api\/consumption-data\/ Mes jeux de relevés/ });
  await expect(operation).toBeVisible();
  await operation.click();
  await expect(page.locator('.parameter__name', { hasText: 'pageSize' })).toBeVisible();
});
