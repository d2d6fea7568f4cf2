import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.ts';

/** A password accepted by the spec's score (strong: length ≥ 12, upper, lower, digit). */
export const E2E_PASSWORD = 'Compteur-Gaz-2026';

let counter = 0;
/** A unique, non-disposable address per call. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@exemple.fr`;
}

async function csrfToken(api: APIRequestContext): Promise<string> {
  const response = await api.get('/api/common/get-csrf-token/');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** POST with the anti-forgery header (the server requires it on every POST under /api). */
export async function postJson(api: APIRequestContext, url: string, data: unknown) {
  return api.post(url, { data, headers: { 'X-CSRFToken': await csrfToken(api) } });
}

/** An API client signed in as the e2e administrator (session cookie kept in its own context). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await postJson(api, '/api/auth/sign-in/email', E2E_ADMIN);
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

type OutboxMail = { to: string; subject: string; links: string[] };

/** The newest outbox mail to `to` whose subject contains `subject`, read through the admin API (polls). */
export async function findMail(admin: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await admin.get('/api/admin/outbox?page=1&pageSize=100');
        expect(response.status()).toBe(200);
        const { items } = (await response.json()) as { items: OutboxMail[] };
        found = items.find((mail) => mail.to === to && mail.subject.includes(subject));
        return found !== undefined;
      },
      // The mail is written to the outbox just after the request that sends it answers: poll often at first
      // (Playwright's default intervals, 100 ms then 250, 500, 1000, waited up to a second past its arrival).
      { timeout: 10_000, intervals: [50, 100, 150, 200, 250], message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) {
    throw new Error('unreachable');
  }
  return found;
}

/** better-auth links point at PUBLIC_URL; keep the path so the browser stays on the test origin. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs up through the API and opens the verification link: a verified user ready to sign in. */
export async function createVerifiedUser(admin: APIRequestContext, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  const api = await playwrightRequest.newContext({ baseURL });
  const signUp = await postJson(api, '/api/auth/sign-up/email', { email, password: E2E_PASSWORD });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await findMail(admin, email, 'Confirmez votre adresse');
  const link = mail.links[0];
  expect(link).toBeTruthy();
  const verify = await api.get(pathOf(link ?? ''), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  await api.dispose();
  return { email, password: E2E_PASSWORD };
}

/**
 * Signs in through the API in the page's own browser context (page.request shares its cookies): the next
 * page.goto opens the private area directly, without loading /login and typing (ADR 0019). The sign-in form
 * itself is covered by auth.spec.ts and private.spec.ts.
 */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const response = await postJson(page.request, '/api/auth/sign-in/email', { email, password });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills /login and signs in. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * Waits until the splash screen has gone (it covers the private area for 1.2 s at least). The private area mounts
 * the splash and the page in one render, so first wait for either to be there: right after `page.goto`, before the
 * route's code has loaded, there is no splash yet and « none » would pass too early (it then covered the page).
 */
export async function waitForSplash(page: Page) {
  await expect(page.locator('[data-testid="splash-screen"], #main').first()).toBeAttached({ timeout: 10_000 });
  await expect(page.getByTestId('splash-screen')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Opens a private page from the user menu (« Compte », « Mandats », « À propos »): a client-side navigation, so the
 * loaded app, its session and its cached data stay, and the splash (≥ 1.2 s per page load, 2.1 s with its fade) is
 * not shown again.
 */
export async function openFromUserMenu(page: Page, item: 'Compte' | 'Mandats' | 'À propos') {
  await page.getByRole('button', { name: /^Menu utilisateur / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
