import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BAN_PORT, E2E_BASE_URL, E2E_PITD_FIXTURE, E2E_PORT } from './support/e2e-env.ts';

// Browser tests run the real built app (`npm start`: SPA + API on one port) on a fresh PGlite data folder,
// in Debian's Chromium. Playwright never downloads a browser here.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = E2E_PORT;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'pe-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results', 'playwright'),
  fullyParallel: true,
  // Two workers at least, as in CI (ADR 0019, addendum of ADR 0040): most of a test's time is waiting on the server
  // and the page's timers, and Playwright's default (half the cores) gave one worker on a 2-core machine.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The app honours prefers-reduced-motion (the splash closes without its 0.9 s fade and shows its marks still, the
    // welcome banner and spinners do not animate): every private page load is 0.9 s shorter and axe has no fade to
    // wait for (support/axe.ts). The animated path stays covered by private.spec.ts, which asks for no preference.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /audit-ocr\.spec\.ts$/ },
    // A scan's OCR holds a core for 5–15 s in the server's worker pool (ADR 0080): beside the other specs it starved
    // their pages into 30 s timeouts in the clean-clone run. Its tests run after them, one at a time.
    {
      name: 'ocr',
      use: { browserName: 'chromium' },
      testMatch: /audit-ocr\.spec\.ts$/,
      dependencies: ['chromium'],
      fullyParallel: false,
    },
  ],
  webServer: [
    {
      // The national address base cannot be reached from the tests: a local stand-in answers a few addresses, 503
      // otherwise (the server then suggests communes, as when the BAN is down). The app's ADDRESS_SEARCH_URL below.
      command: 'node e2e/support/fake-ban.mjs',
      cwd: root,
      url: `http://127.0.0.1:${E2E_BAN_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_BAN_PORT: String(E2E_BAN_PORT) },
    },
    {
      // PGlite is single-process: the admin and the reference data (a PITD table imported with the operator's CSV
      // importer, e2e/fixtures/pitd.csv) must be in place before the server opens the data folder.
      command: [
        // `npm run admin:create` and `npm run tariffs:import` without npm in front (scripts/cli.mjs is what they run):
        // one npm start less per command before the server can start.
        `node scripts/cli.mjs admin:create --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}'`,
        `node scripts/cli.mjs tariffs:import pitd ${E2E_PITD_FIXTURE}`,
        // The LI point of the audit corpus (issue #14): its NTR and TSO are what the audit checks compare.
        'node scripts/cli.mjs tariffs:import li e2e/fixtures/li.csv',
        'node scripts/start.mjs',
      ].join(' && '),
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        APP_ENV: 'e2e',
        LOG_LEVEL: 'warn',
        SKIP_BUILD: '1',
        // Links in e-mails and better-auth's trusted origin must match the address the browser uses.
        PUBLIC_URL: E2E_BASE_URL,
        // Rate limits are covered by the integration tests; here many sign-ins come from one address.
        AUTH_RATE_LIMIT_MAX: '500',
        // scrypt at 2^10 instead of the OWASP 2^17 (0.3–0.7 s and 128 MiB per hash here): every test signs users up
        // and in; the config accepts a lower cost in production only with APP_ENV=e2e (ADR 0040).
        PASSWORD_HASH_LOG_N: '10',
        // `npm start` runs with NODE_ENV=production, where payments are off unless chosen: the browser tests pay
        // with the local demonstration provider (ADR 0027).
        BILLING_PROVIDER: 'local',
        // « Envoyer au gestionnaire » mails the manager: the e2e managers' addresses (the mails land in the outbox).
        MANDATE_MANAGER_EMAILS:
          'grdf=mandats-grdf@e2e.test,enedis=mandats-enedis@e2e.test,natran=mandats-natran@e2e.test',
        // GRDF mandates declare their access right through the demonstration source (ADR 0063, 0072): chosen
        // explicitly (`npm start` runs with NODE_ENV=production), active 1 s after the declaration.
        OPERATOR_DATA: 'demo',
        OPERATOR_DATA_DEMO_DELAY_SECONDS: '1',
        // The address search goes to the local stand-in of the BAN (support/fake-ban.mjs), through the real adapter.
        ADDRESS_SEARCH_URL: `http://127.0.0.1:${E2E_BAN_PORT}/search/`,
      },
    },
  ],
});
