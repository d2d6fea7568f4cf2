import { defineProject } from 'vitest/config';
import { webDefine } from './vitest.config.ts';

// Pure-logic web tests (`*.test.ts`): node environment, no jsdom or React setup to load (ADR 0019).
// A test that needs `window` or `document` is named `*.dom.test.ts` and runs in vitest.config.ts instead.
export default defineProject({
  define: webDefine,
  test: {
    name: 'web-logic',
    environment: 'node',
    setupFiles: ['../../test-support/console-guard.ts'],
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.dom.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
