// Vitest globalSetup of the server-bundle project (ADR 0040): builds the server bundle (dist/) once, before any of
// the project's files runs, when `npm start` would (missing, built from another revision, or local changes: the
// same check, scripts/lib/build.mjs). The files then run dist/ with SKIP_BUILD=1. Before, each file's beforeAll
// built it through scripts/cli.mjs (3.4–9.8 s by load, so a 30 s hook timeout), two files could build at the same
// time, and a build empties dist/ first while the other file's process runs from it.
import { spawn } from 'node:child_process';
import { buildNeeded, root, serverBuildInfo } from '../../../../scripts/lib/build.mjs';

export default async function setup(): Promise<void> {
  if (!buildNeeded([serverBuildInfo])) {
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const build = spawn('npm', ['run', '--silent', '-w', '@pilote/server', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.on('error', reject);
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build -w @pilote/server failed (${code})`)),
    );
  });
}
