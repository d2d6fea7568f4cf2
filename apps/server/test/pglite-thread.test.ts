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
import { createBackgroundLane } from '../src/db/background-lane.ts';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.ts';
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
  // One thread for the file, on a new folder seeded from the run's migrated snapshot (ADR 0019: no initdb), and the
  // in-process PGlite of the control, each opened in a hook of its own (ADR 0056: on a quiet machine about 1.7 s of
  // CPU for the thread, 0.9 s for the control).
  let directory: string;
  let snapshot: string;
  let handle: DatabaseHandle;
  let inProcess: PGlite;

  beforeAll(async () => {
    directory = path.join(await mkdtemp(path.join(tmpdir(), 'pe-thread-')), 'pglite');
    snapshot = inject('pgliteSnapshot');
    handle = await openDatabase({
      pgliteDir: directory,
      pgliteThread: true,
      pgliteLoadDataDirFile: snapshot,
      purpose: 'serveur',
    });
    await createNotes(handle);
  });
  beforeAll(async () => {
    inProcess = new PGlite({ loadDataDir: new Blob([await readFile(snapshot)]) });
    await inProcess.waitReady;
  });
  afterAll(async () => {
    await handle?.close();
    await inProcess?.close();
  });

  it('seeds a new folder from the tarball instead of an initdb: the migrated schema is there', async () => {
    // An initdb'd folder (what the thread did with a folder and a tarball before, 3.8 s of CPU) has no migrations.
    const journal = JSON.parse(await readFile(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: journal.entries.length }]);
    expect(existsSync(path.join(directory, 'PG_VERSION'))).toBe(true);
  });

  // A deliberately long statement (0.3–1.2 s here), on the thread, then on the in-process control.
  it('runs statements in another thread: the event loop keeps ticking during a long statement', async () => {
    expect(isMainThread).toBe(true);
    expect(handle.kind).toBe('pglite');
    expect(handle.pglite).toBeUndefined();
    expect(handle.pgliteThread?.threadId).toBeGreaterThan(0);
    const threaded = await longestTimerGap((statement) => handle.db.execute(sql.raw(statement)));
    // The control: the same statement on an in-process PGlite blocks this thread for about its whole duration.
    const blocking = await longestTimerGap((statement) => inProcess.query(statement));
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

  // ADR 0092: the one connection is busy; a background statement is asked for, then a request's statement. The
  // request's goes first (without the lane, the pool's queue took them in the order they came).
  it("lets a request's statement pass a background lane's statement waiting for the one connection", async () => {
    const pool = handle.pgliteThread?.pool;
    if (!pool) {
      throw new Error('no pool');
    }
    const lane = createBackgroundLane(pool);
    const order: string[] = [];
    const busy = await pool.connect();
    let released = false;
    // Given back whatever happens: the file's later tests need the connection.
    const release = () => {
      if (!released) {
        released = true;
        busy.release();
      }
    };
    try {
      const background = lane
        .run(() => handle.db.execute(sql`select 'lane'`))
        .then(() => {
          order.push('background');
        });
      // Past the lane's turn of the event loop, its statement waits for the connection outside the pool's queue.
      for (let turn = 0; turn < 3; turn += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(lane.waiting()).toBe(1);
      expect(pool.waitingCount).toBe(0);
      const request = handle.db.execute(sql`select 'request'`).then(() => {
        order.push('request');
      });
      expect(pool.waitingCount).toBe(1);
      release();
      await Promise.all([background, request]);
      expect(order).toEqual(['request', 'background']);
    } finally {
      release();
    }
    // A free pool: the lane's statement goes at once, one at a time.
    const spans: [number, number][] = [];
    const timed = (value: number) =>
      lane.run(async () => {
        const start = performance.now();
        await handle.db.execute(sql`select ${value}::int`);
        spans.push([start, performance.now()]);
      });
    await Promise.all([timed(1), timed(2), timed(3)]);
    for (let i = 1; i < spans.length; i += 1) {
      expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? Number.POSITIVE_INFINITY);
    }
  });

  it('dumps the data directory from the thread', async () => {
    const tarball = await handle.pgliteThread?.dumpDataDir();
    expect(tarball?.size).toBeGreaterThan(1_000_000);
  });

  // Last: it closes the file's thread, then starts one again on the same folder.
  it('keeps the folder locked while open, writes it back on close(), and close() ends the thread (ADR 0017)', async () => {
    await handle.db.insert(notes).values({ id: 7, body: 'sur disque' });
    // Refused on the folder's lock, before any thread starts.
    await expect(openDatabase({ pgliteDir: directory, pgliteThread: true })).rejects.toBeInstanceOf(DataDirLockedError);
    const first = handle;
    await first.close();
    // The thread's exit event itself (a thread that never ends fails the test at its timeout), not a 2 s race that a
    // busy machine lost (ADR 0049).
    const exit = await first.pgliteThread?.exited;
    expect(typeof exit).toBe('number');
    expect(existsSync(lockPathFor(directory))).toBe(false);
    await expect(first.ping(500)).rejects.toThrow();

    handle = await openDatabase({ pgliteDir: directory, pgliteThread: true });
    expect(await handle.db.select().from(notes).orderBy(notes.id)).toContainEqual({ id: 7, body: 'sur disque' });
  });
});
