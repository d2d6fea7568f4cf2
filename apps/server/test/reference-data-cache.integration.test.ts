/**
 * Reads of the reference tables are kept in memory per imported version (ADR 0022). An import on any instance
 * (here: straight into the database, as the CLI of another process would) must apply to the very next read.
 */
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { referenceDatasets, tariffParameterValues } from '../src/db/schema.ts';
import { importReferenceFile } from '../src/modules/reference-data/importer.ts';
import { createReferenceData } from '../src/modules/reference-data/source.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers/test-database.ts';

const HEADER =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo';
const pitdFile = (ntr: number) =>
  `${HEADER}\nGRDF-IDF-0001;Paris (NaTran, NTR ${ntr});75056;Paris;NaTran;GRDF;${ntr};PARIS-MONTSOURIS\n`;
const ziFile = (zi: string) => `station_meteo;profil;zi\nPARIS-MONTSOURIS;P016;${zi}\n`;

describe.each(testDatabaseKinds())('reference data reads on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('serves the newly imported version on the next read, with one reader kept across imports', async () => {
    const reference = createReferenceData(db);
    expect((await reference.tables()).pitd.info.origin).toBe('package');

    await importReferenceFile(db, { kind: 'pitd', text: pitdFile(2), sourceFileName: 'v1.csv', importedBy: 'test' });
    await importReferenceFile(db, { kind: 'zi', text: ziFile('0,005'), sourceFileName: 'zi1.csv', importedBy: 'test' });
    let tables = await reference.tables();
    expect(tables.pitd.info.version).toBe(1);
    expect((await tables.pitd.rowsOf('GRDF-IDF-0001')).map((row) => row.ntr)).toEqual([2]);
    expect(await tables.zi.ziOf('PARIS-MONTSOURIS', 'P016')).toBe(0.005);
    // Read twice (the second from memory): same answer, and a caller cannot alter the kept rows.
    const rows = await tables.pitd.rowsOf('GRDF-IDF-0001');
    (rows[0] as { ntr: number }).ntr = 99;
    expect((await tables.pitd.rowsOf('GRDF-IDF-0001')).map((row) => row.ntr)).toEqual([2]);

    await importReferenceFile(db, { kind: 'pitd', text: pitdFile(4), sourceFileName: 'v2.csv', importedBy: 'test' });
    await importReferenceFile(db, { kind: 'zi', text: ziFile('0,007'), sourceFileName: 'zi2.csv', importedBy: 'test' });
    tables = await reference.tables();
    expect(tables.pitd.info.version).toBe(2);
    expect((await tables.pitd.rowsOf('GRDF-IDF-0001')).map((row) => row.ntr)).toEqual([4]);
    expect(await tables.zi.ziOf('PARIS-MONTSOURIS', 'P016')).toBe(0.007);
    expect((await reference.pitd()).info.version).toBe(2);

    // Back to version 1 (an operator re-activating it by hand): its rows, not the last ones read.
    await db.update(referenceDatasets).set({ isActive: false }).where(eq(referenceDatasets.kind, 'pitd'));
    await db.update(referenceDatasets).set({ isActive: true }).where(eq(referenceDatasets.sourceFileName, 'v1.csv'));
    tables = await reference.tables();
    expect(tables.pitd.info.version).toBe(1);
    expect((await tables.pitd.rowsOf('GRDF-IDF-0001')).map((row) => row.ntr)).toEqual([2]);

    // Nothing active any more: back to the packaged sample.
    await db.update(referenceDatasets).set({ isActive: false });
    tables = await reference.tables();
    expect(tables.pitd.info.origin).toBe('package');
    expect(tables.zi.info.origin).toBe('package');
  });

  it('reads the stored tariff values’ version in the same statement, with or without an active dataset (ADR 0038)', async () => {
    const reference = createReferenceData(db);
    await db.update(referenceDatasets).set({ isActive: false });
    const empty = await reference.tables();
    expect(empty.pitd.info.origin).toBe('package');
    const [{ latest } = { latest: null }] = await db
      .select({ latest: max(tariffParameterValues.id) })
      .from(tariffParameterValues);
    expect(empty.tariffValuesVersion).toBe(latest ?? 0);

    const value = {
      parameterId: 'test.parameter',
      validFrom: '2026-01-01',
      action: 'set',
      value: 1,
      unit: '€/an',
      status: 'official',
      references: [],
      origin: 'panel',
      recordedBy: 'test@exemple.fr',
    };
    const [first] = await db
      .insert(tariffParameterValues)
      .values({ ...value, version: 1 })
      .returning({ id: tariffParameterValues.id });
    expect((await reference.tables()).tariffValuesVersion).toBe(first?.id);

    // Both datasets active again: one row per dataset, each carrying the same version.
    await db.update(referenceDatasets).set({ isActive: true }).where(eq(referenceDatasets.sourceFileName, 'v2.csv'));
    await db.update(referenceDatasets).set({ isActive: true }).where(eq(referenceDatasets.sourceFileName, 'zi2.csv'));
    const [second] = await db
      .insert(tariffParameterValues)
      .values({ ...value, version: 2 })
      .returning({ id: tariffParameterValues.id });
    const tables = await reference.tables();
    expect(tables.pitd.info.version).toBe(2);
    expect(tables.zi.info.version).toBe(2);
    expect(tables.tariffValuesVersion).toBe(second?.id);
  });
});
