import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrate once per run; each test file opens a copy (ADR 0019).
    globalSetup: ['./test/setup/global-database.ts'],
    setupFiles: ['../../test-support/console-guard.ts'],
    // Vitest's default timeouts (5 s per test, 10 s per hook): opening a PGlite copy takes ~0.3–0.5 s (ADR 0040).
  },
});
