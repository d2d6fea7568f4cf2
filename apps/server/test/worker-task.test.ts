import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkerTaskPool, runWorkerTask, workerTaskThreadsStarted } from '../src/lib/worker-task.ts';

const LIMITS = { timeoutMs: 10_000, maxOldGenerationSizeMb: 256 };

afterAll(() => closeWorkerTaskPool());

describe('runWorkerTask (worker thread with time and memory limits)', () => {
  it('returns the task’s value', async () => {
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'bonjour' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'bonjour',
    });
  });

  it('terminates a looping task at the time limit while the event loop stays responsive', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = Date.now();
    const result = await runWorkerTask('diagnostic.probe', { action: 'spin' }, { ...LIMITS, timeoutMs: 1_500 });
    const elapsed = Date.now() - started;
    clearInterval(ticker);
    histogram.disable();
    expect(result).toEqual({ ok: false, error: { kind: 'timeout', message: 'délai dépassé (1500 ms)' } });
    expect(elapsed).toBeGreaterThanOrEqual(1_490);
    expect(elapsed).toBeLessThan(5_000);
    // The main thread kept ticking during the spin (a blocked loop would tick about once).
    expect(ticks).toBeGreaterThan(20);
    expect(histogram.max / 1e6).toBeLessThan(1_000);
  });

  it('kills a task that exhausts its heap, without touching the server’s', async () => {
    const result = await runWorkerTask(
      'diagnostic.probe',
      { action: 'allocate' },
      { ...LIMITS, maxOldGenerationSizeMb: 64 },
    );
    expect(result).toEqual({ ok: false, error: { kind: 'memory', message: 'mémoire dépassée (64 Mo)' } });
  });

  it('reports a thrown error and an exit as a crash', async () => {
    await expect(runWorkerTask('diagnostic.probe', { action: 'throw', message: 'illisible' }, LIMITS)).resolves.toEqual(
      {
        ok: false,
        error: { kind: 'crash', message: 'illisible' },
      },
    );
    const exited = await runWorkerTask('diagnostic.probe', { action: 'exit' }, LIMITS);
    expect(exited).toMatchObject({ ok: false, error: { kind: 'crash' } });
  });

  it('terminates the thread when the signal aborts (a job overrunning its own timeout)', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await runWorkerTask(
      'diagnostic.probe',
      { action: 'spin' },
      { ...LIMITS, signal: controller.signal },
    );
    expect(result).toEqual({ ok: false, error: { kind: 'aborted', message: 'tâche annulée' } });
  });
});

describe('the warm pool of runWorkerTask (ADR 0040)', () => {
  it('runs a second task in the thread of the first (no new thread)', async () => {
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'un' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'un',
    });
    const before = workerTaskThreadsStarted();
    const started = performance.now();
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'deux' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'deux',
    });
    expect(workerTaskThreadsStarted()).toBe(before);
    // A warm thread answers in milliseconds; a new one under tsx takes hundreds (registering tsx, transpiling).
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps a thread after a task that threw, and replaces one killed by a timeout or its heap limit', async () => {
    await runWorkerTask('diagnostic.probe', { action: 'echo', value: 'chaud' }, LIMITS);
    const warm = workerTaskThreadsStarted();
    await expect(
      runWorkerTask('diagnostic.probe', { action: 'throw', message: 'illisible' }, LIMITS),
    ).resolves.toMatchObject({ ok: false, error: { kind: 'crash' } });
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'encore' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'encore',
    });
    expect(workerTaskThreadsStarted()).toBe(warm);

    // The spinning thread is the warm one: terminated, the next task gets a new thread and a correct answer.
    await expect(
      runWorkerTask('diagnostic.probe', { action: 'spin' }, { ...LIMITS, timeoutMs: 300 }),
    ).resolves.toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(workerTaskThreadsStarted()).toBe(warm);
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'neuf' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'neuf',
    });
    expect(workerTaskThreadsStarted()).toBe(warm + 1);

    // Same after an out-of-memory death (a thread of its own heap limit), and after an exit.
    const small = { ...LIMITS, maxOldGenerationSizeMb: 64 };
    await runWorkerTask('diagnostic.probe', { action: 'echo', value: 'petit' }, small);
    const beforeMemory = workerTaskThreadsStarted();
    await expect(runWorkerTask('diagnostic.probe', { action: 'allocate' }, small)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'memory' },
    });
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'après' }, small)).resolves.toEqual({
      ok: true,
      value: 'après',
    });
    expect(workerTaskThreadsStarted()).toBe(beforeMemory + 1);
    await expect(runWorkerTask('diagnostic.probe', { action: 'exit' }, LIMITS)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'crash' },
    });
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'vivant' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'vivant',
    });
  });

  it('runs tasks at once in separate threads, and closing drops the idle threads', async () => {
    const values = await Promise.all(
      ['a', 'b', 'c'].map((value) => runWorkerTask('diagnostic.probe', { action: 'echo', value }, LIMITS)),
    );
    expect(values.map((result) => (result.ok ? result.value : result.error.kind))).toEqual(['a', 'b', 'c']);
    await closeWorkerTaskPool();
    const before = workerTaskThreadsStarted();
    await expect(runWorkerTask('diagnostic.probe', { action: 'echo', value: 'de nouveau' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'de nouveau',
    });
    expect(workerTaskThreadsStarted()).toBe(before + 1);
  });
});
