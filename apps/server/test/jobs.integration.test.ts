import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDbJobQueue, type JobQueue, periodStart, retryDelay } from '../src/adapters/jobs/index.ts';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers/test-database.ts';

const T0 = new Date('2026-03-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A queue on the test database whose clock stays at T0 unless runDue(now) says otherwise. */
function queueOn(handle: DatabaseHandle, instanceId = 'test'): JobQueue {
  return createDbJobQueue({ db: handle.db, now: () => T0, instanceId, pollIntervalMs: 20 });
}

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('job schedules (pure)', () => {
  it('aligns interval periods on the epoch', () => {
    expect(periodStart(60_000, new Date('2026-03-01T08:00:59.999Z')).toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(periodStart(60_000, new Date('2026-03-01T08:01:00.000Z')).toISOString()).toBe('2026-03-01T08:01:00.000Z');
  });

  it('finds the latest daily occurrence in Paris time, across the DST switch', () => {
    // 03:00 in Paris is 02:00 UTC in winter (UTC+1) …
    expect(periodStart({ dailyAt: '03:00' }, new Date('2026-01-15T02:30:00Z')).toISOString()).toBe(
      '2026-01-15T02:00:00.000Z',
    );
    // … and before it, the previous day's.
    expect(periodStart({ dailyAt: '03:00' }, new Date('2026-01-15T01:59:00Z')).toISOString()).toBe(
      '2026-01-14T02:00:00.000Z',
    );
    // 01:00 UTC in summer (UTC+2).
    expect(periodStart({ dailyAt: '03:00' }, new Date('2026-07-15T12:00:00Z')).toISOString()).toBe(
      '2026-07-15T01:00:00.000Z',
    );
    expect(() => periodStart({ dailyAt: '25:00' }, T0)).toThrow(/HH:MM/);
  });

  it('doubles the retry delay up to one hour', () => {
    expect([1, 2, 3].map((attempt) => retryDelay(1000, attempt))).toEqual([1000, 2000, 4000]);
    expect(retryDelay(30_000, 20)).toBe(3_600_000);
  });
});

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.handle.db.execute(sql`delete from jobs`);
  });

  it('runs a job only once it is due at the injected clock, with its payload and that clock', async () => {
    const queue = queueOn(database.handle);
    const seen: { payload: unknown; now: Date; attempt: number }[] = [];
    queue.register<{ mandateId: string }>('mandates.expire', ({ payload, now, attempt }) => {
      seen.push({ payload, now, attempt });
    });
    const id = await queue.enqueue('mandates.expire', { mandateId: 'm1' }, { runAt: at(60_000) });

    expect(await queue.runDue(at(59_999))).toEqual({ completed: 0, retried: 0, failed: 0 });
    expect(seen).toEqual([]);
    expect(await queue.runDue(at(60_000))).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ payload: { mandateId: 'm1' }, now: at(60_000), attempt: 1 }]);
    const job = await queue.get(id);
    expect(job).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(job?.finishedAt).toBeInstanceOf(Date);
    // Done jobs are not run again.
    expect(await queue.runDue(at(120_000))).toEqual({ completed: 0, retried: 0, failed: 0 });
  });

  it('retries a failing job with a doubling delay, then succeeds', async () => {
    const queue = queueOn(database.handle);
    let calls = 0;
    queue.register(
      'flaky',
      () => {
        calls += 1;
        if (calls < 3) {
          throw new Error(`panne ${calls}`);
        }
      },
      { maxAttempts: 3, retryDelayMs: 1000 },
    );
    const id = await queue.enqueue('flaky', {});

    expect(await queue.runDue(T0)).toEqual({ completed: 0, retried: 1, failed: 0 });
    expect(await queue.get(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'panne 1',
      runAt: at(1000),
    });
    expect((await queue.runDue(at(999))).retried).toBe(0);
    expect(await queue.runDue(at(1000))).toEqual({ completed: 0, retried: 1, failed: 0 });
    expect(await queue.get(id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'panne 2',
      runAt: at(3000),
    });
    expect(await queue.runDue(at(3000))).toEqual({ completed: 1, retried: 0, failed: 0 });
    expect(await queue.get(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
  });

  it('marks a job failed with its last error once its attempts are spent', async () => {
    const queue = queueOn(database.handle);
    queue.register(
      'broken',
      () => {
        throw new Error('toujours en panne');
      },
      { maxAttempts: 2, retryDelayMs: 10 },
    );
    const id = await queue.enqueue('broken', {});
    expect(await queue.runDue(T0)).toEqual({ completed: 0, retried: 1, failed: 0 });
    expect(await queue.runDue(at(10))).toEqual({ completed: 0, retried: 0, failed: 1 });
    expect(await queue.get(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'toujours en panne' });
    expect((await queue.runDue(at(10_000_000))).failed).toBe(0);
  });

  it('aborts the signal of a job that overruns its timeout and counts the run as failed', async () => {
    const queue = queueOn(database.handle);
    let aborted: unknown;
    queue.register(
      'slow',
      ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = signal.reason;
            resolve();
          });
        }),
      { timeoutMs: 50, maxAttempts: 1 },
    );
    const id = await queue.enqueue('slow', {});
    expect(await queue.runDue(T0)).toEqual({ completed: 0, retried: 0, failed: 1 });
    expect(aborted).toBeInstanceOf(Error);
    expect(await queue.get(id)).toMatchObject({ status: 'failed', lastError: 'délai dépassé (50 ms)' });
  });

  it('runs jobs due at the same instant in the order they were enqueued', async () => {
    // The injected clock gives every job the same run_at, and enqueues closer than PGlite's clock resolution
    // (1 ms) share their created_at too: only the enqueue order may decide.
    const queue = queueOn(database.handle);
    const runs: number[] = [];
    queue.register('ordered', ({ payload }) => {
      runs.push((payload as { n: number }).n);
    });
    const count = 30;
    for (let n = 0; n < count; n += 1) {
      await queue.enqueue('ordered', { n });
    }
    expect((await queue.runDue(T0)).completed).toBe(count);
    expect(runs).toEqual(Array.from({ length: count }, (_, n) => n));
  });

  it('keeps one pending job per singleton key, and frees the key once it is done', async () => {
    const queue = queueOn(database.handle);
    const runs: unknown[] = [];
    queue.register('audits.run', ({ payload }) => {
      runs.push(payload);
    });
    const first = await queue.enqueue('audits.run', { n: 1 }, { singletonKey: 'audit:42' });
    const second = await queue.enqueue('audits.run', { n: 2 }, { singletonKey: 'audit:42' });
    const other = await queue.enqueue('audits.run', { n: 3 }, { singletonKey: 'audit:43' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    await queue.runDue(T0);
    expect(runs).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]));
    expect(runs).toHaveLength(2);
    const again = await queue.enqueue('audits.run', { n: 4 }, { singletonKey: 'audit:42' });
    expect(again).not.toBe(first);
  });

  it('runs a periodic job once per period', async () => {
    const queue = queueOn(database.handle);
    const runs: Date[] = [];
    queue.register('mandates.reminders', ({ now }) => {
      runs.push(now);
    });
    queue.every('mandates.reminders', 60_000);
    expect((await queue.runDue(at(5_000))).completed).toBe(1);
    expect((await queue.runDue(at(59_000))).completed).toBe(0);
    expect((await queue.runDue(at(61_000))).completed).toBe(1);
    expect(runs).toEqual([at(5_000), at(61_000)]);
  });

  it('takes over a job whose claim expired (its instance died) and runs it', async () => {
    const queue = queueOn(database.handle);
    const runs: string[] = [];
    queue.register('orphan', ({ jobId }) => {
      runs.push(jobId);
    });
    const id = await queue.enqueue('orphan', {});
    await database.handle.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'dead:1',
        locked_until = ${at(-1).toISOString()}::timestamptz where id = ${id}`);
    expect((await queue.runDue(T0)).completed).toBe(1);
    expect(runs).toEqual([id]);
    expect(await queue.get(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('polls on its own once started, and stop() waits for the running job', async () => {
    const queue = createDbJobQueue({ db: database.handle.db, pollIntervalMs: 20 });
    const started = deferred();
    const release = deferred();
    let finished = false;
    queue.register('long', async () => {
      started.resolve();
      await release.promise;
      finished = true;
    });
    const id = await queue.enqueue('long', {});
    queue.start();
    await started.promise;
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(await queue.get(id)).toMatchObject({ status: 'done' });
  });

  it('once started, runs a job enqueued in this process, and the one waiting for a free slot, without waiting a poll', async () => {
    // A poll interval far beyond the test's time: only the wake-ups can run these jobs in time.
    const queue = createDbJobQueue({ db: database.handle.db, pollIntervalMs: 60_000 });
    const ran: string[] = [];
    queue.register(
      'step',
      async ({ payload }) => {
        ran.push((payload as { n: string }).n);
      },
      { concurrency: 1 },
    );
    queue.start();
    try {
      // The first poll is an interval away: this enqueue wakes the queue.
      await queue.enqueue('step', { n: 'a' });
      await queue.enqueue('step', { n: 'b' });
      // `b` waited for `a`'s slot (concurrency 1): its end woke the queue again. Both within seconds (a loaded
      // machine runs these few statements slowly), not the poll's minute.
      await vi.waitFor(() => expect(ran).toEqual(['a', 'b']), { timeout: 5_000 });
    } finally {
      await queue.stop();
    }
  });

  it('once started, runs a delayed job enqueued in this process at its time, not a poll interval later', async () => {
    const queue = createDbJobQueue({ db: database.handle.db, pollIntervalMs: 60_000 });
    const ran: number[] = [];
    queue.register('later', async () => {
      ran.push(Date.now());
    });
    queue.start();
    try {
      const due = Date.now() + 150;
      await queue.enqueue('later', {}, { runAt: new Date(due) });
      // The poll is a minute away: only the wake-up at the job's run time runs it within the test's seconds.
      await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 4_000 });
      expect(ran[0]).toBeGreaterThanOrEqual(due);
    } finally {
      await queue.stop();
    }
  });

  describe('app.jobs', () => {
    // Built in a hook: an app on its own database copy is set-up work (seconds on a busy machine), not this test's.
    let testApp: TestApp;
    let closed = false;
    beforeAll(async () => {
      testApp = await createTestApp(kind);
    });
    afterAll(async () => {
      if (!closed) {
        await testApp?.app.close();
      }
      await testApp?.database.destroy();
    });

    it('is app.jobs: idle until started, and app.close() waits for the running job before the database closes', async () => {
      const started = deferred();
      const release = deferred();
      let finished = false;
      let ran = false;
      testApp.app.jobs.register('app.long', async () => {
        ran = true;
        started.resolve();
        await release.promise;
        finished = true;
      });
      const id = await testApp.app.jobs.enqueue('app.long', {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toBe(false); // buildApp does not poll: start-server.ts starts the queue
      testApp.app.jobs.start();
      await started.promise;
      // The job holds until it is released below (not after a delay): read while it runs, however slow the machine.
      expect(await testApp.app.jobs.get(id)).toMatchObject({ status: 'running' });
      // app.close (preClose) waits for the job, which records its outcome while the database is still open.
      let closeEnded = false;
      const close = testApp.app.close().then(() => {
        closeEnded = true;
      });
      closed = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(closeEnded).toBe(false);
      release.resolve();
      await close;
      expect(finished).toBe(true);
      const rows = await rowsOf<{ status: string }>(
        testApp.database.handle.db,
        sql`select status from jobs where id = ${id}`,
      );
      expect(rows).toEqual([{ status: 'done' }]);
    });
  });

  it('never runs one job twice when two workers claim at once', async () => {
    // On PostgreSQL the two queues have their own connection pools, like two instances.
    const second =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: connectionString(database.handle), poolMax: 4 })
        : database.handle;
    try {
      const runs = new Map<string, string[]>();
      const queues = [queueOn(database.handle, 'a'), queueOn(second, 'b')];
      queues.forEach((queue, index) => {
        queue.register(
          'work',
          async ({ jobId }) => {
            runs.set(jobId, [...(runs.get(jobId) ?? []), index === 0 ? 'a' : 'b']);
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
          { concurrency: 4 },
        );
      });
      const ids = await Promise.all(Array.from({ length: 60 }, (_, n) => queues[0]?.enqueue('work', { n })));
      const results = await Promise.all(queues.map((queue) => queue.runDue(T0)));
      expect(results.reduce((sum, result) => sum + result.completed, 0)).toBe(60);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
      if (kind === 'postgres') {
        // Both instances took a share (each claims at most 4 at a time).
        expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));
      }
    } finally {
      if (second !== database.handle) {
        await second.close();
      }
    }
  });

  it('runs a periodic job once per period across two instances', async () => {
    const second =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: connectionString(database.handle), poolMax: 4 })
        : database.handle;
    try {
      const runs: string[] = [];
      const queues = [queueOn(database.handle, 'a'), queueOn(second, 'b')];
      for (const [index, queue] of queues.entries()) {
        queue.register('purge', () => {
          runs.push(index === 0 ? 'a' : 'b');
        });
        queue.every('purge', { dailyAt: '03:00' });
      }
      const now = new Date('2026-03-02T02:30:00Z'); // 03:30 in Paris
      await Promise.all(queues.map((queue) => queue.runDue(now)));
      await Promise.all(queues.map((queue) => queue.runDue(new Date('2026-03-02T20:00:00Z'))));
      expect(runs).toHaveLength(1);
      await Promise.all(queues.map((queue) => queue.runDue(new Date('2026-03-03T02:00:00Z'))));
      expect(runs).toHaveLength(2);
    } finally {
      if (second !== database.handle) {
        await second.close();
      }
    }
  });
});

function connectionString(handle: DatabaseHandle): string {
  const url = (handle.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!url) {
    throw new Error('no connection string on this handle');
  }
  return url;
}
