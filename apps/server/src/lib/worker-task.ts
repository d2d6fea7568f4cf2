import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerTaskInput, WorkerTaskName, WorkerTaskOutput } from './worker-tasks.ts';

export interface WorkerTaskLimits {
  /** Wall-clock limit; past it the thread is terminated (kind 'timeout'). */
  timeoutMs: number;
  /** V8 old-generation heap of the thread (`resourceLimits.maxOldGenerationSizeMb`); beyond, kind 'memory'. */
  maxOldGenerationSizeMb: number;
  /** Aborting terminates the thread (kind 'aborted'): pass the job's signal. */
  signal?: AbortSignal;
}

export type WorkerTaskErrorKind = 'timeout' | 'memory' | 'crash' | 'aborted';

export interface WorkerTaskError {
  kind: WorkerTaskErrorKind;
  /** For logs and `last_error`; not for users (the thrown error's message for a crash). */
  message: string;
}

export type WorkerTaskResult<T> = { ok: true; value: T } | { ok: false; error: WorkerTaskError };

/** @internal workerData of worker-task-entry.ts. */
export interface WorkerTaskRequest {
  task: string;
  input: unknown;
}
/** @internal What worker-task-entry.ts posts back. */
export type WorkerTaskResponse = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The worker entry: beside the bundle (dist/worker-task.mjs next to dist/server.mjs, whose import.meta.url
 * this code then has), or from source under tsx (vitest, `npm run dev`): a worker does not inherit tsx's
 * loader, so a small script registers it and then imports worker-task-entry.ts (as pdf-renderer.ts does).
 */
function startWorker(request: WorkerTaskRequest, limits: WorkerTaskLimits): Worker {
  const options = {
    name: `task:${request.task}`,
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
    stdout: false,
    stderr: false,
  };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./worker-task.mjs', import.meta.url), options);
  }
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./worker-task-entry.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(script, { ...options, eval: true });
}

/**
 * Runs the named task of worker-tasks.ts in a fresh worker thread, off the event loop, with a time and a heap
 * limit: a task that overruns is terminated, one that exhausts its heap dies alone (the server's heap is
 * untouched). Never rejects: failures come back as `{ ok: false, error: { kind } }`. One thread per call, so
 * that each task gets a clean heap; callers bound the number running at once (the job queue's concurrency).
 */
export function runWorkerTask<N extends WorkerTaskName>(
  task: N,
  input: WorkerTaskInput<N>,
  limits: WorkerTaskLimits,
): Promise<WorkerTaskResult<WorkerTaskOutput<N>>> {
  return new Promise((resolve) => {
    if (limits.signal?.aborted) {
      resolve({ ok: false, error: { kind: 'aborted', message: 'tâche annulée avant son départ' } });
      return;
    }
    let settled = false;
    let worker: Worker;
    try {
      worker = startWorker({ task, input }, limits);
    } catch (error) {
      resolve({ ok: false, error: { kind: 'crash', message: error instanceof Error ? error.message : String(error) } });
      return;
    }
    const settle = (result: WorkerTaskResult<WorkerTaskOutput<N>>, terminate: boolean) => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      if (terminate) {
        void worker.terminate();
      }
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ ok: false, error: { kind: 'timeout', message: `délai dépassé (${limits.timeoutMs} ms)` } }, true),
      limits.timeoutMs,
    );
    const onAbort = () => settle({ ok: false, error: { kind: 'aborted', message: 'tâche annulée' } }, true);
    limits.signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (response: WorkerTaskResponse) => {
      settle(
        response.ok
          ? { ok: true, value: response.value as WorkerTaskOutput<N> }
          : { ok: false, error: { kind: 'crash', message: response.message } },
        true,
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(
        {
          ok: false,
          error: memory
            ? { kind: 'memory', message: `mémoire dépassée (${limits.maxOldGenerationSizeMb} Mo)` }
            : { kind: 'crash', message: error.message },
        },
        true,
      );
    });
    worker.on('exit', (code) => {
      settle({ ok: false, error: { kind: 'crash', message: `le fil de calcul s’est arrêté (code ${code})` } }, false);
    });
  });
}
