#!/usr/bin/env node
// `npm run admin:create|admin:role|tariffs:import|db:migrate -- …`: builds the server bundle when it is missing or
// out of date (like start.mjs), then runs the operator command from dist/cli.mjs with node: no devDependency
// (tsx) at run time. The command decides itself whether to use the database or the running server (ADR 0017).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, root, runBuild, serverBuildInfo } from './lib/build.mjs';

process.env.INIT_CWD ??= process.cwd();
if (buildNeeded([serverBuildInfo])) {
  runBuild(['-w', '@pilote/server'], 'Construction des commandes du serveur…');
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/cli.mjs')).href);
