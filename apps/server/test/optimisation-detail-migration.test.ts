/**
 * Migration 0017 (ADR 0064) on a database that already has optimisations: they are kept as they were, with no
 * request nor answer (null), and read as summaries; new rows hold both.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('migration 0017 on %s', (kind) => {
  let database: MigrationDatabase;

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 17);
    await database.handle.db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('u1', 'Alice Martin', 'alice@exemple.fr', true, '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z')`);
    await database.handle.db.execute(sql`
      insert into optimisations (id, user_id, code, commune, tso, tarif, date_effet, cja_actuelle, cja_optimisee,
        economie_annuelle, pourcentage_economie, cout_avant, cout_apres, series_estimated, has_estimates, created_at)
      values ('o1', 'u1', 'GD1057', 'Paris', 'NaTran', 'T4', '2025-01-01', 120, 100, 1234.56, 3.2, 40000, 38765.44,
        true, false, '2025-01-15T10:00:00Z')`);
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('adds the request (jsonb) and the answer (json) as nullable columns', async () => {
    const columns = await rowsOf<{ column_name: string; data_type: string; is_nullable: string }>(
      database.handle.db,
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_name = 'optimisations' and column_name in ('input', 'result') order by column_name`,
    );
    expect(columns).toEqual([
      { column_name: 'input', data_type: 'jsonb', is_nullable: 'YES' },
      { column_name: 'result', data_type: 'json', is_nullable: 'YES' },
    ]);
  });

  it('keeps an optimisation stored before it, summary intact, request and answer null', async () => {
    const [row] = await database.handle.db.select().from(schema.optimisations);
    expect(row).toMatchObject({
      id: 'o1',
      userId: 'u1',
      cjaOptimisee: 100,
      economieAnnuelle: 1234.56,
      coutApres: 38765.44,
      input: null,
      result: null,
    });
    expect(row?.createdAt.toISOString()).toBe('2025-01-15T10:00:00.000Z');
  });

  it('stores and reads back a request and an answer on a new row', async () => {
    // Since migration 0021 (ADR 0066) a row names its organisation: u1's personal one.
    const [membership] = await rowsOf<{ organisation_id: string }>(
      database.handle.db,
      sql`select organisation_id from organisation_members where user_id = 'u1'`,
    );
    await database.handle.db.insert(schema.optimisations).values({
      id: 'o2',
      userId: 'u1',
      organisationId: membership?.organisation_id as string,
      code: 'GD1057',
      commune: 'Paris',
      tso: 'NaTran',
      tarif: 'T4',
      dateEffet: '2026-11-01',
      cjaActuelle: 120,
      cjaOptimisee: 101,
      economieAnnuelle: 1,
      pourcentageEconomie: 0.1,
      coutAvant: 2,
      coutApres: 1,
      seriesEstimated: false,
      hasEstimates: false,
      input: { code: 'GD1057', assiette: 18000 },
      result: { cjaOptimisee: 101, series: { consoJournaliere: [{ date: '2026-01-01', mwh: 1.5 }] } },
    });
    const [row] = await rowsOf<{ assiette: number; day: string }>(
      database.handle.db,
      sql`select (input->>'assiette')::int as assiette, result->'series'->'consoJournaliere'->0->>'date' as day
          from optimisations where id = 'o2'`,
    );
    expect(row).toEqual({ assiette: 18000, day: '2026-01-01' });
  });
});
