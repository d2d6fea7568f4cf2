/** Shared by playwright.config.ts and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The local stand-in for the national address base (support/fake-ban.mjs): the server's ADDRESS_SEARCH_URL. */
export const E2E_BAN_PORT = Number(process.env.E2E_BAN_PORT ?? E2E_PORT - 1);

/** The administrator created by `npm run admin:create` before the server starts (see playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'Admin-E2E-2026!' } as const;

/** PITD table imported with `npm run tariffs:import -- pitd` before the server starts (path from the repository root). */
export const E2E_PITD_FIXTURE = 'e2e/fixtures/pitd.csv';
