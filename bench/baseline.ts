/**
 * Extracts the sources of a git commit (apps/server/src, apps/server/drizzle, packages/*\/src, and the shipped
 * apps/server/reference-tables when the commit has them) into
 * bench/.baseline/<sha>/ so that a benchmark can run the "before" code side by side with this worktree's in one
 * run. Workspace packages resolve to the extracted copies (a node_modules/@pilote link per package); every
 * other dependency resolves to this worktree's node_modules (the versions of this branch).
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

function hasPath(sha: string, file: string): boolean {
  try {
    execSync(`git cat-file -e ${sha}:${file}`, { cwd: repo, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function extractBaseline(ref: string): { root: string; label: string } {
  const sha = execSync(`git rev-parse --verify ${JSON.stringify(`${ref}^{commit}`)}`, { cwd: repo })
    .toString()
    .trim();
  const root = path.join(repo, 'bench', '.baseline', sha.slice(0, 12));
  if (!existsSync(path.join(root, 'apps'))) {
    mkdirSync(root, { recursive: true });
    execSync(
      `git archive ${sha} apps/server/src apps/server/drizzle apps/server/package.json packages/tariffs/src packages/tariffs/package.json packages/contracts/src packages/contracts/package.json | tar -x -C ${JSON.stringify(root)}`,
      { cwd: repo },
    );
    mkdirSync(path.join(root, 'node_modules', '@pilote'), { recursive: true });
    for (const name of ['tariffs', 'contracts']) {
      symlinkSync(path.join(root, 'packages', name), path.join(root, 'node_modules', '@pilote', name));
    }
    // The server's own (non-hoisted) dependencies.
    symlinkSync(path.join(repo, 'apps', 'server', 'node_modules'), path.join(root, 'apps', 'server', 'node_modules'));
  }
  // The official point tables shipped with the server (ADR 0051), read from the folder above its sources.
  const tables = 'apps/server/reference-tables';
  if (!existsSync(path.join(root, tables)) && hasPath(sha, tables)) {
    execSync(`git archive ${sha} ${tables} | tar -x -C ${JSON.stringify(root)}`, { cwd: repo });
  }
  return { root, label: sha.startsWith(ref) ? sha.slice(0, 7) : `${ref} ${sha.slice(0, 7)}` };
}
