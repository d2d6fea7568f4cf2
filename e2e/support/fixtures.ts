import { type APIRequestContext, test as base, expect } from '@playwright/test';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

import { adminApi } from './auth.ts';
import { E2E_BASE_URL } from './e2e-env.ts';

/**
 * Every page test fails on a console error or a CSP violation: the app must run under its own CSP without
 * noise. Tests that expect an error can list the text in `allowedConsoleErrors`.
 */
export const test = base.extend<
  { allowedConsoleErrors: (string | RegExp)[]; consoleGuard: undefined; asAdmin: boolean },
  { admin: APIRequestContext; adminStorageState: StorageState }
>({
  /** An API client signed in as the e2e administrator, shared by the tests of a worker (one sign-in). */
  admin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const api = await adminApi(E2E_BASE_URL);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  /** The admin's cookies, from the worker's single sign-in. */
  adminStorageState: [async ({ admin }, use) => use(await admin.storageState()), { scope: 'worker' }],
  /**
   * `test.use({ asAdmin: true })`: the page starts signed in as the e2e administrator (signed in once per worker,
   * not through the form in every test; ADR 0019).
   */
  asAdmin: [false, { option: true }],
  storageState: async ({ asAdmin, adminStorageState, storageState }, use) =>
    use(asAdmin ? adminStorageState : storageState),
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') {
          return;
        }
        const text = message.text();
        const allowed = allowedConsoleErrors.some((pattern) =>
          typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
        );
        if (!allowed) {
          errors.push(text);
        }
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(errors, 'console errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
