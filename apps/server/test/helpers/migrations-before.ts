import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findMigrationsFolder } from '../../src/db/migrate.ts';

/**
 * A copy of the migrations folder that stops before migration `index` (its journal's `idx`). Used by the global
 * setup to dump the database at each migration test's point (setup/pglite-snapshot.ts) and, on PostgreSQL, by the
 * migration tests themselves (migration-database.ts).
 */
export async function migrationsBefore(index: number): Promise<{ before: string; cleanUp: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pe-migrations-'));
  await cp(findMigrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  await writeFile(journalFile, JSON.stringify(journal));
  return { before: dir, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}
