import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, TransactionalExecutor } from '../src/db/client.ts';
import { pitdRows, referenceDatasets, ziRows } from '../src/db/schema.ts';
import { importReferenceFile, ReferenceImportError } from '../src/modules/reference-data/importer.ts';
import { listDatasets } from '../src/modules/reference-data/repository.ts';
import { createReferenceData } from '../src/modules/reference-data/source.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers/test-database.ts';

const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';
const file = (...lines: string[]) => `${[HEADER, ...lines].join('\n')}\n`;

async function refusal(promise: Promise<unknown>): Promise<ReferenceImportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReferenceImportError) {
      return error;
    }
    throw error;
  }
  throw new Error('the import was accepted');
}

describe.each(testDatabaseKinds())('reference data importer on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const importPitd = (text: string, sourceFileName = 'pitd.csv') =>
    importReferenceFile(db, { kind: 'pitd', text, sourceFileName, importedBy: 'test' });

  it('falls back to the official tables shipped with the server while nothing is imported (ADR 0051)', async () => {
    const reference = createReferenceData(db);
    expect((await reference.pitd()).info).toMatchObject({ origin: 'package', isSample: false, rowCount: 9_998 });
    expect((await reference.zi()).info).toMatchObject({ origin: 'package', isSample: false, rowCount: 315 });
  });

  it('imports a version, then a second one that deactivates (and keeps) the first', async () => {
    const first = await importPitd(
      file(
        'GRDF-IDF-0001;Paris (NaTran, NTR 2);75056;Paris;GRTgaz;GRDF;2;PARIS-MONTSOURIS',
        '',
        'GRDF-IDF-0001;Paris (NaTran, NTR 2);92012;boulogne-billancourt;NaTran;GRDF;2;PARIS-MONTSOURIS',
      ),
      'pitd-2025.csv',
    );
    expect(first).toMatchObject({ version: 1, rowCount: 2, previousVersion: null, distinctKeys: 1, isSample: false });
    const rows = await db.select().from(pitdRows).where(eq(pitdRows.datasetId, first.datasetId));
    expect(rows.map((row) => [row.communeInsee, row.tso, row.sourceLine])).toEqual([
      ['75056', 'NaTran', 2],
      ['92012', 'NaTran', 4],
    ]);

    const second = await importPitd(
      file('GRDF-RA-0001;Saint-Étienne (NaTran, NTR 1);42218;SAINT ETIENNE;NaTran;GRDF;1;ST-ETIENNE-BOUTHEON'),
      'pitd-2026.csv',
    );
    expect(second).toMatchObject({ version: 2, rowCount: 1, previousVersion: 1 });
    const versions = await listDatasets(db, 'pitd');
    expect(versions.map((v) => [v.version, v.isActive, v.sourceFileName, v.rowCount, v.importedBy])).toEqual([
      [2, true, 'pitd-2026.csv', 1, 'test'],
      [1, false, 'pitd-2025.csv', 2, 'test'],
    ]);
    // The previous version's rows are kept.
    expect(await db.select().from(pitdRows).where(eq(pitdRows.datasetId, first.datasetId))).toHaveLength(2);

    const table = await createReferenceData(db).pitd();
    expect(table.info).toMatchObject({ origin: 'import', version: 2, isSample: false });
    expect(await table.searchCodes(undefined, 10)).toEqual([
      { code: 'GRDF-RA-0001', libelle: 'Saint-Étienne (NaTran, NTR 1)' },
    ]);
    expect(await table.rowsOf('GRDF-IDF-0001')).toEqual([]);
  });

  it('refuses a malformed file with line-numbered French errors and writes nothing', async () => {
    const before = await listDatasets(db, 'pitd');
    const error = await refusal(
      importPitd(
        file(
          'A-1;Libellé;75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS',
          'A-2;Libellé;75056;Paris;GRT inconnu;GRDF;12;PARIS-MONTSOURIS',
          'A-3;Libellé;7505;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS',
        ),
      ),
    );
    expect(error.errors.map((e) => e.line)).toEqual([3, 3, 4]);
    expect(error.message).toContain("Import refusé : 3 erreur(s), rien n'a été importé.");
    expect(error.message).toContain('Ligne 3 : le champ « gestionnaire_transport » doit valoir NaTran ou Teréga');
    expect(error.message).toContain('Ligne 4 : le champ « commune_insee » doit être un code INSEE');
    expect(await listDatasets(db, 'pitd')).toEqual(before);

    const header = await refusal(importPitd('code;libelle\nA;B\n'));
    expect(header.errors[0]).toMatchObject({ line: 1 });
  });

  it('checks every INSEE code and commune name against the Code officiel géographique', async () => {
    const before = await listDatasets(db, 'pitd');
    const error = await refusal(
      importPitd(
        file(
          'A-1;Libellé;75056;PARIS;NaTran;GRDF;2;PARIS-MONTSOURIS',
          'A-2;Libellé;99999;Nulle-Part;NaTran;GRDF;2;PARIS-MONTSOURIS',
          'A-3;Libellé;69123;Villeurbanne;NaTran;GRDF;1;LYON-BRON',
        ),
      ),
    );
    expect(error.errors).toEqual([
      { line: 3, message: expect.stringContaining('code INSEE « 99999 » inconnu (commune « Nulle-Part »)') },
      {
        line: 4,
        message: expect.stringContaining('la commune « Villeurbanne » ne correspond pas au code INSEE « 69123 »'),
      },
    ]);
    expect(error.errors[1]?.message).toContain('Lyon');
    expect(await listDatasets(db, 'pitd')).toEqual(before);
  });

  it('rolls the whole import back when the database fails halfway', async () => {
    const before = await listDatasets(db, 'pitd');
    // A database whose transaction accepts the dataset row, then fails on the rows.
    const failing = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'transaction') {
          return Reflect.get(target, property, receiver);
        }
        return (run: (tx: TransactionalExecutor) => Promise<unknown>) =>
          target.transaction((tx) =>
            run(
              new Proxy(tx, {
                get(txTarget, txProperty, txReceiver) {
                  if (txProperty === 'insert') {
                    return (table: unknown) =>
                      table === pitdRows
                        ? {
                            values: async () => {
                              throw new Error('disk full');
                            },
                          }
                        : txTarget.insert(table as typeof referenceDatasets);
                  }
                  return Reflect.get(txTarget, txProperty, txReceiver);
                },
              }),
            ),
          );
      },
    });
    await expect(
      importReferenceFile(failing, {
        kind: 'pitd',
        text: file('B-1;Libellé;75056;Paris;NaTran;GRDF;2;PARIS-MONTSOURIS'),
        sourceFileName: 'half.csv',
        importedBy: 'test',
      }),
    ).rejects.toThrow('disk full');
    expect(await listDatasets(db, 'pitd')).toEqual(before);
    expect((await createReferenceData(db).pitd()).info.version).toBe(2);
  });

  it('imports a Zi table (decimal comma accepted) and serves it', async () => {
    const summary = await importReferenceFile(db, {
      kind: 'zi',
      text: 'station_meteo;profil;zi\nST-ETIENNE-BOUTHEON;P016;0,00671\nST-ETIENNE-BOUTHEON;p011;0.0031\n',
      sourceFileName: 'zi.csv',
      importedBy: 'test',
      isSample: true,
    });
    expect(summary).toMatchObject({ kind: 'zi', version: 1, rowCount: 2, distinctKeys: 1, isSample: true });
    const zi = await createReferenceData(db).zi();
    expect(zi.info).toMatchObject({ origin: 'import', isSample: true, version: 1 });
    expect(await zi.ziOf('ST-ETIENNE-BOUTHEON', 'P016')).toBe(0.00671);
    expect(await zi.ziOf('ST-ETIENNE-BOUTHEON', 'P019')).toBeUndefined();
    expect(await db.select().from(ziRows)).toHaveLength(2);
    const refused = await refusal(
      importReferenceFile(db, {
        kind: 'zi',
        text: 'station_meteo;profil;zi\nX;P020;-1\n',
        sourceFileName: 'zi.csv',
        importedBy: 'test',
      }),
    );
    expect(refused.errors.map((e) => e.line)).toEqual([2, 2]);
    const active = await db.select().from(referenceDatasets).where(eq(referenceDatasets.isActive, true));
    expect(active.map((row) => row.kind).sort()).toEqual(['pitd', 'zi']);
  });
});
