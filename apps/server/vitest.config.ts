import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite compiles its WebAssembly on first open, and PostgreSQL runs create a database per file.
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
