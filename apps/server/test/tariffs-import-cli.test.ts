import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { listDatasets } from '../src/modules/reference-data/repository.ts';
import { HttpClient } from './helpers/http-client.ts';
import { TEST_SECRET } from './helpers/test-app.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');
const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';

function run(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'tariffs:import', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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

// Spawns real processes (tsx + PGlite start-up): slow on a loaded 2-core machine.
describe('`npm run tariffs:import`', { timeout: 120_000 }, () => {
  it('imports a PITD CSV into the configured database; the simulator then uses it (acceptance case)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pe-import-'));
    const good = path.join(dataDir, 'pitd-officiel.csv');
    await writeFile(
      good,
      `\uFEFF${HEADER}\r\nGRDF-IDF-0001;Paris (NaTran, NTR 2);75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\r\n`,
    );
    const bad = path.join(dataDir, 'pitd-faux.csv');
    await writeFile(
      bad,
      `${HEADER}\nGRDF-IDF-0002;Lyon;69123;Lyon;NaTran;GRDF;1;LYON-BRON\nGRDF-IDF-0003;Nulle part;99999;Nulle;NaTran;GRDF;1;LYON-BRON\nX;Y;75056;Paris;NaTran;GRDF;11;Z\n`,
    );

    const imported = await run(['pitd', good], dataDir);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain(
      'Import réussi : table des PITD, version 1 (fichier « pitd-officiel.csv »), 1 ligne(s), 1 code(s) PITD.',
    );

    const [refused, usage] = await Promise.all([run(['pitd', bad], dataDir), run(['communes', good], dataDir)]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Import refusé : 1 erreur(s), rien n'a été importé.");
    expect(refused.output).toContain('Ligne 4 : le champ « ntr » doit être un entier entre 0 et 10');
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Type de table inconnu : communes');
    expect(usage.output).toContain('Usage : npm run tariffs:import');

    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }),
      database: handle,
      secret: TEST_SECRET,
      logger: false,
    });
    try {
      const versions = await listDatasets(handle.db, 'pitd');
      expect(versions.map((v) => [v.version, v.isActive, v.rowCount])).toEqual([[1, true, 1]]);
      await insertVerifiedUser(handle.db, {
        email: 'cli@exemple.fr',
        name: 'Cli',
        role: 'user',
        passwordHash: await createPasswordHasher(10).hash('Correct-Horse-9'),
      });
      const client = new HttpClient(app);
      expect(
        (await client.post('/api/auth/sign-in/email', { email: 'cli@exemple.fr', password: 'Correct-Horse-9' }))
          .statusCode,
      ).toBe(200);
      const response = await client.post('/api/simulator/simulate/', {
        pointDeReseau: 'PITD',
        code: 'GRDF-IDF-0001',
        commune: 'Paris',
        tso: 'NaTran',
        dso: 'GRDF',
        profil: 'P016',
        tarif: 'T4',
        car: '15 466,8',
        cjaMwhj: '109',
        dateEffetMonth: '2026-02',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(resultat.usedSampleData).toBe(false);
      expect(resultat.annuel.abonnement).toBe(21705.72);
      expect(resultat.annuel.termeDistribution).toBe(31392.0);
      expect(resultat.mensuel.ctaDso).toBe(920.36);
      expect(resultat.parMwh.accise).toBe(16.39);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
