import { getPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_TASK_NICE, loadConfig } from '../src/config/env.ts';
import {
  closeWorkerPool,
  configureWorkerPool,
  DEFAULT_WORKER_QUEUE_MAX,
  DEFAULT_WORKER_THREADS,
  runWorkerTask,
  workerThreadsStarted,
} from '../src/workers/pool.ts';
import { probeTask } from '../src/workers/probe.ts';

const LIMITS = { owner: 'tests', timeoutMs: 10_000, heapMb: 256 };

afterAll(() => closeWorkerPool());

describe('runWorkerTask (worker thread with time and memory limits)', () => {
  it('returns the task’s value', async () => {
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'bonjour' }, LIMITS)).resolves.toEqual({
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
    const result = await runWorkerTask(probeTask, { action: 'spin' }, { ...LIMITS, timeoutMs: 1_500 });
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
    const result = await runWorkerTask(probeTask, { action: 'allocate' }, { ...LIMITS, heapMb: 64 });
    expect(result).toEqual({ ok: false, error: { kind: 'memory', message: 'mémoire dépassée (64 Mo)' } });
  });

  it('reports a thrown error and an exit as a crash', async () => {
    await expect(runWorkerTask(probeTask, { action: 'throw', message: 'illisible' }, LIMITS)).resolves.toEqual({
      ok: false,
      error: { kind: 'crash', message: 'illisible' },
    });
    const exited = await runWorkerTask(probeTask, { action: 'exit' }, LIMITS);
    expect(exited).toMatchObject({ ok: false, error: { kind: 'crash' } });
  });

  it('terminates the thread when the signal aborts (a job overrunning its own timeout)', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await runWorkerTask(probeTask, { action: 'spin' }, { ...LIMITS, signal: controller.signal });
    expect(result).toEqual({ ok: false, error: { kind: 'aborted', message: 'tâche annulée' } });
  });
});

describe('the warm pool of runWorkerTask (ADR 0040)', () => {
  it('runs a second task in the thread of the first (no new thread)', async () => {
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'un' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'un',
    });
    const before = workerThreadsStarted();
    const started = performance.now();
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'deux' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'deux',
    });
    expect(workerThreadsStarted()).toBe(before);
    // A warm thread answers in milliseconds; a new one under tsx takes hundreds (registering tsx, transpiling).
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  // One death per test: each replacement is a thread's cold start (tsx, the task's module), 0.3 s of CPU or more; the
  // four in one test passed its 5 s on a busy machine (ADR 0056).
  it('keeps a thread after a task that threw', async () => {
    await runWorkerTask(probeTask, { action: 'echo', value: 'chaud' }, LIMITS);
    const warm = workerThreadsStarted();
    await expect(runWorkerTask(probeTask, { action: 'throw', message: 'illisible' }, LIMITS)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'crash' },
    });
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'encore' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'encore',
    });
    expect(workerThreadsStarted()).toBe(warm);
  });

  it('replaces a thread killed at its time limit', async () => {
    await runWorkerTask(probeTask, { action: 'echo', value: 'chaud' }, LIMITS);
    const warm = workerThreadsStarted();
    // The spinning thread is the warm one: terminated, the next task gets a new thread and a correct answer.
    await expect(runWorkerTask(probeTask, { action: 'spin' }, { ...LIMITS, timeoutMs: 300 })).resolves.toMatchObject({
      ok: false,
      error: { kind: 'timeout' },
    });
    expect(workerThreadsStarted()).toBe(warm);
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'neuf' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'neuf',
    });
    expect(workerThreadsStarted()).toBe(warm + 1);
  });

  it('replaces a thread that died of its heap limit (a thread of its own limit)', async () => {
    const small = { ...LIMITS, heapMb: 64 };
    await runWorkerTask(probeTask, { action: 'echo', value: 'petit' }, small);
    const beforeMemory = workerThreadsStarted();
    await expect(runWorkerTask(probeTask, { action: 'allocate' }, small)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'memory' },
    });
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'après' }, small)).resolves.toEqual({
      ok: true,
      value: 'après',
    });
    expect(workerThreadsStarted()).toBe(beforeMemory + 1);
  });

  it('answers a crash for a task that exits its thread, and the next task is answered', async () => {
    await expect(runWorkerTask(probeTask, { action: 'exit' }, LIMITS)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'crash' },
    });
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'vivant' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'vivant',
    });
  });

  it('runs tasks at once in separate threads, and closing drops the idle threads', async () => {
    const values = await Promise.all(
      ['a', 'b', 'c'].map((value) => runWorkerTask(probeTask, { action: 'echo', value }, LIMITS)),
    );
    expect(values.map((result) => (result.ok ? result.value : result.error.kind))).toEqual(['a', 'b', 'c']);
    await closeWorkerPool();
    const before = workerThreadsStarted();
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'de nouveau' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'de nouveau',
    });
    expect(workerThreadsStarted()).toBe(before + 1);
  });
});

describe('the one bounded pool (ADR 0045)', () => {
  afterEach(() =>
    configureWorkerPool({
      threads: DEFAULT_WORKER_THREADS,
      queueMax: DEFAULT_WORKER_QUEUE_MAX,
      nice: 0,
    }),
  );

  it('serves owners round-robin: one user’s queued tasks do not hold back another user’s single task', async () => {
    configureWorkerPool({ threads: 1 });
    const done: string[] = [];
    const run = (owner: string, value: string) =>
      runWorkerTask(probeTask, { action: 'echo', value }, { ...LIMITS, owner }).then((result) => {
        done.push(result.ok ? result.value : result.error.kind);
      });
    const many = Array.from({ length: 10 }, (_, i) => run('alice', `alice-${i + 1}`));
    const one = run('bob', 'bob-1');
    await Promise.all([...many, one]);
    // alice-1 took the only thread at once; bob's task is next, before alice's nine others.
    expect(done.slice(0, 3)).toEqual(['alice-1', 'bob-1', 'alice-2']);
    expect(done).toHaveLength(11);
  });

  // ADR 0091: an OCR page or a portfolio's solve takes the cores the requests leave.
  it.runIf(process.platform === 'linux')(
    'runs its threads at WORKER_TASK_NICE, below the event loop, whose priority is unchanged',
    async () => {
      // Threads already warm keep the niceness they started with: end them first.
      await closeWorkerPool();
      configureWorkerPool({ threads: 1, nice: 7 });
      await expect(runWorkerTask(probeTask, { action: 'nice' }, LIMITS)).resolves.toEqual({ ok: true, value: '7' });
      expect(getPriority()).toBe(0);
      await closeWorkerPool();
      configureWorkerPool({ threads: 1, nice: DEFAULT_WORKER_TASK_NICE });
      await expect(runWorkerTask(probeTask, { action: 'nice' }, LIMITS)).resolves.toEqual({
        ok: true,
        value: String(DEFAULT_WORKER_TASK_NICE),
      });
      await closeWorkerPool();
      // The config's default: 5 for the server, the process's priority in tests (other jobs on the machine).
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' }).workerTaskNice).toBe(DEFAULT_WORKER_TASK_NICE);
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }).workerTaskNice).toBe(0);
    },
  );

  it('runs at most WORKER_TASK_THREADS tasks at once, and refuses beyond the queue (kind busy)', async () => {
    configureWorkerPool({ threads: 1, queueMax: 2 });
    const stop = new AbortController();
    const spinning = runWorkerTask(probeTask, { action: 'spin' }, { ...LIMITS, signal: stop.signal });
    const waiting = [
      runWorkerTask(probeTask, { action: 'echo', value: 'un' }, { ...LIMITS, owner: 'a' }),
      runWorkerTask(probeTask, { action: 'echo', value: 'deux' }, { ...LIMITS, owner: 'b' }),
    ];
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'trois' }, LIMITS)).resolves.toEqual({
      ok: false,
      error: { kind: 'busy', message: 'file d’attente des tâches pleine' },
    });
    stop.abort();
    await expect(spinning).resolves.toMatchObject({ ok: false, error: { kind: 'aborted' } });
    await expect(Promise.all(waiting)).resolves.toEqual([
      { ok: true, value: 'un' },
      { ok: true, value: 'deux' },
    ]);
  });

  it('terminates a task reading untrusted input past its memory limit (ArrayBuffers, outside the heap limit); the memory comes back', async () => {
    const before = process.memoryUsage.rss();
    const result = await runWorkerTask(probeTask, { action: 'buffers', megabytes: 2048 }, { ...LIMITS, memoryMb: 128 });
    expect(result).toEqual({ ok: false, error: { kind: 'memory', message: 'mémoire du processus dépassée (128 Mo)' } });
    // The thread that held them is gone: the process is back near where it was (2 GB were asked for).
    expect(process.memoryUsage.rss() - before).toBeLessThan(256 * 1024 * 1024);
    await expect(runWorkerTask(probeTask, { action: 'echo', value: 'ensuite' }, LIMITS)).resolves.toEqual({
      ok: true,
      value: 'ensuite',
    });
  });

  it('retires a thread that keeps a lot of off-heap memory after its task instead of keeping it warm', async () => {
    await runWorkerTask(probeTask, { action: 'echo', value: 'chaud' }, LIMITS);
    const warm = workerThreadsStarted();
    await expect(runWorkerTask(probeTask, { action: 'buffers', megabytes: 96, keep: true }, LIMITS)).resolves.toEqual({
      ok: true,
      value: '96 Mo',
    });
    await runWorkerTask(probeTask, { action: 'echo', value: 'neuf' }, LIMITS);
    expect(workerThreadsStarted()).toBe(warm + 1);
  });
});
