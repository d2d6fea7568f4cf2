import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrate once per run; each test file opens a copy (ADR 0019).
    globalSetup: ['./test/setup/global-database.ts'],
    setupFiles: ['../../test-support/console-guard.ts'],
    // Opening a PGlite still compiles its WebAssembly in every test file (3–4 s alone, over 10 s on the shared
    // machine), and whole-app requests run scrypt and PDF rendering: above the 5 s / 10 s defaults (ADR 0019).
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
