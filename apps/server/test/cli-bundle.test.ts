// The one process-level test of the operator commands (the others call main() in-process): `npm run admin:create`
// runs the bundle (dist/cli.mjs) with node, loads no devDependency, and reaches the server running on the same
// PGlite folder through its control channel, from another process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import type { RunningServer } from '../src/start-server.ts';
import { cliEnv, newDataDir, startTestServer } from './helpers/cli.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');
const forbidDevDependencies = path.join(serverRoot, 'test/helpers/forbid-dev-dependencies.mjs');

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('operator commands from the built bundle', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await newDataDir();
    // The project's global setup built the bundle (test/setup/global-bundle.ts): the hook only starts the server in
    // this process on the PGlite folder. It used to run `scripts/cli.mjs check-env` beside it to build the bundle.
    // The new folder is seeded from the run's migrated snapshot (global-pglite-snapshot.ts): no initdb and no
    // migration here any more (they took this hook past 10 s at load 9, ADR 0040; ~3.3 s of it idle).
    server = await startTestServer(dataDir);
  });
  afterAll(async () => {
    await server?.app.close();
  });

  it('`npm run admin:create` from another process goes through the running server, with no devDependency loaded', async () => {
    const created = await run(
      'npm',
      ['run', '--silent', 'admin:create', '--', '--email', 'Ops@Exemple.fr', '--password', 'Very-Strong-Pass1'],
      {
        ...cliEnv(dataDir),
        SKIP_BUILD: '1',
        NODE_OPTIONS: `--import=${forbidDevDependencies}`,
      },
    );
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Administrateur créé : ops@exemple.fr');
    const rows = await server.database.db.select().from(users).where(eq(users.email, 'ops@exemple.fr'));
    expect(rows.map((row) => [row.role, row.emailVerified])).toEqual([['admin', true]]);
  });

  it('the bundles import only node builtins and @pilote/server dependencies (esbuild metafile)', () => {
    const meta = JSON.parse(readFileSync(path.join(serverRoot, 'dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { entryPoint?: string; imports: { path: string; external?: boolean }[] }>;
    };
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const entries = Object.values(meta.outputs).map((output) => output.entryPoint);
    expect(entries).toContain('src/cli/bin.ts');
    expect(entries).toContain('src/server.ts');
    const externals = new Set(
      Object.values(meta.outputs).flatMap((output) =>
        output.imports.filter((entry) => entry.external).map((entry) => entry.path),
      ),
    );
    const builtins = new Set(builtinModules);
    const packageOf = (specifier: string) =>
      specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);
    const outside = [...externals].filter(
      (specifier) =>
        !(specifier.startsWith('node:') || builtins.has(specifier) || packageOf(specifier) in pkg.dependencies),
    );
    expect(outside).toEqual([]);
    expect(externals).toContain('@electric-sql/pglite');
  });
});
