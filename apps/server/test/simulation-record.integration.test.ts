/**
 * A simulation's quota unit and its stored row in one statement (ADR 0046): the row exists only when the unit was
 * taken, the limit holds, a failed insert takes no unit (nothing to give back), and every column reads back as
 * written on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { type UnitClaim, usedOf } from '../src/modules/plans/repository.ts';
import { findSimulation, type SimulationInsert, simulationRecorder } from '../src/modules/simulator/repository.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('simulation and its quota unit in one statement on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;
  let organisationId: string;
  let record: ReturnType<typeof simulationRecorder>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const user = await insertVerifiedUser(database.handle.db, {
      email: 'record@exemple.fr',
      name: 'Record',
      role: 'user',
      passwordHash: 'unused',
    });
    userId = user.id;
    organisationId = await personalOrganisationOf(database.handle.db, userId);
    record = simulationRecorder(database.handle.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const claim = (limit: number | null): UnitClaim => ({
    organisationId,
    userId,
    feature: 'simulations',
    periodStart: new Date('2026-11-01T00:00:00.000Z'),
    periodEnd: new Date('2026-12-01T00:00:00.000Z'),
    limit,
    at: new Date('2026-11-26T10:00:00.000Z'),
  });
  const row = (id: string): SimulationInsert => ({
    id,
    userId,
    organisationId,
    pointDeReseau: 'PITD',
    input: { form: { code: 'GD0001', car: 15466.8, note: 'é « » \\ "' }, dateEffet: '2026-02-01' },
    result: { total: 1234.5, lignes: [{ libelle: 'Terme fixe', montant: 1 }], sources: [], vide: null },
    gridDates: { atrd: '2025-07-01', atrt: null },
    dateEffet: '2026-02-01',
    usedSampleData: true,
    createdAt: new Date('2026-11-26T10:00:00.123Z'),
  });
  const used = () => usedOf(database.handle.db, claim(null));

  it('stores the row with its unit, up to the limit, and neither past it', async () => {
    expect(await record(row('sim-1'), claim(2))).toBe(1);
    expect(await record(row('sim-2'), claim(2))).toBe(2);
    expect(await record(row('sim-3'), claim(2))).toBeNull();
    expect(await findSimulation(database.handle.db, 'sim-3')).toBeUndefined();
    expect(await used()).toBe(2);
    // No limit (an unlimited plan): the unit is still counted.
    expect(await record(row('sim-4'), claim(null))).toBe(3);
  });

  it('reads every column back as written', async () => {
    const stored = await findSimulation(database.handle.db, 'sim-1');
    const written = row('sim-1');
    expect(stored).toMatchObject({
      id: 'sim-1',
      userId,
      pointDeReseau: 'PITD',
      input: written.input,
      gridDates: written.gridDates,
      dateEffet: '2026-02-01',
      usedSampleData: true,
      createdAt: written.createdAt,
    });
    expect(stored?.result).toMatchObject(written.result);
  });

  it('a failed insert takes no unit: both happen or neither', async () => {
    const before = await used();
    await expect(record(row('sim-1'), claim(null))).rejects.toThrow();
    expect(await used()).toBe(before);
  });
});
