/**
 * Migration 0027 (issue #24 §5, ADR 0083) on a database at 0026 with data: `consumption_dataset_years` (each
 * dataset's readings of the 365 days up to `last_day`, packed) is backfilled, then kept by the readings' statement
 * trigger on insert, update, upsert and delete (and a dataset's deletion); at every step it equals what the portfolio
 * run aggregated from the readings before (the reference query below). The optimiser's outcome from the packed year is
 * the same as from the readings, missing days included.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type ChunkSite, optimiseChunk, unpackKwh } from '../src/modules/portfolio/chunk-task.ts';
import { chunkSites } from '../src/modules/portfolio/repository.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

interface YearRow {
  datasetId: string;
  first: string;
  days: number;
  kwh: (number | string | null)[];
  quality: string;
}

describe.each(testDatabaseKinds())('migration 0027 on %s', (kind) => {
  let database: MigrationDatabase;
  let organisationId = '';

  const db = () => database.handle.db;

  /** What the portfolio run read before migration 0027: the readings of the window aggregated per dataset. */
  const fromReadings = () =>
    rowsOf<YearRow>(
      db(),
      sql`select r.dataset_id as "datasetId", min(r.date)::text as first, count(*)::int as days,
            array_agg(r.kwh order by r.date) as kwh,
            string_agg(case r.quality when 'mesure' then 'm' when 'estime' then 'e' else 'x' end, '' order by r.date) as quality
          from consumption_datasets d
          join consumption_readings r on r.dataset_id = d.id and r.date > d.last_day - 365 and r.date <= d.last_day
          where d.last_day is not null
          group by r.dataset_id order by r.dataset_id`,
    );
  const packed = async () =>
    (
      await rowsOf<{ datasetId: string; first: string; days: number; kwh: string; quality: string }>(
        db(),
        sql`select dataset_id as "datasetId", first_day::text as first, days, encode(kwh, 'base64') as kwh, quality
            from consumption_dataset_years order by dataset_id`,
      )
    ).map((row) => ({ ...row, kwh: Array.from(unpackKwh(row.kwh)) }));
  /** The packed years equal the readings' aggregation (a missing day's kWh is NaN), and returns them. */
  async function expectConsistent() {
    const reference = (await fromReadings()).map((row) => ({
      ...row,
      kwh: row.kwh.map((v) => (v === null ? Number.NaN : Number(v))),
    }));
    const years = await packed();
    expect(years).toEqual(reference);
    return years;
  }
  const days = async (id: string) => (await packed()).find((row) => row.datasetId === id)?.days;

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 27);
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
      ('d1', 'alice', ${o}, '10000000000001', 'simple', 'kWh'),
      ('d2', 'alice', ${o}, '10000000000002', 'simple', 'kWh'),
      ('d3', 'alice', ${o}, '10000000000003', 'simple', 'kWh'),
      ('d4', 'alice', ${o}, '10000000000004', 'simple', 'kWh'),
      ('d5', 'alice', ${o}, '10000000000005', 'simple', 'kWh')`);
    // d1: 400 measured days to 2026-09-30 (the window keeps the last 365), fractional kWh.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd1', date '2026-09-30' - i, 60000.25 + 40000 * cos(2 * pi() * i / 365), 'mesure' from generate_series(0, 399) i`);
    // d2: 370 days; missing days inside the year (5th, 100th, 200th from the end) and the last two days missing, so
    // last_day is two days before the last reading; every 7th day estimated.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd2', date '2026-09-30' - i,
        case when i in (0, 1, 5, 100, 200) then null else 50000 + 30000 * cos(2 * pi() * i / 365) end,
        case when i in (0, 1, 5, 100, 200) then 'manquant' when i % 7 = 0 then 'estime' else 'mesure' end
      from generate_series(0, 369) i`);
    // d3: a year with one day absent (no row at all): 364 readings in the window.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd3', date '2026-09-30' - i, 70000, 'mesure' from generate_series(0, 364) i where i <> 40`);
    // d4: only missing days (no last_day, no year); d5: 100 estimated days.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd4', date '2026-01-01' + i, null, 'manquant' from generate_series(0, 9) i`);
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd5', date '2026-01-01' + i, 1000 + i, 'estime' from generate_series(0, 99) i`);
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('backfills one packed year per dataset with a measured or estimated day, equal to the readings', async () => {
    const years = await expectConsistent();
    expect(years.map((y) => [y.datasetId, y.first, y.days])).toEqual([
      ['d1', '2025-10-01', 365],
      ['d2', '2025-09-29', 365],
      ['d3', '2025-10-01', 364],
      ['d5', '2026-01-01', 100],
    ]);
    const d2 = years.find((y) => y.datasetId === 'd2');
    // The missing days inside the window are NaN with the letter x (the window ends at last_day, 2026-09-28).
    expect(d2?.quality.split('').filter((q) => q === 'x')).toHaveLength(3);
    expect(d2?.kwh.filter((v) => Number.isNaN(v))).toHaveLength(3);
  });

  it('keeps the packed year on every write of the readings: insert, update, upsert, delete, dataset deletion', async () => {
    // Insert: d5 grows by 300 days (the window moves), d4 gets its first measured day.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      select 'd5', date '2026-04-11' + i, 2000 + i, 'mesure' from generate_series(0, 299) i`);
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
      values ('d4', '2026-01-11', 500, 'mesure')`);
    await expectConsistent();
    expect(await days('d5')).toBe(365);
    expect(await days('d4')).toBe(11);
    // Update: a missing day of d2 measured; the two last missing days too (the window moves by two days).
    await db().execute(sql`update consumption_readings set kwh = 1234.5, quality = 'mesure'
      where dataset_id = 'd2' and kwh is null`);
    await expectConsistent();
    // Upsert (the operator sync's write): a correction of d1's last day and a new day after it.
    await db().execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality) values
        ('d1', '2026-09-30', 1.5, 'estime'), ('d1', '2026-10-01', 2.5, 'mesure')
      on conflict (dataset_id, date) do update set kwh = excluded.kwh, quality = excluded.quality`);
    await expectConsistent();
    // Delete: d3's last 10 days, then every reading of d4 (no year left).
    await db().execute(sql`delete from consumption_readings where dataset_id = 'd3' and date > '2026-09-20'`);
    await db().execute(sql`delete from consumption_readings where dataset_id = 'd4'`);
    await expectConsistent();
    expect(await days('d4')).toBeUndefined();
    // A dataset deleted: its readings and its year go (cascade), nothing else moves.
    await db().execute(sql`delete from consumption_datasets where id = 'd1'`);
    const years = await expectConsistent();
    expect(years.map((y) => y.datasetId)).toEqual(['d2', 'd3', 'd5']);
  });

  it('gives the optimiser the same sites and the same outcomes as the readings did, missing days included', async () => {
    const o = organisationId;
    // d2 (a year with missing days), d5 (a full year), d3 (one day absent: short on both paths).
    await db().execute(sql`insert into sites (id, organisation_id, created_by, name, pce, point_type, point_code, option, cja)
      values ('s2', ${o}, 'alice', 'Site 2', '10000000000002', 'PITD', 'GD1057', 'T4', 90),
             ('s3', ${o}, 'alice', 'Site 3', '10000000000003', 'PITD', 'GD1057', 'T4', 90),
             ('s5', ${o}, 'alice', 'Site 5', '10000000000005', 'PITD', 'GD1057', 'T4', 3)`);
    await db().execute(sql`update consumption_readings set kwh = null, quality = 'manquant'
      where dataset_id = 'd2' and date in ('2026-03-01', '2026-06-15')`);
    const reference = new Map((await fromReadings()).map((row) => [row.datasetId, row]));
    const compact = await chunkSites(db(), o, ['s2', 's3', 's5']);
    const site = (siteId: string, first: string, kwh: string, quality: string): ChunkSite => ({
      siteId,
      tso: 'NaTran',
      ntr: 2,
      raccordement: 'distribution',
      tarif: 'T4',
      cjaActuelle: siteId === 's5' ? 3 : 90,
      first,
      kwh,
      quality,
    });
    const before: ChunkSite[] = [];
    const after: ChunkSite[] = [];
    for (const row of [...compact].sort((a, b) => a.id.localeCompare(b.id))) {
      const old = reference.get(row.datasetId as string) as YearRow;
      expect(row.year?.days).toBe(old.days);
      if (old.days < 365) {
        continue; // skipped as « moins d'une année » on both paths
      }
      // The readings path's packing (service.ts before ADR 0083), as float8send bytes in base64.
      const bytes = Buffer.alloc(old.kwh.length * 8);
      for (let d = 0; d < old.kwh.length; d += 1) {
        const v = old.kwh[d];
        bytes.writeDoubleBE(v === null || v === undefined ? Number.NaN : Number(v), d * 8);
      }
      before.push(site(row.id, old.first, bytes.toString('base64'), old.quality));
      const year = row.year as NonNullable<typeof row.year>;
      after.push(site(row.id, year.first, year.kwh, year.quality));
    }
    expect(after.map((s) => s.siteId)).toEqual(['s2', 's5']);
    expect(after[0]?.quality.split('').filter((q) => q === 'x')).toHaveLength(2);
    // The same values (the database's base64 breaks its lines, Node's does not).
    const decoded = (sites: ChunkSite[]) => sites.map((s) => ({ ...s, kwh: Array.from(unpackKwh(s.kwh)) }));
    expect(decoded(after)).toEqual(decoded(before));
    const input = { dateEffet: '2026-10-01', overlay: null };
    const outcomes = optimiseChunk({ ...input, sites: after });
    expect(outcomes).toEqual(optimiseChunk({ ...input, sites: before }));
    expect(outcomes.every((outcome) => outcome.message === null)).toBe(true);
  });
});
