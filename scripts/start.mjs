#!/usr/bin/env node
// `npm start`: checks the configuration, builds what is not built yet (or was built from another
// revision), then runs the bundled server, which serves the SPA and the API on one port.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, root, runBuild, serverBuildInfo, webBuildInfo } from './lib/build.mjs';

process.env.INIT_CWD ??= process.cwd();

// 1. A bad variable stops the start at once, before any build: with the bundle when it is up to date (no
// devDependency needed), else from the sources (the build about to run needs the devDependencies anyway).
const needed = buildNeeded([webBuildInfo, serverBuildInfo]);
const check = spawnSync(
  process.execPath,
  needed
    ? ['--import', 'tsx', path.join(root, 'apps/server/src/config/check-env.ts')]
    : [path.join(root, 'apps/server/dist/cli.mjs'), 'check-env'],
  { stdio: 'inherit', cwd: root },
);
if (check.status !== 0) {
  process.exit(check.status ?? 1);
}

// 2. Build when a bundle is missing or was built from another revision (or the tree has local changes).
if (needed) {
  runBuild(
    [],
    needed === 'dirty' ? 'Modifications locales : reconstruction de l’application…' : 'Construction de l’application…',
  );
}

// 3. Run the server in this process (it handles SIGTERM/SIGINT itself).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.mjs')).href);
