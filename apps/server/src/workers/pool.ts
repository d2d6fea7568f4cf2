// The one pool of worker threads for every CPU-bound task of the server (ADRs 0040, 0045): invoice audits, mandate
// and simulation PDFs, claim letters, reference-table checks. Bounded in threads (WORKER_TASK_THREADS running at
// once, kept warm between tasks) and in waiting tasks (WORKER_TASK_QUEUE_MAX, and a cap per kind); waiting tasks are
// served round-robin per owner (the user they are for), so one user's ten tasks delay another user's single task by
// at most the tasks already running. Each task runs with a time and a heap limit; a task reading untrusted input
// also has a memory limit on the process's resident size (its ArrayBuffers escape the heap limit), enforced by
// sampling and terminating its thread. A thread whose own ArrayBuffer memory stays high after a task is retired, so
// the memory comes back.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse, WorkerTask } from './task.ts';

export type WorkerTaskErrorKind = 'timeout' | 'memory' | 'crash' | 'aborted' | 'busy';

export interface WorkerTaskError {
  kind: WorkerTaskErrorKind;
  /** For logs and `last_error`; not for users (the thrown error's message for a crash). */
  message: string;
}

export type WorkerTaskResult<T> = { ok: true; value: T } | { ok: false; error: WorkerTaskError };

export interface RunOptions {
  /** Whose task it is (a user id; 'system' for the server's own): the unit of the round-robin. */
  owner: string;
  /** Aborting removes a waiting task or terminates a running one (kind 'aborted'): pass the job's signal. */
  signal?: AbortSignal | undefined;
  /** Overrides of the handle's limits for this call (tests, a configured PDF_WORKERS / PDF_QUEUE_MAX). */
  timeoutMs?: number;
  heapMb?: number;
  memoryMb?: number;
  concurrency?: number;
  queueMax?: number;
}

/** The 503 of a request whose task found the queue full (the route adds Retry-After). */
export const WORKERS_BUSY_MESSAGE = 'Le serveur est très sollicité. Veuillez réessayer dans quelques secondes.';

/** The default number of threads: min(2, cores). */
export const DEFAULT_WORKER_THREADS = Math.min(2, availableParallelism());
/** Default of WORKER_TASK_QUEUE_MAX. */
export const DEFAULT_WORKER_QUEUE_MAX = 200;
/** A thread holding more ArrayBuffer memory than this after a task is retired rather than kept warm. */
const RETIRE_ARRAY_BUFFER_BYTES = 64 * 1024 * 1024;
/** How often the resident size is sampled while a watched (untrusted-input) task runs. */
const MEMORY_SAMPLE_MS = 20;

/**
 * The worker entry: beside the bundle (dist/worker-task.mjs next to dist/server.mjs, whose import.meta.url this
 * code then has), or from source under tsx (vitest, `npm run dev`): a worker does not inherit tsx's loader, so a
 * small script registers it and then imports entry.ts.
 */
function startWorker(heapMb: number): Worker {
  const options = {
    name: 'worker-task',
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    // The thread lowers its own scheduling priority first (entry.ts, ADR 0091).
    workerData: { nice: settings.nice },
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
  const entry = new URL('./entry.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(script, { ...options, eval: true });
}

interface Thread {
  worker: Worker;
  heapMb: number;
  /** The task it runs, or undefined while idle. */
  onResponse: ((response: WorkerResponse) => void) | undefined;
  onDeath: ((error: (Error & { code?: string }) | undefined, code: number | undefined) => void) | undefined;
  dead: boolean;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  owner: string;
  timeoutMs: number;
  heapMb: number;
  memoryMb: number | undefined;
  concurrency: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  resolve(result: WorkerTaskResult<unknown>): void;
}

const settings = {
  threads: DEFAULT_WORKER_THREADS,
  keepWarm: true,
  queueMax: DEFAULT_WORKER_QUEUE_MAX,
  // The process's priority until an app configures the pool (its config's WORKER_TASK_NICE).
  nice: 0,
};
const idle: Thread[] = [];
/** Waiting jobs per owner, owners in arrival order; an owner without waiting jobs is removed. */
const waiting = new Map<string, Job[]>();
let waitingCount = 0;
const waitingByTask = new Map<string, number>();
const runningByTask = new Map<string, number>();
let running = 0;
let watchedRunning = false;
/** The owner served last: the next dispatch starts after it (round-robin). */
let lastOwner: string | undefined;
let started = 0;
let nextId = 1;

/** Threads started since the process began (tests check that a second task reuses a warm thread). */
export function workerThreadsStarted(): number {
  return started;
}

/** Tasks running and waiting now. */
export function workerPoolLoad(): { running: number; waiting: number } {
  return { running, waiting: waitingCount };
}

/**
 * Sizes the pool (app.ts: WORKER_TASK_THREADS, WORKER_TASK_QUEUE_MAX). `threads` 0 keeps the legacy meaning of
 * "no warm thread": one task at a time, each in a new thread. Lowering it retires the idle threads beyond.
 */
export function configureWorkerPool(options: { threads: number; queueMax?: number; nice?: number }): void {
  const threads = Math.max(0, Math.floor(options.threads));
  // Threads already started keep theirs; new ones take this.
  settings.nice = options.nice ?? settings.nice;
  settings.threads = Math.max(1, threads);
  settings.keepWarm = threads > 0;
  settings.queueMax = options.queueMax ?? settings.queueMax;
  while (idle.length > (settings.keepWarm ? settings.threads : 0)) {
    retire(idle.shift());
  }
  dispatch();
}

/** Terminates the idle threads (app.close()); the pool stays usable: the next task starts a thread again. */
export async function closeWorkerPool(): Promise<void> {
  const threads = idle.splice(0);
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}

/**
 * The pool as an app holds it (AppDependencies.workerPool): sized from the app's config, its idle threads ended when
 * the app closes. The threads are the process's; who ends them is the holder's choice.
 */
export interface WorkerPoolHandle {
  configure(options: { threads: number; queueMax?: number; nice?: number }): void;
  close(): Promise<void>;
}

/** The process's pool owned by one app (production: start-server.ts builds one app per process). */
export const ownedWorkerPool: WorkerPoolHandle = { configure: configureWorkerPool, close: closeWorkerPool };

function retire(thread: Thread | undefined): void {
  if (thread && !thread.dead) {
    thread.dead = true;
    void thread.worker.terminate();
  }
}

function spawn(heapMb: number): Thread {
  const thread: Thread = {
    worker: startWorker(heapMb),
    heapMb,
    onResponse: undefined,
    onDeath: undefined,
    dead: false,
  };
  started += 1;
  // An idle thread never keeps the process (or vitest) alive; a busy one is ref'ed while its task runs.
  thread.worker.unref();
  thread.worker.on('message', (response: WorkerResponse) => thread.onResponse?.(response));
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

/** A warm thread with this heap limit, else a new one (an idle thread of another limit makes room). */
function acquire(heapMb: number): Thread {
  const index = idle.findIndex((thread) => thread.heapMb === heapMb && !thread.dead);
  if (index >= 0) {
    const [thread] = idle.splice(index, 1);
    if (thread) {
      return thread;
    }
  }
  if (idle.length + running >= settings.threads) {
    retire(idle.shift());
  }
  return spawn(heapMb);
}

function release(thread: Thread, arrayBufferBytes: number): void {
  thread.onResponse = undefined;
  thread.onDeath = undefined;
  thread.worker.unref();
  if (thread.dead) {
    return;
  }
  if (!settings.keepWarm || arrayBufferBytes > RETIRE_ARRAY_BUFFER_BYTES || idle.length + running >= settings.threads) {
    retire(thread);
    return;
  }
  idle.push(thread);
}

const count = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, count(map, key) + by);

function eligible(job: Job): boolean {
  return count(runningByTask, job.task) < job.concurrency && !(job.memoryMb !== undefined && watchedRunning);
}

/** The next job, round-robin over owners starting after the last one served; the first eligible job of each. */
function takeNext(): Job | undefined {
  const owners = [...waiting.keys()];
  const after = lastOwner === undefined ? -1 : owners.indexOf(lastOwner);
  for (let step = 1; step <= owners.length; step += 1) {
    const owner = owners[(after + step + owners.length) % owners.length] as string;
    const jobs = waiting.get(owner) as Job[];
    const index = jobs.findIndex(eligible);
    if (index >= 0) {
      const [job] = jobs.splice(index, 1) as [Job];
      if (jobs.length === 0) {
        waiting.delete(owner);
      }
      waitingCount -= 1;
      bump(waitingByTask, job.task, -1);
      lastOwner = owner;
      return job;
    }
  }
  return undefined;
}

function dispatch(): void {
  while (running < settings.threads && waitingCount > 0) {
    const job = takeNext();
    if (!job) {
      return;
    }
    start(job);
  }
}

function unqueue(job: Job): boolean {
  const jobs = waiting.get(job.owner);
  const index = jobs?.indexOf(job) ?? -1;
  if (!jobs || index < 0) {
    return false;
  }
  jobs.splice(index, 1);
  if (jobs.length === 0) {
    waiting.delete(job.owner);
  }
  waitingCount -= 1;
  bump(waitingByTask, job.task, -1);
  return true;
}

function start(job: Job): void {
  let thread: Thread;
  try {
    thread = acquire(job.heapMb);
  } catch (error) {
    job.signal?.removeEventListener('abort', job.onAbort);
    job.resolve({
      ok: false,
      error: { kind: 'crash', message: error instanceof Error ? error.message : String(error) },
    });
    return;
  }
  running += 1;
  bump(runningByTask, job.task, 1);
  const watched = job.memoryMb !== undefined;
  if (watched) {
    watchedRunning = true;
  }
  let settled = false;
  const settle = (result: WorkerTaskResult<unknown>, reuse: { arrayBufferBytes: number } | undefined) => {
    if (settled) {
      return;
    }
    settled = true;
    clearTimeout(timer);
    clearInterval(sampler);
    job.signal?.removeEventListener('abort', onAbort);
    running -= 1;
    bump(runningByTask, job.task, -1);
    if (watched) {
      watchedRunning = false;
    }
    if (reuse) {
      release(thread, reuse.arrayBufferBytes);
    } else {
      thread.onResponse = undefined;
      thread.onDeath = undefined;
      retire(thread);
    }
    job.resolve(result);
    dispatch();
  };
  const timer = setTimeout(
    () => settle({ ok: false, error: { kind: 'timeout', message: `délai dépassé (${job.timeoutMs} ms)` } }, undefined),
    job.timeoutMs,
  );
  // Resident size is the process's: with one watched task at a time, its growth since the start is that task's
  // (plus the bounded work of trusted tasks beside it, which the limit leaves room for).
  const baseline = watched ? process.memoryUsage.rss() : 0;
  const sampler = watched
    ? setInterval(() => {
        const grown = process.memoryUsage.rss() - baseline;
        if (grown > (job.memoryMb as number) * 1024 * 1024) {
          settle(
            { ok: false, error: { kind: 'memory', message: `mémoire du processus dépassée (${job.memoryMb} Mo)` } },
            undefined,
          );
        }
      }, MEMORY_SAMPLE_MS)
    : undefined;
  sampler?.unref();
  const onAbort = () => settle({ ok: false, error: { kind: 'aborted', message: 'tâche annulée' } }, undefined);
  job.signal?.removeEventListener('abort', job.onAbort);
  job.signal?.addEventListener('abort', onAbort, { once: true });

  thread.onResponse = (response) => {
    if (response.id !== job.id) {
      return;
    }
    settle(
      response.ok
        ? { ok: true, value: response.value }
        : { ok: false, error: { kind: 'crash', message: response.message } },
      { arrayBufferBytes: response.arrayBufferBytes },
    );
  };
  thread.onDeath = (error, code) => {
    const memory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    settle(
      {
        ok: false,
        error: memory
          ? { kind: 'memory', message: `mémoire dépassée (${job.heapMb} Mo)` }
          : error
            ? { kind: 'crash', message: error.message }
            : { kind: 'crash', message: `le fil de calcul s’est arrêté (code ${code})` },
      },
      undefined,
    );
  };
  thread.worker.ref();
  thread.worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies WorkerRequest);
  // The thread has its copy (postMessage clones it now): the input is not held while the task runs, so a large one
  // (a portfolio chunk's years) is collected young instead of being promoted and collected by a major GC (ADR 0092).
  job.input = undefined;
}

/**
 * Runs a task (a handle exported by its module, registered in registry.ts) in a thread of the pool, off the event
 * loop. Never rejects: failures come back as `{ ok: false, error: { kind } }` — 'busy' when the queue (the pool's or
 * the task's) is full, before anything runs.
 */
export function runWorkerTask<I, O>(
  task: WorkerTask<I, O>,
  input: I,
  options: RunOptions,
): Promise<WorkerTaskResult<O>> {
  const limits = task.limits;
  const queueMax = options.queueMax ?? limits.queueMax ?? settings.queueMax;
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ ok: false, error: { kind: 'aborted', message: 'tâche annulée avant son départ' } });
      return;
    }
    if (waitingCount >= settings.queueMax || count(waitingByTask, task.name) >= queueMax) {
      resolve({ ok: false, error: { kind: 'busy', message: 'file d’attente des tâches pleine' } });
      return;
    }
    const job: Job = {
      id: nextId++,
      task: task.name,
      input,
      owner: options.owner,
      timeoutMs: options.timeoutMs ?? limits.timeoutMs,
      heapMb: options.heapMb ?? limits.heapMb,
      memoryMb: options.memoryMb ?? limits.memoryMb,
      concurrency: Math.max(1, options.concurrency ?? limits.concurrency ?? Number.POSITIVE_INFINITY),
      signal: options.signal,
      onAbort: () => {
        if (unqueue(job)) {
          resolve({ ok: false, error: { kind: 'aborted', message: 'tâche annulée avant son départ' } });
        }
      },
      resolve: resolve as (result: WorkerTaskResult<unknown>) => void,
    };
    options.signal?.addEventListener('abort', job.onAbort, { once: true });
    const jobs = waiting.get(job.owner);
    if (jobs) {
      jobs.push(job);
    } else {
      waiting.set(job.owner, [job]);
    }
    waitingCount += 1;
    bump(waitingByTask, job.task, 1);
    dispatch();
  });
}
