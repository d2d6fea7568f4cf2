import type { BuildInfo } from '@pilote/contracts';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const testBuildInfo: BuildInfo = {
  service: 'web',
  revision: 'test',
  version: '0.0.0-test',
  env: 'test',
  builtAt: '2025-01-01T00:00:00.000Z',
};

/** What both web projects share (this one, jsdom, and vitest.logic.config.ts, node). */
export const webDefine = {
  __APP_BUILD_INFO__: JSON.stringify(testBuildInfo),
  __SITE_URL__: JSON.stringify('https://pilote-energie.fr'),
};

// Web tests run in two projects (ADR 0019): components and anything that needs a DOM (`*.test.tsx`,
// `*.dom.test.ts`) here under jsdom; pure logic (`*.test.ts`) under node in vitest.logic.config.ts.
export default defineProject({
  plugins: [react()],
  define: webDefine,
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['../../test-support/console-guard.ts', './src/testing/setup-tests.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // One module registry and one jsdom per test worker, shared by its files (as the server project, ADR 0040):
    // each file imported the whole app and set up a jsdom again. setup-tests.ts resets the app's module-level state
    // (query client, token, splash, welcome, session hint) before each file; modules are mocked the same way in
    // every file that mocks them (testing/daily-chart-stub.tsx).
    isolate: false,
    // Vitest's default 5 s per test (ADR 0040), for every test: none raises its own (ADR 0093); a long journey is
    // split into tests that each check one thing. testing-library's waits give up at 4 s (setup-tests.ts).
  },
});
