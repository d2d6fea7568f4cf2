// The migrated PGlite snapshot of a Vitest run (ADR 0019), made once for every project that asks for it: the
// server project (global-database.ts) and the server-bundle project (global-pglite-snapshot.ts). Vitest runs each
// project's global setup in its main process, loading the setup's modules once per project, so the one migration
// is kept on `globalThis`; the folder is removed when the last project that took it releases it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';

interface Shared {
  file: Promise<string>;
  dir: string;
  users: number;
}

const key = Symbol.for('pilote.test.pgliteSnapshot');
const store = globalThis as typeof globalThis & { [key]?: Shared };

async function migrateAndDump(dir: string): Promise<string> {
  const handle = await openDatabase({});
  try {
    await runMigrations(handle);
    const tarball = await handle.pglite?.dumpDataDir('none');
    if (!tarball) {
      throw new Error('PGlite dump failed');
    }
    const file = path.join(dir, 'pglite-migrated.tar');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

/** Path of a tarball of a migrated PGlite data directory, and the release to call in the setup's teardown. */
export async function sharedPgliteSnapshot(): Promise<{ file: string; release: () => Promise<void> }> {
  let shared = store[key];
  if (!shared) {
    const dir = await mkdtemp(path.join(tmpdir(), 'pe-test-db-'));
    // Checked again after the await: another project's setup may have started the migration meanwhile.
    shared = store[key] ??= { dir, file: migrateAndDump(dir), users: 0 };
    if (shared.dir !== dir) {
      await rm(dir, { recursive: true, force: true });
    }
  }
  shared.users += 1;
  const taken = shared;
  let released = false;
  const release = async () => {
    if (released) {
      return;
    }
    released = true;
    taken.users -= 1;
    if (taken.users === 0) {
      if (store[key] === taken) {
        delete store[key];
      }
      await rm(taken.dir, { recursive: true, force: true });
    }
  };
  try {
    return { file: await taken.file, release };
  } catch (error) {
    await release();
    throw error;
  }
}
