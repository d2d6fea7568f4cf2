import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as tariffsImport } from '../src/cli/tariffs-import.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { listDatasets } from '../src/modules/reference-data/repository.ts';
import type { RunningServer } from '../src/start-server.ts';
import { type CliRun, cliEnv, runMain, seedDataDir, startTestServer } from './helpers/cli.ts';
import { HttpClient } from './helpers/http-client.ts';
import { ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';

const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';

describe('`npm run tariffs:import` (main() in-process)', () => {
  let dataDir: string;
  let good: string;
  let bad: string;
  let firstImport: CliRun;
  let server: RunningServer | undefined;
  const env = () => cliEnv(dataDir, { INIT_CWD: dataDir });

  // The folder is seeded from the run's migrated snapshot (the command would otherwise run an initdb and every
  // migration: 5.8 s of CPU, over the 10 s hook limit on a busy machine; ADR 0056), then the first import runs with
  // no server, in a hook of its own.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pe-import-'));
    await seedDataDir(dataDir);
  });
  beforeAll(async () => {
    good = path.join(dataDir, 'pitd-officiel.csv');
    await writeFile(
      good,
      `\uFEFF${HEADER}\r\nGRDF-IDF-0001;Paris (NaTran, NTR 2);75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\r\n`,
    );
    bad = path.join(dataDir, 'pitd-faux.csv');
    await writeFile(
      bad,
      `${HEADER}\nGRDF-IDF-0002;Lyon;69123;Lyon;NaTran;GRDF;1;LYON-BRON\nGRDF-IDF-0003;Nulle part;99999;Nulle;NaTran;GRDF;1;LYON-BRON\nX;Y;75056;Paris;NaTran;GRDF;11;Z\n`,
    );
    firstImport = await runMain(tariffsImport, ['pitd', 'pitd-officiel.csv'], env());
  });
  afterAll(async () => {
    await server?.app.close();
  });

  it('imports a PITD CSV (path relative to where npm was started) into the PGlite folder', () => {
    expect(firstImport.code, firstImport.output).toBe(0);
    expect(firstImport.stdout).toContain(
      'Import réussi : table des PITD, version 1 (fichier « pitd-officiel.csv »), 1 ligne(s), 1 code(s) PITD.',
    );
  });

  it('refuses a bad file, an unknown table type and a missing file with French messages', async () => {
    const refused = await runMain(tariffsImport, ['pitd', bad], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Import refusé : 1 erreur(s), rien n'a été importé.");
    expect(refused.stderr).toContain('Ligne 4 : le champ « ntr » doit être un entier entre 0 et 10');
    expect(refused.stderr).not.toContain('Usage');

    const usage = await runMain(tariffsImport, ['communes', good], env());
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Type de table inconnu : communes');
    expect(usage.stderr).toContain('Usage : npm run tariffs:import');

    const missing = await runMain(tariffsImport, ['zi', 'absent.csv'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Impossible de lire le fichier ${path.join(dataDir, 'absent.csv')} : ENOENT.`);
  });

  // One command per test (each opens the folder, checks the migrations and closes it: about 0.6 s of CPU, ADR 0056).
  it('imports an LI point table (`tariffs:import -- li`)', async () => {
    await writeFile(
      path.join(dataDir, 'points-li.csv'),
      'code;libelle;commune_insee;commune;gestionnaire_transport;ntr\nLI-0001;Dunkerque;59183;Dunkerque;GRTgaz;1\n',
    );
    const imported = await runMain(tariffsImport, ['li', 'points-li.csv'], env());
    expect(imported.code, imported.output).toBe(0);
    expect(imported.stdout).toContain(
      'Import réussi : table des points LI, version 1 (fichier « points-li.csv »), 1 ligne(s), 1 code(s) LI.',
    );
  });

  it('imports a PIC point table (`-- pic … --sample`), versioned apart from the LI table', async () => {
    const asPic = await runMain(tariffsImport, ['pic', 'points-li.csv', '--sample'], env());
    expect(asPic.code, asPic.output).toBe(0);
    expect(asPic.stdout).toContain('table des points PIC, version 1');
    expect(asPic.stdout).toContain('marquée comme échantillon');
  });

  it('refuses a point table whose header is not the LI / PIC one', async () => {
    const wrongHeader = await runMain(tariffsImport, ['li', good], env());
    expect(wrongHeader.code).toBe(1);
    expect(wrongHeader.stderr).toContain('Ligne 1 : en-tête invalide');
  });

  describe('with the server running', () => {
    // The server's start (migrations, app, reference tables: 1.3–1.5 s of CPU) in a hook, not in the test's 5 s.
    beforeAll(async () => {
      server = await startTestServer(dataDir);
    });

    it('imports through its channel; the simulator uses the new table at once (acceptance case)', async () => {
      if (!server) {
        throw new Error('server not started');
      }
      const { app, database } = server;
      await writeFile(
        good,
        `${HEADER}\nGRDF-IDF-0001;Paris (NaTran, NTR 2);75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS\nGRDF-IDF-0002;Lyon;69123;Lyon;NaTran;GRDF;1;LYON-BRON\n`,
      );
      const second = await runMain(tariffsImport, ['pitd', good], env());
      expect(second.code, second.output).toBe(0);
      expect(second.stdout).toContain('version 2 (fichier « pitd-officiel.csv »), 2 ligne(s)');
      const refused = await runMain(tariffsImport, ['pitd', bad], env());
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Ligne 4 : le champ « ntr » doit être un entier entre 0 et 10');

      const versions = await listDatasets(database.db, 'pitd');
      expect(versions.map((v) => [v.version, v.isActive, v.rowCount])).toEqual([
        [2, true, 2],
        [1, false, 1],
      ]);
      await insertVerifiedUser(database.db, {
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
      const response = await client.post('/api/simulator/simulate/', ACCEPTANCE_FORM);
      expect(response.statusCode, response.body).toBe(200);
      const { resultat } = response.json();
      expect(resultat.usedSampleData).toBe(false);
      expect(resultat.annuel.abonnement).toBe(21705.72);
      expect(resultat.annuel.termeDistribution).toBe(31392.0);
      expect(resultat.mensuel.ctaDso).toBe(920.36);
      expect(resultat.parMwh.accise).toBe(16.39);
    });
  });
});
