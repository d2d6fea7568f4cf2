import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this root file only lists them.
export default defineConfig({
  test: {
    projects: ['packages/tariffs', 'packages/contracts', 'apps/server', 'apps/web'],
  },
});
