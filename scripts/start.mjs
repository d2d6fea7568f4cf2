#!/usr/bin/env node
// `npm start`: checks the configuration, builds what is not built yet (or was built from another
// revision), then runs the bundled server, which serves the SPA and the API on one port.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.INIT_CWD ??= process.cwd();

// 1. A bad variable stops the start at once, before any build.
const check = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/config/check-env.ts')], {
  stdio: 'inherit',
  cwd: root,
});
if (check.status !== 0) {
  process.exit(check.status ?? 1);
}

// 2. Build when a bundle is missing or was built from another revision (or the tree has local changes).
function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}
function builtRevision(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).revision;
  } catch {
    return undefined;
  }
}
const revision = process.env.GIT_REVISION ?? git(['rev-parse', 'HEAD']);
const dirty = Boolean(git(['status', '--porcelain', '--untracked-files=no']));
const outputs = [path.join(root, 'apps/web/dist/build-info.json'), path.join(root, 'apps/server/dist/build-info.json')];
const stale = outputs.some((file) => !existsSync(file) || (revision && builtRevision(file) !== revision));
if (stale || (dirty && process.env.SKIP_BUILD !== '1')) {
  console.log(stale ? 'Construction de l’application…' : 'Modifications locales : reconstruction de l’application…');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error('La construction a échoué.');
    process.exit(build.status ?? 1);
  }
}

// 3. Run the server in this process (it handles SIGTERM/SIGINT itself).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.mjs')).href);
