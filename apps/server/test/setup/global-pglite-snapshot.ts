// Vitest globalSetup of the server-bundle project: provides the run's migrated PGlite snapshot (pglite-snapshot.ts,
// the same one as the server project's when both run), so that a test server started in process on a new folder
// (helpers/cli.ts startTestServer) is seeded from it instead of running initdb and every migration. The server
// process test still boots the bundle once on a new folder: that fresh-install start is what it covers.
import type { TestProject } from 'vitest/node';
import { sharedPgliteSnapshot } from './pglite-snapshot.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = await sharedPgliteSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return snapshot.release;
}
