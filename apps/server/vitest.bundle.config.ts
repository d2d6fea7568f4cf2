import { defineProject } from 'vitest/config';

/**
 * The server tests that run the built bundle (dist/) in another process: the operator commands, the worker-task
 * entry, the server process. Their own project so that its global setup builds the bundle once per run, and only in
 * a run that includes one of them (Vitest runs a project's globalSetup only when the run has files of it): a run of
 * other server files builds nothing (ADR 0040).
 */
export const bundleTestFiles = [
  'test/cli-bundle.test.ts',
  'test/worker-task-bundle.test.ts',
  'test/server-process.test.ts',
];

export default defineProject({
  test: {
    name: 'server-bundle',
    environment: 'node',
    include: bundleTestFiles,
    // The bundle; the run's migrated PGlite snapshot (shared with the server project's global setup) for the
    // in-process test servers' new folders; the bundle's fresh install on a new folder, which the server process
    // test copies.
    globalSetup: [
      './test/setup/global-bundle.ts',
      './test/setup/global-pglite-snapshot.ts',
      './test/setup/global-server-data.ts',
    ],
    setupFiles: ['../../test-support/console-guard.ts'],
  },
});
