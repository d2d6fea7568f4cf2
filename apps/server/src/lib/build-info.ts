import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildInfo, buildInfoSchema } from '@pilote/contracts';

/** Current git commit of the checkout, or 'unknown' outside a git checkout. GIT_REVISION overrides. */
export function readGitRevision(cwd: string = process.cwd()): string {
  if (process.env.GIT_REVISION) {
    return process.env.GIT_REVISION;
  }
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Reads a build-info.json written at build time; undefined when absent or malformed. */
export function readBuildInfoFile(file: string): BuildInfo | undefined {
  if (!existsSync(file)) {
    return undefined;
  }
  const parsed = buildInfoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Backend build info: the file the build wrote next to the bundle, or — when running from source (dev,
 * tests) — what the checkout says now.
 */
export function resolveBackendBuildInfo(bundleDir: string, appEnv: string, version: string): BuildInfo {
  const fromFile = readBuildInfoFile(path.join(bundleDir, 'build-info.json'));
  if (fromFile) {
    return { ...fromFile, env: appEnv };
  }
  return {
    service: 'server',
    revision: readGitRevision(),
    configuration: 'source',
    version,
    env: appEnv,
    builtAt: new Date().toISOString(),
  };
}
