import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'invoices',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test-support/console-guard.ts'],
  },
});
