/**
 * Migration 0025 (ADR 0079) on a database at 0024 with data: `consumption_datasets.last_day` is backfilled from the
 * readings (`manquant` days do not count) and then kept by the readings' trigger on insert, update and delete;
 * `simulations.annual_network_euros` is backfilled from the stored result and written on insert; deleting an account
 * keeps its simulations, optimisations and datasets in the organisation with no creator.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('migration 0025 on %s', (kind) => {
  let database: MigrationDatabase;
  let organisationId = '';

  const db = () => database.handle.db;
  const lastDays = async () =>
    Object.fromEntries(
      (
        await rowsOf<{ id: string; last_day: string | null }>(
          db(),
          sql`select id, last_day::text as last_day from consumption_datasets order by id`,
        )
      ).map((row) => [row.id, row.last_day]),
    );

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 25);
    await db().execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('alice', 'Alice Martin', 'alice@exemple.fr', true, now(), now())`);
    const [member] = await rowsOf<{ organisation_id: string }>(
      db(),
      sql`select organisation_id from organisation_members where user_id = 'alice'`,
    );
    organisationId = member?.organisation_id as string;
    const o = organisationId;
    await db().execute(sql`insert into consumption_datasets (id, user_id, organisation_id, pce, source_format, unit) values
      ('d1', 'alice', ${o}, '12345678901234', 'simple', 'kWh'),
      ('d2', 'alice', ${o}, '12345678901234', 'simple', 'kWh'),
      ('d3', 'alice', ${o}, '22345678901234', 'simple', 'kWh')`);
    // d1: measured to the 10th, estimated on the 11th, then missing days; d2: only missing days; d3: none.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd1', '2026-01-01'::date + i, case when i < 11 then 100 end,
        case when i < 10 then 'mesure' when i = 10 then 'estime' else 'manquant' end
      from generate_series(0, 14) i`);
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      values ('d2', '2026-01-05', null, 'manquant')`);
    await db().execute(sql`insert into simulations (id, user_id, organisation_id, point_de_reseau, input, result,
        grid_dates, date_effet, used_sample_data) values
      ('s1', 'alice', ${o}, 'PITD', '{}', '{"lignes": [], "annuel": {"totalFixe": 1234.56}}', '{}', '2026-07-01', false),
      ('s2', 'alice', ${o}, 'PITD', '{}', '{"lignes": []}', '{}', '2026-07-01', false)`);
    await db().execute(sql`insert into optimisations (id, user_id, organisation_id, code, commune, tso, tarif, date_effet,
        cja_actuelle, cja_optimisee, economie_annuelle, pourcentage_economie, cout_avant, cout_apres, series_estimated,
        has_estimates) values
      ('o1', 'alice', ${o}, 'GD1057', 'Laval', 'NaTran', 'T4', '2026-07-01', 100, 90, 10, 1, 1000, 990, false, false)`);
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('backfills the last data day and the simulations’ yearly cost', async () => {
    expect(await lastDays()).toEqual({ d1: '2026-01-11', d2: null, d3: null });
    const costs = await rowsOf<{ id: string; euros: number | null }>(
      db(),
      sql`select id, annual_network_euros as euros from simulations order by id`,
    );
    expect(costs).toEqual([
      { id: 's1', euros: 1234.56 },
      { id: 's2', euros: null },
    ]);
  });

  it('keeps the last data day on every write of the readings, and writes the yearly cost on insert', async () => {
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality) values
      ('d2', '2026-02-01', 5, 'mesure'), ('d2', '2026-02-02', null, 'manquant'), ('d3', '2026-03-01', 7, 'estime')`);
    expect(await lastDays()).toEqual({ d1: '2026-01-11', d2: '2026-02-01', d3: '2026-03-01' });
    await db().execute(
      sql`update consumption_readings set kwh = 9, quality = 'mesure' where dataset_id = 'd1' and date = '2026-01-14'`,
    );
    await db().execute(sql`delete from consumption_readings where dataset_id = 'd3'`);
    expect(await lastDays()).toEqual({ d1: '2026-01-14', d2: '2026-02-01', d3: null });
    await db().execute(sql`insert into simulations (id, user_id, organisation_id, point_de_reseau, input, result,
        grid_dates, date_effet, used_sample_data) values
      ('s3', 'alice', ${organisationId}, 'PITD', '{}', '{"annuel": {"totalFixe": 99.5}}', '{}', '2026-07-01', false)`);
    const [s3] = await rowsOf<{ euros: number }>(
      db(),
      sql`select annual_network_euros as euros from simulations where id = 's3'`,
    );
    expect(s3?.euros).toBe(99.5);
  });

  it('keeps an account’s results and data in the organisation when the account is deleted', async () => {
    await db().execute(sql`delete from users where id = 'alice'`);
    const left = await rowsOf<{ n: number; creators: number }>(
      db(),
      sql`select count(*)::int as n, count(user_id)::int as creators from (
            select user_id from simulations union all select user_id from optimisations
            union all select user_id from consumption_datasets) x`,
    );
    expect(left[0]).toEqual({ n: 7, creators: 0 });
  });
});
