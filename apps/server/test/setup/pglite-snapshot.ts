// The migrated PGlite snapshots of the tests (ADR 0019, ADR 0088), made once per set of migrations for every
// project that asks for them: the server project (global-database.ts) and the server-bundle project
// (global-pglite-snapshot.ts).
//
// One database is migrated from empty in steps: it is dumped just before each migration a migration test starts from
// (MIGRATION_TEST_POINTS, `pglite-before-N.tar`, read by helpers/migration-database.ts openDatabaseBefore) and at the
// end (`pglite-migrated.tar`, every test file's copy). Creating a PGlite data directory costs ≈ 4 s of CPU and the
// migrations ≈ 2 s; loading a dump ≈ 1.7 s. The dumps are kept in the system's temporary folder under a hash of
// what makes them (the migrations' files, the points, PGlite's version), so a later run of the same migrations —
// a targeted `npx vitest run test/<file>` too — skips the work; a changed migration makes a new folder. Folders of
// other hashes unused for a day are removed.
//
// Vitest runs each project's global setup in its main process, loading the setup's modules once per project, so the
// one build of a run is kept on `globalThis`.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/client.ts';
import { findMigrationsFolder, runMigrations } from '../../src/db/migrate.ts';
import { migrationsBefore } from '../helpers/migrations-before.ts';

/**
 * The migrations the migration tests start before (`openDatabaseBefore(kind, N)`: a database at N − 1). A new
 * migration test adds its N here; the snapshots are then made again once.
 */
export const MIGRATION_TEST_POINTS = [16, 17, 21, 22, 24, 25, 27] as const;
export type MigrationTestPoint = (typeof MIGRATION_TEST_POINTS)[number];

/** The file, in a snapshot folder, of the database just before migration `index`. */
export const snapshotBeforeFile = (folder: string, index: MigrationTestPoint) =>
  path.join(folder, `pglite-before-${String(index).padStart(4, '0')}.tar`);
const MIGRATED_FILE = 'pglite-migrated.tar';
const PREFIX = 'pe-test-pglite-';
const STALE_MS = 24 * 60 * 60 * 1000;

const key = Symbol.for('pilote.test.pgliteSnapshot');
const store = globalThis as typeof globalThis & { [key]?: Promise<string> };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** PGlite's package.json (its version decides the data directory's format). */
function pglitePackageFile(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) {
    dir = path.dirname(dir);
  }
  return path.join(dir, 'package.json');
}

async function snapshotHash(migrations: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`points ${MIGRATION_TEST_POINTS.join(',')}\n`);
  hash.update(await readFile(pglitePackageFile()));
  for (const file of await filesUnder(migrations)) {
    hash.update(`\n${path.relative(migrations, file)}\n`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function dump(handle: Awaited<ReturnType<typeof openDatabase>>, file: string): Promise<void> {
  const tarball = await handle.pglite?.dumpDataDir('none');
  if (!tarball) {
    throw new Error('PGlite dump failed');
  }
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
}

/** Migrates one empty database in steps, dumping it before each point and at the end, into `dir`. */
async function build(dir: string): Promise<void> {
  const handle = await openDatabase({});
  try {
    for (const index of MIGRATION_TEST_POINTS) {
      const folders = await migrationsBefore(index);
      try {
        await runMigrations(handle, folders.before);
      } finally {
        await folders.cleanUp();
      }
      await dump(handle, snapshotBeforeFile(dir, index));
    }
    await runMigrations(handle);
    await dump(handle, path.join(dir, MIGRATED_FILE));
  } finally {
    await handle.close();
  }
}

/** Removes the snapshot folders of other migrations that no run used for a day. */
async function removeStale(keep: string): Promise<void> {
  const root = tmpdir();
  for (const name of await readdir(root)) {
    const dir = path.join(root, name);
    if (!name.startsWith(PREFIX) || dir === keep) {
      continue;
    }
    const info = await stat(dir).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * The folder of the snapshots for the current migrations, made when missing. Made in a folder of its own and renamed
 * into place, so a run (or another checkout's run) at the same time either finds it whole or makes its own.
 */
async function snapshotFolder(): Promise<string> {
  const folder = path.join(tmpdir(), `${PREFIX}${await snapshotHash(findMigrationsFolder())}`);
  if (existsSync(path.join(folder, MIGRATED_FILE))) {
    const now = new Date();
    await utimes(folder, now, now).catch(() => undefined);
    return folder;
  }
  await mkdir(tmpdir(), { recursive: true });
  const building = await mkdtemp(`${folder}.building-`);
  try {
    await build(building);
    await rename(building, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another run renamed its own first: the same content.
      if (!existsSync(path.join(folder, MIGRATED_FILE))) {
        throw error;
      }
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  await removeStale(folder).catch(() => undefined);
  return folder;
}

/**
 * Path of a tarball of a migrated PGlite data directory (the snapshots before each migration test's point sit in the
 * same folder, {@link snapshotBeforeFile}), and the release the setup's teardown calls (the folder is kept for the
 * next run).
 */
export async function sharedPgliteSnapshot(): Promise<{ file: string; release: () => Promise<void> }> {
  store[key] ??= snapshotFolder();
  try {
    const folder = await store[key];
    return { file: path.join(folder, MIGRATED_FILE), release: async () => {} };
  } catch (error) {
    delete store[key];
    throw error;
  }
}
