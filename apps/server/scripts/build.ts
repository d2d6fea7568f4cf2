// Bundles the server and the operator commands (our TypeScript, including the workspace packages consumed as
// source) into dist/server.mjs and dist/cli.mjs (shared code in dist/chunk-*.mjs); npm dependencies stay external
// and are loaded from node_modules at run time: only `dependencies`, never devDependencies (tsx, drizzle-kit…),
// which dist/meta.json (esbuild metafile) lets a test check. Also writes dist/build-info.json (service, git
// revision at build, version, builtAt).
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { readGitRevision } from '../src/lib/build-info.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@pilote/'));
const outdir = path.join(root, 'dist');

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    cli: path.join(root, 'src/cli/bin.ts'),
    // A thread of the worker pool (src/workers/pool.ts, ADRs 0040, 0045): runs the tasks of src/workers/registry.ts.
    'worker-task': path.join(root, 'src/workers/entry.ts'),
    // The PGlite thread of the server (db/pglite-thread.ts, ADR 0042).
    'pglite-thread': path.join(root, 'src/db/pglite-thread-entry.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  metafile: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

const revision = readGitRevision(root);
const buildInfo = {
  service: 'server',
  revision,
  configuration: 'production',
  version: pkg.version,
  env: process.env.APP_ENV ?? 'production',
  builtAt: new Date().toISOString(),
};
await writeFile(path.join(outdir, 'build-info.json'), `${JSON.stringify(buildInfo, null, 2)}\n`);
console.log(`server built: dist/server.mjs, dist/cli.mjs (revision ${revision.slice(0, 12)})`);
