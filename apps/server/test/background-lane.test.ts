// The background lane (ADR 0092) against a stand-in pool: the lane reads only the pool's counters and its 'release'
// event. The real one-connection pool of the PGlite thread is in pglite-thread.test.ts.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundLane, type LanePool } from '../src/db/background-lane.ts';

class StandInPool extends EventEmitter implements LanePool {
  waitingCount = 0;
  idleCount = 1;
  totalCount = 1;
  readonly options = { max: 1 };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
};

afterEach(() => {
  vi.useRealTimers();
});

describe('background lane (ADR 0092)', () => {
  it('sends its statements one at a time, in the order they were asked for', async () => {
    const lane = createBackgroundLane(undefined);
    const events: string[] = [];
    const releases: (() => void)[] = [];
    const statement = (name: string) =>
      lane.run(async () => {
        events.push(`${name} start`);
        await new Promise<void>((resolve) => releases.push(resolve));
        events.push(`${name} end`);
        return name;
      });
    const all = Promise.all([statement('a'), statement('b')]);
    await turns(3);
    expect(events).toEqual(['a start']);
    expect(lane.waiting()).toBe(1);
    releases.shift()?.();
    await turns(3);
    expect(events).toEqual(['a start', 'a end', 'b start']);
    releases.shift()?.();
    expect(await all).toEqual(['a', 'b']);
    expect(lane.waiting()).toBe(0);
  });

  it("holds a statement while the pool's connection is taken or a request waits, and sends it once the pool is free", async () => {
    const pool = new StandInPool();
    pool.idleCount = 0;
    pool.waitingCount = 1;
    const lane = createBackgroundLane(pool);
    let sent = false;
    const done = lane.run(async () => {
      sent = true;
    });
    await turns(3);
    expect(sent).toBe(false);
    // The request got the connection: still nobody free.
    pool.waitingCount = 0;
    pool.emit('release');
    await turns(3);
    expect(sent).toBe(false);
    // The request's statement ended: the connection is idle.
    pool.idleCount = 1;
    pool.emit('release');
    await done;
    expect(sent).toBe(true);
    expect(pool.listenerCount('release')).toBe(0);
  });

  it('a statement goes after maxWaitMs even if requests keep the pool busy (slowed down, never stopped)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = new StandInPool();
    pool.idleCount = 0;
    const lane = createBackgroundLane(pool, { maxWaitMs: 100 });
    let sent = false;
    const done = lane.run(async () => {
      sent = true;
    });
    await turns(3);
    vi.advanceTimersByTime(99);
    await turns(1);
    expect(sent).toBe(false);
    vi.advanceTimersByTime(1);
    await done;
    expect(sent).toBe(true);
  });

  it('a failed statement fails its own caller only; the next one still goes', async () => {
    const lane = createBackgroundLane(undefined);
    const failed = lane.run(() => Promise.reject(new Error('refusée')));
    const next = lane.run(() => Promise.resolve('suivante'));
    await expect(failed).rejects.toThrow('refusée');
    expect(await next).toBe('suivante');
  });
});
