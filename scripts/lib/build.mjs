// Shared by `npm start` (start.mjs) and the operator commands (cli.mjs): is a bundle missing or built from
// another revision (or does the tree have local changes), and build it if so. Building needs the
// devDependencies (esbuild, tsx, Vite); running the bundles does not.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverBuildInfo = path.join(root, 'apps/server/dist/build-info.json');
export const webBuildInfo = path.join(root, 'apps/web/dist/build-info.json');

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

/** 'missing' / 'stale' (other revision) / 'dirty' (local changes, unless SKIP_BUILD=1) / undefined (up to date). */
export function buildNeeded(outputs) {
  const revision = process.env.GIT_REVISION ?? git(['rev-parse', 'HEAD']);
  if (outputs.some((file) => !existsSync(file))) {
    return 'missing';
  }
  if (revision && outputs.some((file) => builtRevision(file) !== revision)) {
    return 'stale';
  }
  if (process.env.SKIP_BUILD !== '1' && git(['status', '--porcelain', '--untracked-files=no'])) {
    return 'dirty';
  }
  return undefined;
}

/** Runs `npm run build` with `args` (e.g. ['-w', '@pilote/server']); exits the process when it fails. */
export function runBuild(args, message) {
  console.error(message);
  const build = spawnSync('npm', ['run', ...args, 'build'], {
    cwd: root,
    // Build logs go to stderr: a command's stdout stays its own result.
    stdio: ['ignore', 2, 'inherit'],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error('La construction a échoué.');
    process.exit(build.status ?? 1);
  }
}
