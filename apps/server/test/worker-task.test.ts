import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { runWorkerTask } from '../src/lib/worker-task.ts';

const LIMITS = { timeoutMs: 10_000, maxOldGenerationSizeMb: 256 };

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
