import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { HttpClient } from './helpers/http-client.ts';
import { TEST_SECRET } from './helpers/test-app.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

const script = (name: string, args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], serverRoot, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PASSWORD_HASH_LOG_N: '10',
  });

// Spawns real processes (tsx + PGlite start-up): slow on a loaded 2-core machine.
describe('admin scripts', { timeout: 120_000 }, () => {
  it('`npm run admin:create` creates a verified admin who can sign in; admin:role changes roles', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-cli-'));
    const created = await run(
      'npm',
      [
        'run',
        'admin:create',
        '--',
        '--email',
        'Chef@Exemple.fr',
        '--password',
        'Very-Strong-Pass1',
        '--name',
        'La Cheffe',
      ],
      repoRoot,
      { DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_HASH_LOG_N: '10' },
    );
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Administrateur créé : chef@exemple.fr');

    const again = await script(
      'admin-create',
      ['--email', 'chef@exemple.fr', '--password', 'Very-Strong-Pass1'],
      dataDir,
    );
    expect(again.code).toBe(1);
    expect(again.output).toContain('Un compte existe déjà pour chef@exemple.fr');

    const toStaff = await script('admin-role', ['--email', 'chef@exemple.fr', '--role', 'staff'], dataDir);
    expect(toStaff.code, toStaff.output).toBe(0);
    expect(toStaff.output).toContain('admin → staff');
    const backToAdmin = await script('admin-role', ['--email', 'CHEF@exemple.fr', '--role', 'admin'], dataDir);
    expect(backToAdmin.code).toBe(0);

    // The account works in the app on the same database: verified, admin.
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }),
      database: handle,
      secret: TEST_SECRET,
      logger: false,
    });
    try {
      const client = new HttpClient(app);
      const signIn = await client.post('/api/auth/sign-in/email', {
        email: 'chef@exemple.fr',
        password: 'Very-Strong-Pass1',
      });
      expect(signIn.statusCode).toBe(200);
      const me = (await client.get('/api/account/me')).json();
      expect(me.user).toMatchObject({ name: 'La Cheffe', role: 'admin', emailVerified: true });
      expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('refuses bad input with a French message and a non-zero exit', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-cli-'));
    const cases: [string, string[], string][] = [
      ['admin-create', ['--email', 'chef@exemple.fr'], 'Les options --email et --password sont obligatoires.'],
      ['admin-create', ['--email', 'pas-une-adresse', '--password', 'Very-Strong-Pass1'], 'Adresse e-mail invalide'],
      ['admin-create', ['--email', 'chef@exemple.fr', '--password', 'faible'], 'Mot de passe trop faible'],
      ['admin-create', ['--mail', 'chef@exemple.fr'], 'Arguments invalides'],
      ['admin-role', ['--email', 'chef@exemple.fr', '--role', 'king'], 'Rôle inconnu : king'],
      ['admin-role', ['--email', 'inconnu@exemple.fr', '--role', 'staff'], 'Aucun compte pour inconnu@exemple.fr.'],
    ];
    const results = await Promise.all(cases.map(([name, args]) => script(name, args, dataDir)));
    cases.forEach(([name, args, message], index) => {
      const result = results[index];
      expect(result?.code, `${name} ${args.join(' ')}: ${result?.output}`).toBe(1);
      expect(result?.output).toContain(message);
      expect(result?.output).toContain('Usage : npm run');
    });
  });
});
