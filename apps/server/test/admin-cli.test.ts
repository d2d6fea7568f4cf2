import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as adminCreate } from '../src/cli/admin-create.ts';
import { main as adminRole } from '../src/cli/admin-role.ts';
import { controlFilePath, isLoopbackAddress } from '../src/cli/control-channel.ts';
import { DataDirLockedError, lockPathFor } from '../src/db/data-dir-lock.ts';
import { main as migrate } from '../src/db/migrate-cli.ts';
import { users } from '../src/db/schema.ts';
import type { RunningServer } from '../src/start-server.ts';
import { cliEnv, newDataDir, runMain, seedDataDir, startTestServer } from './helpers/cli.ts';
import { HttpClient } from './helpers/http-client.ts';

const EMAIL = 'chef@exemple.fr';
const PASSWORD = 'Very-Strong-Pass1';

function rawRequest(
  options: { host?: string; port: number; path: string; method?: string; headers?: Record<string, string> },
  body = '{}',
): Promise<{ status: number; body: { error?: string; code?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: options.host ?? '127.0.0.1', agent: false, method: options.method ?? 'POST', ...options },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('admin commands: refusals before any database is opened', () => {
  it('refuses bad input with a French message, the usage and exit code 1', async () => {
    const env = cliEnv('/nonexistent-cli-data');
    const cases: [typeof adminCreate, string[], string][] = [
      [adminCreate, ['--email', EMAIL], 'Les options --email et --password sont obligatoires.'],
      [adminCreate, ['--email', 'pas-une-adresse', '--password', PASSWORD], 'Adresse e-mail invalide'],
      [adminCreate, ['--email', EMAIL, '--password', 'faible'], 'Mot de passe trop faible'],
      [adminCreate, ['--mail', EMAIL], 'Arguments invalides'],
      [adminRole, ['--email', EMAIL, '--role', 'king'], 'Rôle inconnu : king'],
      [adminRole, ['--email', EMAIL], 'Les options --email et --role sont obligatoires.'],
    ];
    for (const [main, args, message] of cases) {
      const result = await runMain(main, args, env);
      expect(result.code, `${args.join(' ')}: ${result.output}`).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('Usage : npm run admin:');
      expect(result.stdout).toBe('');
    }
    expect(existsSync('/nonexistent-cli-data')).toBe(false);
  });
});

// One PGlite folder for the file; the server runs in this process, holds the folder's lock and its channel.
describe('admin commands while the server runs on the PGlite folder (ADR 0017)', () => {
  let dataDir: string;
  let server: RunningServer;
  const env = () => cliEnv(dataDir);

  // The folder seeded from the run's migrated snapshot, then the server started on it: two hooks (together 2.8 s of
  // CPU, 4.3 s beside two CPU-bound processes, ADR 0056).
  beforeAll(async () => {
    dataDir = await newDataDir();
    await seedDataDir(dataDir);
  });
  beforeAll(async () => {
    server = await startTestServer(dataDir);
  });
  afterAll(async () => {
    await server?.app.close();
  });

  it('admin:create goes through the server: the admin exists at once and signs in; a second create is refused', async () => {
    const created = await runMain(
      adminCreate,
      ['--email', 'Chef@Exemple.fr', '--password', PASSWORD, '--name', 'La Cheffe'],
      env(),
    );
    expect(created.code, created.output).toBe(0);
    expect(created.stdout).toContain(`Administrateur créé : ${EMAIL}`);
    // The command did not open the folder: the lock is still the server's.
    expect(JSON.parse(await readFile(lockPathFor(path.join(dataDir, 'pglite')), 'utf8'))).toMatchObject({
      pid: process.pid,
      purpose: 'serveur',
    });

    const client = new HttpClient(server.app);
    expect((await client.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
    expect((await client.get('/api/account/me')).json().user).toMatchObject({
      name: 'La Cheffe',
      role: 'admin',
      emailVerified: true,
    });
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);

    const again = await runMain(adminCreate, ['--email', EMAIL, '--password', PASSWORD], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Un compte existe déjà pour ${EMAIL}`);
    const rows = await server.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(rows).toHaveLength(1);
  });

  it('admin:role through the server is effective at the next request; refusals come back from the server', async () => {
    const client = new HttpClient(server.app);
    expect((await client.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);

    const demoted = await runMain(adminRole, ['--email', 'CHEF@exemple.fr', '--role', 'user'], env());
    expect(demoted.code, demoted.output).toBe(0);
    expect(demoted.stdout).toContain('admin → user');
    // Same session, next request: no more admin rights.
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);

    const unknown = await runMain(adminRole, ['--email', 'inconnu@exemple.fr', '--role', 'staff'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Aucun compte pour inconnu@exemple.fr.');
    expect(unknown.stderr).toContain('Usage : npm run admin:role');
  });

  it('db:migrate and a second server refuse while the server holds the folder, saying to stop the server first', async () => {
    const result = await runMain(migrate, [], env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('est déjà ouverte par un autre processus (serveur, pid');
    expect(result.stderr).toContain("arrêtez d'abord le serveur");
    await expect(startTestServer(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('the control channel listens on 127.0.0.1 only and refuses callers without the token or through another host name', async () => {
    const file = controlFilePath(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { port, token } = JSON.parse(await readFile(file, 'utf8')) as { port: number; token: string };
    expect(port).toBe(server.channel?.port);

    // Bound to 127.0.0.1, not to every interface: another loopback address of this machine is refused.
    await expect(
      new Promise((resolve, reject) => {
        const socket = connect({ host: '127.0.0.2', port }, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', reject);
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const path = '/commands/admin:role';
    const body = JSON.stringify({ email: EMAIL, role: 'admin' });
    const host = `127.0.0.1:${port}`;
    expect(await rawRequest({ port, path, headers: { host } }, body)).toEqual({
      status: 401,
      body: { error: 'Jeton du canal de commande absent ou invalide.', code: 'UNAUTHENTICATED' },
    });
    expect((await rawRequest({ port, path, headers: { host, authorization: `Bearer ${token}x` } }, body)).status).toBe(
      401,
    );
    // A page in a browser reaching the port through a rebound DNS name sends its own Host.
    const rebound = await rawRequest(
      { port, path, headers: { host: 'evil.example', authorization: `Bearer ${token}` } },
      body,
    );
    expect(rebound).toEqual({
      status: 403,
      body: { error: 'Canal de commande réservé à cette machine.', code: 'FORBIDDEN' },
    });
    const authorised = { host, authorization: `Bearer ${token}` };
    expect((await rawRequest({ port, path: '/commands/db:drop', headers: authorised })).status).toBe(404);
    expect((await rawRequest({ port, path, method: 'GET', headers: authorised })).status).toBe(404);
    const invalid = await rawRequest({ port, path, headers: authorised }, JSON.stringify({ email: 42 }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/^Données invalides pour admin:role/);
    // None of the refused calls changed the role.
    const [row] = await server.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(row?.role).toBe('user');

    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::ffff:192.168.1.2')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  // On the same folder, in this order: the server's stop and its restart in hooks, one command per test (each opens
  // the folder, checks the migrations and closes it: about 0.6 s of CPU; two in one test took 2.0 s of CPU and 2.4 s
  // of its 5 s beside two CPU-bound processes, ADR 0056).
  describe('with the server stopped', () => {
    beforeAll(async () => {
      await server.app.close();
    });

    it('admin:role opens the folder itself once the server released its lock and its channel', async () => {
      expect(existsSync(lockPathFor(path.join(dataDir, 'pglite')))).toBe(false);
      expect(existsSync(controlFilePath(dataDir))).toBe(false);
      const promoted = await runMain(adminRole, ['--email', EMAIL, '--role', 'staff'], env());
      expect(promoted.code, promoted.output).toBe(0);
      expect(promoted.stdout).toContain('user → staff');
    });

    it('admin:create opens the folder itself and releases it', async () => {
      const second = await runMain(adminCreate, ['--email', 'second@exemple.fr', '--password', PASSWORD], env());
      expect(second.code, second.output).toBe(0);
      expect(existsSync(lockPathFor(path.join(dataDir, 'pglite')))).toBe(false);
    });
  });

  describe('after a restart', () => {
    beforeAll(async () => {
      server = await startTestServer(dataDir);
    });

    it('the changes the commands made with the server stopped survive its restart', async () => {
      const client = new HttpClient(server.app);
      expect((await client.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200);
      expect((await client.get('/api/account/me')).json().user.role).toBe('staff');
      const all = await server.database.db.select({ email: users.email, role: users.role }).from(users);
      expect(all.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
        { email: EMAIL, role: 'staff' },
        { email: 'second@exemple.fr', role: 'admin' },
      ]);
    });
  });
});
