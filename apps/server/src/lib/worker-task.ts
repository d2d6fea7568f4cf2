import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
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

/** @internal A task sent to worker-task-entry.ts. */
export interface WorkerTaskRequest {
  id: number;
  task: string;
  input: unknown;
}
/** @internal What worker-task-entry.ts posts back for the request of the same id. */
export type WorkerTaskResponse = { id: number } & ({ ok: true; value: unknown } | { ok: false; message: string });

/**
 * The worker entry: beside the bundle (dist/worker-task.mjs next to dist/server.mjs, whose import.meta.url
 * this code then has), or from source under tsx (vitest, `npm run dev`): a worker does not inherit tsx's
 * loader, so a small script registers it and then imports worker-task-entry.ts (as pdf-renderer.ts does).
 */
function startWorker(maxOldGenerationSizeMb: number): Worker {
  const options = {
    name: 'worker-task',
    resourceLimits: { maxOldGenerationSizeMb },
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

/** A thread of the pool, with the heap limit it was started with (resourceLimits are fixed at start). */
interface PooledThread {
  worker: Worker;
  heapMb: number;
  /** The task it runs, or undefined while idle in the pool. */
  onResponse: ((response: WorkerTaskResponse) => void) | undefined;
  onDeath: ((error: (Error & { code?: string }) | undefined, code: number | undefined) => void) | undefined;
  dead: boolean;
}

/** The default number of idle threads kept warm: min(2, cores). */
export const DEFAULT_WORKER_TASK_THREADS = Math.min(2, availableParallelism());

let idleMax = DEFAULT_WORKER_TASK_THREADS;
const idle: PooledThread[] = [];
let started = 0;
let nextRequestId = 1;

/** Threads started since the process began (tests check that a second task reuses a warm thread). */
export function workerTaskThreadsStarted(): number {
  return started;
}

/**
 * How many idle threads the pool keeps warm (WORKER_TASK_THREADS, app.ts). 0 brings back one thread per task.
 * Lowering it terminates the idle threads beyond the new size.
 */
export function configureWorkerTaskPool(options: { threads: number }): void {
  idleMax = Math.max(0, Math.floor(options.threads));
  while (idle.length > idleMax) {
    retire(idle.shift());
  }
}

/**
 * Terminates the idle threads (app.close()); threads running a task are terminated when it ends if the pool is
 * still full. The pool stays usable: the next task starts a thread again.
 */
export async function closeWorkerTaskPool(): Promise<void> {
  const threads = idle.splice(0);
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}

function retire(thread: PooledThread | undefined): void {
  if (thread && !thread.dead) {
    thread.dead = true;
    void thread.worker.terminate();
  }
}

function spawn(heapMb: number): PooledThread {
  const thread: PooledThread = {
    worker: startWorker(heapMb),
    heapMb,
    onResponse: undefined,
    onDeath: undefined,
    dead: false,
  };
  started += 1;
  // An idle thread never keeps the process (or vitest) alive; a busy one is ref'ed while its task runs.
  thread.worker.unref();
  thread.worker.on('message', (response: WorkerTaskResponse) => thread.onResponse?.(response));
  let lastError: (Error & { code?: string }) | undefined;
  thread.worker.on('error', (error: Error & { code?: string }) => {
    lastError = error;
  });
  thread.worker.on('exit', (code) => {
    thread.dead = true;
    const index = idle.indexOf(thread);
    if (index >= 0) {
      idle.splice(index, 1);
    }
    thread.onDeath?.(lastError, code);
  });
  return thread;
}

/** A warm thread with this heap limit, else a new one (an idle thread of another limit makes room if full). */
function acquire(heapMb: number): PooledThread {
  const index = idle.findIndex((thread) => thread.heapMb === heapMb && !thread.dead);
  if (index >= 0) {
    const [thread] = idle.splice(index, 1);
    if (thread) {
      return thread;
    }
  }
  return spawn(heapMb);
}

/** Back to the pool after a task that ended normally (answer or thrown error), or terminated if it is full. */
function release(thread: PooledThread): void {
  thread.onResponse = undefined;
  thread.onDeath = undefined;
  thread.worker.unref();
  if (thread.dead) {
    return;
  }
  if (idle.length >= idleMax) {
    retire(idleMax > 0 ? idle.shift() : thread);
    if (idleMax === 0) {
      return;
    }
  }
  idle.push(thread);
}

/**
 * Runs the named task of worker-tasks.ts in a worker thread of a warm pool, off the event loop, with a time and
 * a heap limit: a task that overruns or is aborted has its thread terminated (and a new one starts for the next
 * task), one that exhausts its heap kills only its thread (the server's heap is untouched). Never rejects:
 * failures come back as `{ ok: false, error: { kind } }`. A thread runs one task at a time and is reused once
 * its task answered (ADR 0040: tasks are pure functions of their input, so reuse changes no result; the heap
 * limit bounds the thread, whose heap may still hold a previous task's garbage). Callers bound the number of
 * tasks running at once (the job queue's concurrency); the pool keeps at most WORKER_TASK_THREADS idle.
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
    let thread: PooledThread;
    try {
      thread = acquire(limits.maxOldGenerationSizeMb);
    } catch (error) {
      resolve({ ok: false, error: { kind: 'crash', message: error instanceof Error ? error.message : String(error) } });
      return;
    }
    const id = nextRequestId++;
    /** `reuse`: the thread answered and may serve the next task; otherwise it is terminated (or already dead). */
    const settle = (result: WorkerTaskResult<WorkerTaskOutput<N>>, reuse: boolean) => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      if (reuse) {
        release(thread);
      } else {
        thread.onResponse = undefined;
        thread.onDeath = undefined;
        retire(thread);
      }
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ ok: false, error: { kind: 'timeout', message: `délai dépassé (${limits.timeoutMs} ms)` } }, false),
      limits.timeoutMs,
    );
    const onAbort = () => settle({ ok: false, error: { kind: 'aborted', message: 'tâche annulée' } }, false);
    limits.signal?.addEventListener('abort', onAbort, { once: true });

    thread.onResponse = (response) => {
      if (response.id !== id) {
        return;
      }
      settle(
        response.ok
          ? { ok: true, value: response.value as WorkerTaskOutput<N> }
          : { ok: false, error: { kind: 'crash', message: response.message } },
        true,
      );
    };
    thread.onDeath = (error, code) => {
      const memory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(
        {
          ok: false,
          error: memory
            ? { kind: 'memory', message: `mémoire dépassée (${limits.maxOldGenerationSizeMb} Mo)` }
            : error
              ? { kind: 'crash', message: error.message }
              : { kind: 'crash', message: `le fil de calcul s’est arrêté (code ${code})` },
        },
        false,
      );
    };
    thread.worker.ref();
    thread.worker.postMessage({ id, task, input } satisfies WorkerTaskRequest);
  });
}
