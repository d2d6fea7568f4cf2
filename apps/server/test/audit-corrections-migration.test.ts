/**
 * Migration 0022 (ADR 0081): the review step's supplier corrections move from users to organisations. On a database
 * at 0021: a correction goes to the organisation of its author's latest audit of that PCE, else to the author's
 * personal organisation; two members' corrections of the same supplier and PCE keep the newer; a correction whose
 * author belongs to no organisation is dropped. Afterwards a colleague's correction pre-fills another member's review.
 */
import type { NormalisedInvoice } from '@pilote/tariffs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { suggestionsFor } from '../src/modules/audits/review.ts';
import { type MigrationDatabase, openDatabaseBefore } from './helpers/migration-database.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('migration 0022 on %s', (kind) => {
  let database: MigrationDatabase;
  const personal = new Map<string, string>();

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, 22);
    const { db } = database.handle;
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at) values
        ('alice', 'Alice Martin', 'alice@exemple.fr', true, '2025-01-02T10:00:00Z', '2025-01-02T10:00:00Z'),
        ('bob', 'Bob Durand', 'bob@exemple.fr', true, '2025-02-02T10:00:00Z', '2025-02-02T10:00:00Z'),
        ('dan', 'Dan Roux', 'dan@exemple.fr', true, '2025-04-02T10:00:00Z', '2025-04-02T10:00:00Z')`);
    for (const row of await rowsOf<{ user_id: string; organisation_id: string }>(
      db,
      sql`select user_id, organisation_id from organisation_members`,
    )) {
      personal.set(row.user_id, row.organisation_id);
    }
    // Alice and Bob work for the same company; each audited its PCE 1 there.
    await db.execute(sql`
      insert into organisations (id, name, created_at, updated_at)
        values ('usine', 'Usine Durand', '2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z')`);
    await db.execute(sql`
      insert into organisation_members (organisation_id, user_id, role, created_at)
        values ('usine', 'alice', 'owner', '2025-06-01T10:00:00Z'), ('usine', 'bob', 'member', '2025-06-01T10:00:00Z')`);
    for (const user of ['alice', 'bob']) {
      await db.execute(sql`
        insert into audits (id, user_id, organisation_id, file_name, declared_mime, format, size_bytes, storage_uri,
          status, invoice, created_at)
        values (${`a-${user}`}, ${user}, 'usine', 'facture.pdf', 'application/pdf', 'pdf', 1234,
          ${`local://audits/${user}/facture.pdf`}, 'done', '{"point":{"pce":"21400000000001"}}',
          '2025-07-04T10:00:00Z')`);
    }
    // Dan belongs to no organisation any more.
    await db.execute(sql`delete from organisations where id = ${personal.get('dan')}`);
    await db.execute(sql`
      insert into audit_supplier_corrections (user_id, supplier_key, pce, values, updated_at) values
        ('alice', 'energie exemple sa', '21400000000001', '{"cja":100}', '2025-08-01T10:00:00Z'),
        ('bob', 'energie exemple sa', '21400000000001', '{"cja":109}', '2025-09-01T10:00:00Z'),
        ('alice', 'energie exemple sa', '21400000000002', '{"cja":50}', '2025-08-01T10:00:00Z'),
        ('dan', 'energie exemple sa', '21400000000001', '{"cja":1}', '2025-08-01T10:00:00Z')`);
    await runMigrations(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('moves each correction to its organisation, keeps the newer of two members’, drops the homeless one', async () => {
    const rows = await rowsOf<{ organisation_id: string; user_id: string; pce: string; values: unknown }>(
      database.handle.db,
      sql`select organisation_id, user_id, pce, values from audit_supplier_corrections order by pce, organisation_id`,
    );
    expect(rows).toEqual([
      { organisation_id: 'usine', user_id: 'bob', pce: '21400000000001', values: { cja: 109 } },
      { organisation_id: personal.get('alice'), user_id: 'alice', pce: '21400000000002', values: { cja: 50 } },
    ]);
  });

  it('a member’s correction pre-fills a colleague’s review in the organisation, not elsewhere', async () => {
    const invoice = {
      supplier: 'Énergie Exemple SA',
      point: { pointDeReseau: 'PITD', code: null, pce: '21400000000001' },
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    } as unknown as NormalisedInvoice; // only the fields suggestionsFor reads
    const { db } = database.handle;
    const inCompany = await suggestionsFor(db, { userId: 'alice', organisationId: 'usine' }, invoice);
    expect(inCompany.suggestions.cja?.value).toBe(109);
    expect(inCompany.suggestions.cja?.from).toMatch(/^la correction d’un membre de l’organisation du /);
    const personalOnly = await suggestionsFor(
      db,
      { userId: 'alice', organisationId: personal.get('alice') as string },
      invoice,
    );
    expect(personalOnly.suggestions.cja).toBeUndefined();
  });
});
