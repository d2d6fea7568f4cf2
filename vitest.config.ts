import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this root file only lists them. The web app has two projects:
// jsdom (components) and node (pure logic), see apps/web/vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'packages/tariffs',
      'packages/contracts',
      'packages/invoices',
      'apps/server',
      'apps/server/vitest.bundle.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
    ],
  },
});
