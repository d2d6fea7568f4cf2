import { defineProject } from 'vitest/config';
import { bundleTestFiles } from './vitest.bundle.config.ts';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files that run the built bundle are the server-bundle project (vitest.bundle.config.ts).
    exclude: ['**/node_modules/**', ...bundleTestFiles],
    // Migrate once per run; each test file opens a copy (ADR 0019).
    globalSetup: ['./test/setup/global-database.ts'],
    setupFiles: ['../../test-support/console-guard.ts'],
    // One module registry per test worker, shared by its files (ADR 0040): importing the app's module graph again
    // for every file cost ~45 s of a ~210 s run. Files must not rely on a fresh module state (none mocks modules;
    // tariff-data resets the one process-level fact it checks).
    isolate: false,
    // Vitest's default timeouts (5 s per test, 10 s per hook): opening a PGlite copy takes ~0.3–0.5 s (ADR 0040).
  },
});
