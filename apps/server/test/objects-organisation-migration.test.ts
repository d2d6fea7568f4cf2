/**
 * Migration 0021 (ADR 0066) on a database at 0020 with rows in every table that gains `organisation_id`
 * (simulations, optimisations, consumption datasets, audits, mandates) and in their children (simulation PDFs,
 * readings, claim letters, mandate documents): nothing is lost, and each object lands in its creator's personal
 * organisation — even when the creator is active in another one, gave the personal one's ownership away, or
 * belongs to no organisation any more (they get one). A mandate whose account was deleted stays without one.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const OBJECT_TABLES = ['simulations', 'optimisations', 'consumption_datasets', 'audits', 'mandates'] as const;
const CHILD_TABLES = ['simulation_pdfs', 'consumption_readings', 'audit_claim_letters', 'mandate_documents'] as const;

describe.each(testDatabaseKinds())('migration 0021 on %s', (kind) => {
  let database: MigrationDatabase;
  const countsBefore = new Map<string, number>();
  /** Each user's personal organisation as migration 0016's trigger made it (before the scenario moves them). */
  const personal = new Map<string, string>();

  async function count(table: string): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      database.handle.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 21);
    const { db } = database.handle;
    // Four users (the trigger of 0016 gives each a personal organisation created at their own date).
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('alice', 'Alice Martin', 'alice@exemple.fr', true, '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z'),
        ('bob', 'Bob Durand', 'bob@exemple.fr', true, '2025-02-02T10:00:00Z', '2025-02-02T10:00:00Z'),
        ('carol', 'Carol Petit', 'carol@exemple.fr', true, '2025-03-02T10:00:00Z', '2025-03-02T10:00:00Z'),
        ('dan', 'Dan Roux', 'dan@exemple.fr', true, '2025-04-02T10:00:00Z', '2025-04-02T10:00:00Z')`);
    for (const row of await rowsOf<{ user_id: string; organisation_id: string }>(
      db,
      sql`select user_id, organisation_id from organisation_members`,
    )) {
      personal.set(row.user_id, row.organisation_id);
    }
    // Bob made a company later, owns it and has it active: his older objects stay personal.
    await db.execute(sql`
      insert into organisations (id, name, created_at, updated_at)
        values ('bob-company', 'Durand Industries', '2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z')`);
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, role, created_at)
        values ('bob-company', 'bob', 'owner', '2025-06-01T10:00:00Z')`);
    await db.execute(sql`update active_organisations set organisation_id = 'bob-company' where user_id = 'bob'`);
    // Carol handed her personal organisation to Alice and stayed admin.
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, role)
        values (${personal.get('carol')}, 'alice', 'owner')`);
    await db.execute(sql`
      update organisation_members set role = 'admin'
        where user_id = 'carol' and organisation_id = ${personal.get('carol')}`);
    // Dan was removed from his organisation (it is gone): he belongs to none.
    await db.execute(sql`delete from organisations where id = ${personal.get('dan')}`);

    for (const user of ['alice', 'bob', 'carol', 'dan']) {
      await db.execute(sql`
        insert into simulations (id, user_id, point_de_reseau, input, result, grid_dates, date_effet,
          used_sample_data, created_at)
        values (${`s-${user}`}, ${user}, 'PITD', '{"form":{"code":"GD1057"}}', '{"lignes":[]}', '{"atrd":null}',
          '2025-01-01', false, '2025-07-01T10:00:00Z')`);
      await db.execute(sql`
        insert into simulation_pdfs (simulation_id, renderer_version, bytes)
        values (${`s-${user}`}, 'v1', '\\x255044462d')`);
      await db.execute(sql`
        insert into optimisations (id, user_id, code, commune, tso, tarif, date_effet, cja_actuelle, cja_optimisee,
          economie_annuelle, pourcentage_economie, cout_avant, cout_apres, series_estimated, has_estimates, created_at)
        values (${`o-${user}`}, ${user}, 'GD1057', 'Paris', 'NaTran', 'T4', '2025-01-01', 120, 100, 1234.56, 3.2,
          40000, 38765.44, true, false, '2025-07-02T10:00:00Z')`);
      await db.execute(sql`
        insert into consumption_datasets (id, user_id, pce, source_format, unit, created_at)
        values (${`d-${user}`}, ${user}, '21400000000300', 'simple', 'kWh', '2025-07-03T10:00:00Z')`);
      await db.execute(sql`
        insert into consumption_readings (dataset_id, date, kwh, quality)
        values (${`d-${user}`}, '2025-01-01', 100, 'mesure'), (${`d-${user}`}, '2025-01-02', null, 'manquant')`);
      await db.execute(sql`
        insert into audits (id, user_id, file_name, declared_mime, format, size_bytes, storage_uri, status, created_at)
        values (${`a-${user}`}, ${user}, 'facture.pdf', 'application/pdf', 'pdf', 1234,
          ${`local://audits/${user}/facture.pdf`}, 'done', '2025-07-04T10:00:00Z')`);
      await db.execute(sql`
        insert into audit_claim_letters (audit_id, renderer_version, bytes)
        values (${`a-${user}`}, '4', '\\x255044462d')`);
    }
    for (const [id, user] of [
      ['m-alice', 'alice'],
      ['m-bob', 'bob'],
      ['m-carol', 'carol'],
      ['m-dan', 'dan'],
      ['m-deleted', null],
    ] as const) {
      await db.execute(sql`
        insert into mandates (id, user_id, kind, energy_type, manager, status, authorized_consumption_data,
          authorized_technical_data, authorized_contractual_data, authorized_load_curve, duration_months, expiry_date,
          consent_text_version, created_at, updated_at)
        values (${id}, ${user}, 'simple', 'gas', 'grdf', 'active', true, true, false, false, 12, '2026-07-01', 'v1',
          '2025-07-05T10:00:00Z', '2025-07-05T10:00:00Z')`);
      await db.execute(sql`insert into mandate_documents (mandate_id, pdf_enc) values (${id}, '\\x00ff')`);
    }
    for (const table of [...OBJECT_TABLES, ...CHILD_TABLES]) {
      countsBefore.set(table, await count(table));
    }
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps every row of every table, children included', async () => {
    for (const table of [...OBJECT_TABLES, ...CHILD_TABLES]) {
      expect(await count(table), table).toBe(countsBefore.get(table));
      expect(countsBefore.get(table), table).toBeGreaterThan(0);
    }
  });

  it('puts each object in its creator’s personal organisation, whichever is active or owned now', async () => {
    const [danHome] = await rowsOf<{ organisation_id: string; role: string; name: string }>(
      database.handle.db,
      sql`select m.organisation_id, m.role, o.name from organisation_members m
          join organisations o on o.id = m.organisation_id where m.user_id = 'dan'`,
    );
    // Dan, in no organisation, got a personal one he owns, named after him.
    expect(danHome).toMatchObject({ role: 'owner', name: 'Dan Roux' });
    const expected: Record<string, string | undefined> = {
      alice: personal.get('alice'),
      bob: personal.get('bob'),
      carol: personal.get('carol'),
      dan: danHome?.organisation_id,
    };
    expect(new Set(Object.values(expected)).size).toBe(4);
    for (const table of OBJECT_TABLES) {
      const rows = await rowsOf<{ user_id: string | null; organisation_id: string | null }>(
        database.handle.db,
        sql`select user_id, organisation_id from ${sql.identifier(table)} order by id`,
      );
      for (const row of rows) {
        if (row.user_id === null) {
          // A mandate whose account was deleted: the proof record stays, in no organisation.
          expect(table).toBe('mandates');
          expect(row.organisation_id).toBeNull();
        } else {
          expect(row.organisation_id, `${table} of ${row.user_id}`).toBe(expected[row.user_id]);
        }
      }
    }
  });

  it('makes organisation_id required (mandates excepted) and indexed with the list order', async () => {
    const columns = await rowsOf<{ table_name: string; is_nullable: string }>(
      database.handle.db,
      sql`select table_name, is_nullable from information_schema.columns
          where column_name = 'organisation_id' and table_name in ('simulations', 'optimisations',
            'consumption_datasets', 'audits', 'mandates') order by table_name`,
    );
    expect(columns).toEqual([
      { table_name: 'audits', is_nullable: 'NO' },
      { table_name: 'consumption_datasets', is_nullable: 'NO' },
      { table_name: 'mandates', is_nullable: 'YES' },
      { table_name: 'optimisations', is_nullable: 'NO' },
      { table_name: 'simulations', is_nullable: 'NO' },
    ]);
    const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
      database.handle.db,
      sql`select indexname, indexdef from pg_indexes where indexname like '%_organisation_created_idx'
          and tablename in ('simulations', 'optimisations', 'consumption_datasets', 'audits', 'mandates')`,
    );
    expect(indexes).toHaveLength(5);
    for (const index of indexes) {
      expect(index.indexdef).toContain('(organisation_id, created_at, id)');
    }
  });

  it('deletes an organisation’s objects with it, but keeps its mandates as proof records', async () => {
    const { db } = database.handle;
    const bob = personal.get('bob') as string;
    await db.execute(sql`delete from organisations where id = ${bob}`);
    for (const table of ['simulations', 'optimisations', 'consumption_datasets', 'audits']) {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = 'bob'`,
      );
      expect(row?.n, table).toBe(0);
    }
    const [mandate] = await rowsOf<{ organisation_id: string | null }>(
      db,
      sql`select organisation_id from mandates where id = 'm-bob'`,
    );
    expect(mandate).toEqual({ organisation_id: null });
  });
});
