// A worker task's handle (ADR 0045): its name, its limits and how the worker thread loads its function. A feature
// module exports the handles of its CPU-bound work (modules/<feature>/tasks.ts); the pool (pool.ts) runs a handle
// it is given, and the worker entry finds the function by the handle's name in registry.ts. The load function is a
// lazy import: the server never evaluates it (only the worker thread does), so a handle costs the server nothing
// and a worker loads only the code of the tasks it runs.

export interface WorkerTaskLimits {
  /** Wall-clock limit once running; past it the thread is terminated (kind 'timeout'). */
  timeoutMs: number;
  /** V8 old-generation heap of the thread (`resourceLimits.maxOldGenerationSizeMb`); beyond, kind 'memory'. */
  heapMb: number;
  /**
   * For tasks that read untrusted input (a user's file): growth of the process's resident memory allowed while the
   * task runs. ArrayBuffers live outside the heap limit, so the pool samples the process's RSS and terminates the
   * thread beyond it (kind 'memory'); such tasks run one at a time, so the growth is theirs.
   */
  memoryMb?: number;
  /** At most this many tasks of this kind run at once (default: every thread of the pool). */
  concurrency?: number;
  /** At most this many tasks of this kind wait for a thread; beyond, kind 'busy' (default: the pool's queue max). */
  queueMax?: number;
}

/** A CPU-bound function: structured-clonable input, structured-clonable output. */
export type WorkerFunction<I, O> = (input: I) => O | Promise<O>;

export interface WorkerTask<I, O> {
  readonly name: string;
  readonly limits: WorkerTaskLimits;
  /** Evaluated in the worker thread only. */
  readonly load: () => Promise<WorkerFunction<I, O>>;
}

/**
 * Declares a worker task. Its function must be a pure function of its input (threads are reused, ADR 0040) and its
 * module must not import Fastify nor the database (it runs in a worker thread). Add the handle to registry.ts.
 */
export function defineWorkerTask<I, O>(
  name: string,
  load: () => Promise<WorkerFunction<I, O>>,
  limits: WorkerTaskLimits,
): WorkerTask<I, Awaited<O>> {
  return { name, limits, load: load as () => Promise<WorkerFunction<I, Awaited<O>>> };
}

/** @internal A task sent to entry.ts. */
export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
}

/** @internal What entry.ts posts back for the request of the same id, with the thread's own ArrayBuffer bytes after it. */
export type WorkerResponse = { id: number; arrayBufferBytes: number } & (
  | { ok: true; value: unknown }
  | { ok: false; message: string }
);
