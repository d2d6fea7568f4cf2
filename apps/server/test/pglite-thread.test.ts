// PGlite in a worker thread (ADR 0042): statements run off the event loop, transactions and named prepared
// statements go through the one connection, the folder's lock holds, close() ends the thread.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { DataDirLockedError, lockPathFor } from '../src/db/data-dir-lock.ts';

const notes = pgTable('thread_notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

async function createNotes(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`create table thread_notes (id integer primary key, body text not null)`);
}

/** A statement that keeps PGlite busy for a while (WebAssembly, no sleep: pure CPU). */
const HEAVY = 'select count(*)::int as n from generate_series(1, 1000000) as a(x) where (x * 7) % 11 = 3';

/**
 * Runs HEAVY while a 5 ms timer ticks on this thread: the longest gap between two ticks, and how long HEAVY took.
 * With PGlite on this thread, the gap is about the statement's whole duration; in its own thread, a few ms.
 */
async function longestTimerGap(
  run: (statement: string) => Promise<unknown>,
): Promise<{ gapMs: number; queryMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await run(HEAVY);
    gapMs = Math.max(gapMs, performance.now() - last);
    return { gapMs, queryMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe('PGlite in a worker thread (ADR 0042)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // From the run's migrated snapshot (ADR 0019): no initdb.
    handle = await openDatabase({ pgliteThread: true, pgliteLoadDataDirFile: inject('pgliteSnapshot') });
    await createNotes(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  // A deliberately long statement (0.3–1.2 s here), twice, and a second database opened for the control.
  it('runs statements in another thread: the event loop keeps ticking during a long statement', {
    timeout: 20_000,
  }, async () => {
    expect(isMainThread).toBe(true);
    expect(handle.kind).toBe('pglite');
    expect(handle.pglite).toBeUndefined();
    expect(handle.pgliteThread?.threadId).toBeGreaterThan(0);
    const threaded = await longestTimerGap((statement) => handle.db.execute(sql.raw(statement)));
    // The control: the same statement on an in-process PGlite blocks this thread for about its whole duration.
    const inProcess = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    let blocking: { gapMs: number; queryMs: number };
    try {
      await inProcess.waitReady;
      blocking = await longestTimerGap((statement) => inProcess.query(statement));
    } finally {
      await inProcess.close();
    }
    expect(blocking.queryMs).toBeGreaterThan(100);
    expect(blocking.gapMs).toBeGreaterThan(blocking.queryMs * 0.6);
    expect(threaded.queryMs).toBeGreaterThan(100);
    expect(threaded.gapMs).toBeLessThan(threaded.queryMs * 0.25);
  });

  it('commits and rolls back transactions through the thread, and reports SQL error codes', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 1, body: 'gardée' });
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 2, body: 'annulée' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const duplicate = await handle.db
      .insert(notes)
      .values({ id: 1, body: 'doublon' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(await handle.db.select().from(notes).orderBy(notes.id)).toEqual([{ id: 1, body: 'gardée' }]);
  });

  it('keeps named prepared statements working across a reconnection (each connection starts a clean session)', async () => {
    const byId = handle.db
      .select()
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')))
      .prepare('thread_note_by_id');
    expect(await byId.execute({ id: 1 })).toEqual([{ id: 1, body: 'gardée' }]);
    // Drop the pool's connection: the next statement opens a new one to the same PGlite session, whose backend
    // still knows `thread_note_by_id`; node-postgres, on its new connection, prepares it again.
    const pool = handle.pgliteThread?.pool;
    const client = await pool?.connect();
    client?.release(true);
    expect(await byId.execute({ id: 1 })).toEqual([{ id: 1, body: 'gardée' }]);
  });

  it('dumps the data directory from the thread', async () => {
    const tarball = await handle.pgliteThread?.dumpDataDir();
    expect(tarball?.size).toBeGreaterThan(1_000_000);
  });
});

// Three thread starts on one folder (open, the refused second open, the reopening), each loading PGlite's
// WebAssembly: 5.7 s alone on a 2 GHz Xeon once the folder is seeded from the snapshot (8.9 s in CI with an initdb).
describe('PGlite folder in a worker thread (ADR 0017, 0042)', { timeout: 20_000 }, () => {
  it('keeps the folder locked while open, writes it back on close(), and close() ends the thread', async () => {
    const directory = path.join(await mkdtemp(path.join(tmpdir(), 'pe-thread-')), 'pglite');
    // Seeded from the run's migrated snapshot (ADR 0019): no initdb on disk.
    const first = await openDatabase({
      pgliteDir: directory,
      pgliteThread: true,
      pgliteLoadDataDirFile: inject('pgliteSnapshot'),
      purpose: 'serveur',
    });
    try {
      await createNotes(first);
      await first.db.insert(notes).values({ id: 7, body: 'sur disque' });
      await expect(openDatabase({ pgliteDir: directory, pgliteThread: true })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await first.close();
    }
    const exit = await Promise.race([
      first.pgliteThread?.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 2_000)),
    ]);
    expect(typeof exit).toBe('number');
    expect(existsSync(lockPathFor(directory))).toBe(false);
    await expect(first.ping(500)).rejects.toThrow();

    const again = await openDatabase({ pgliteDir: directory, pgliteThread: true });
    try {
      expect(await again.db.select().from(notes)).toEqual([{ id: 7, body: 'sur disque' }]);
    } finally {
      await again.close();
    }
  });
});
