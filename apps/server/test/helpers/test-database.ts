import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases integration tests run against: always PGlite, and PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it). Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and, for PostgreSQL, drops the database created for this file. */
  destroy(): Promise<void>;
}

let snapshot: Promise<Blob> | undefined;

/** The migrated data directory dumped once per run by test/setup/global-database.ts (read once per file). */
export function migratedSnapshot(): Promise<Blob> | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) {
    return undefined;
  }
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * TEST_PGLITE_THREAD=true: every test file's PGlite runs in a worker thread behind node-postgres, as the server
 * runs it by default (ADR 0042). Off by default: the files are the same and the thread only adds start-up time.
 */
export const pgliteInThread = process.env.TEST_PGLITE_THREAD === 'true';

/**
 * What a file may change in its copy's schema without the copy being handed to the next file: nothing. Any table,
 * column, constraint, index, trigger or function made, dropped or altered changes this digest, and the copy is then
 * closed instead of reused (test-database.test.ts creates a table on purpose).
 */
const SCHEMA_DIGEST = `select md5(concat_ws('|',
  (select string_agg(c.oid || c.relkind || c.relnatts, ',' order by c.oid) from pg_class c
     join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema')),
  (select string_agg(a.attrelid || a.attname || a.atttypid || a.attnotnull || a.attisdropped, ',' order by a.attrelid, a.attnum)
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and a.attnum > 0),
  (select string_agg(d.oid::text, ',' order by d.oid) from pg_attrdef d),
  (select string_agg(x.oid::text, ',' order by x.oid) from pg_constraint x
     join pg_namespace n on n.oid = x.connamespace where n.nspname not in ('pg_catalog', 'information_schema')),
  (select string_agg(t.oid || t.tgenabled, ',' order by t.oid) from pg_trigger t),
  (select string_agg(p.oid || md5(p.prosrc), ',' order by p.oid) from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema'))
)) as digest`;

interface PooledPglite {
  client: PGlite;
  /** The schema's digest when the copy was opened. */
  digest: string;
  /** `truncate …` of every table of the app (not drizzle's journal), and a restart of every sequence. */
  emptying: string;
}

/**
 * Copies given back by the test files of this worker, emptied, for the next file (ADR 0089): loading the migrated
 * dump costs ≈ 1.7 s of CPU per copy (4 s and more on a busy machine, where it pushed start-up hooks past their
 * limit), emptying one ≈ 0.1 s. The worker's files share this module (`isolate: false`), hence the pool.
 */
const idlePglites: PooledPglite[] = [];
let pglitesOpened = 0;

/** How many PGlite copies this worker has opened (loaded from the dump) so far: reuse keeps it low. */
export const pgliteCopiesOpened = () => pglitesOpened;

async function openPooledPglite(): Promise<PooledPglite> {
  pglitesOpened += 1;
  const loadDataDir = await migratedSnapshot();
  let client: PGlite;
  if (loadDataDir) {
    client = new PGlite({ loadDataDir });
    await client.waitReady;
  } else {
    // No global setup (a config without it): migrate a fresh in-memory database.
    const handle = await openDatabase({});
    await runMigrations(handle);
    if (!handle.pglite) {
      throw new Error('an in-memory database without PGlite');
    }
    client = handle.pglite;
  }
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
  );
  const sequences = await client.query<{ name: string }>(
    `select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences
      where sequence_schema <> 'drizzle' order by 1`,
  );
  const emptying = [
    tables.rows.length > 0 ? `truncate ${tables.rows.map((row) => row.name).join(', ')} restart identity cascade;` : '',
    ...sequences.rows.map((row) => `alter sequence ${row.name} restart;`),
  ].join('\n');
  const digest = (await client.query<{ digest: string }>(SCHEMA_DIGEST)).rows[0]?.digest ?? '';
  return { client, digest, emptying };
}

/** Empties a copy a file gave back and keeps it for the next file, or closes it if its schema was changed. */
async function giveBack(pooled: PooledPglite): Promise<void> {
  if (pooled.client.closed) {
    return;
  }
  try {
    // Session state a file may leave: settings, prepared statements, LISTEN, advisory locks, temporary tables.
    await pooled.client.exec('discard all');
    const digest = (await pooled.client.query<{ digest: string }>(SCHEMA_DIGEST)).rows[0]?.digest;
    if (digest !== pooled.digest) {
      await pooled.client.close();
      return;
    }
    await pooled.client.exec(pooled.emptying);
    idlePglites.push(pooled);
  } catch {
    // Left in a state it cannot be emptied from (a transaction a failed test left open, say): not reused.
    await pooled.client.close().catch(() => undefined);
  }
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  if (pgliteInThread) {
    const handle = await openDatabase({
      pgliteThread: true,
      pgliteLoadDataDirFile: inject('pgliteSnapshot') || undefined,
    });
    if (!inject('pgliteSnapshot')) {
      await runMigrations(handle);
    }
    return { handle, destroy: () => handle.close() };
  }
  const pooled = idlePglites.pop() ?? (await openPooledPglite());
  let given = false;
  // The file's view of the copy: once given back, anything still holding it (an app's timer, say) gets an error
  // instead of reading or writing the next file's rows.
  const client = new Proxy(pooled.client, {
    get(target, property) {
      if (given && (property === 'query' || property === 'exec' || property === 'transaction' || property === 'sql')) {
        throw new Error('this test database was given back (destroy) and belongs to another test file now');
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const handle: DatabaseHandle = {
    db: drizzle({ client, schema }),
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    // A test that closes its database (to see the app answer without one) ends the copy for good.
    close: () => client.close(),
  };
  return {
    handle,
    destroy: async () => {
      if (given) {
        return;
      }
      given = true;
      await giveBack(pooled);
    },
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  const template = inject('postgresTemplate');
  const name = `pe_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  if (!template) {
    await runMigrations(handle);
  }
  return {
    handle,
    destroy: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database created
 * on the TEST_DATABASE_URL server (and dropped afterwards), so files never see each other's rows.
 * Both are copies of a database migrated once per run (test/setup/global-database.ts, ADR 0019).
 */
export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}
