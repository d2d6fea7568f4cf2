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

export default defineProject({
  plugins: [react()],
  define: {
    __APP_BUILD_INFO__: JSON.stringify(testBuildInfo),
    __SITE_URL__: JSON.stringify('https://pilote-energie.fr'),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // See setup-tests.ts: lazy route modules can take seconds to transform on a busy CI machine.
    testTimeout: 30_000,
  },
});
