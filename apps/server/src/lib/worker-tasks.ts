// The functions runWorkerTask() may run in a worker thread, by name. Each entry loads its module lazily, so a
// worker only loads what its task needs. A new task: one line here (its module must not import Fastify or the
// database: it runs in a fresh thread). The worker entry (worker-task-entry.ts) imports this file; the bundle
// keeps it in dist/worker-task.mjs and its chunks (scripts/build.ts).

/** A CPU-bound function: structured-clonable input, structured-clonable output. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type.
export type WorkerTaskFunction = (input: any) => unknown;

export const workerTasks = {
  /** Used by the tests and by operators checking the limits: spins, allocates, throws or echoes on demand. */
  'diagnostic.probe': () => import('./worker-probe.ts').then((module) => module.probe),
} satisfies Record<string, () => Promise<WorkerTaskFunction>>;

export type WorkerTaskName = keyof typeof workerTasks;
export type WorkerTaskInput<N extends WorkerTaskName> = Parameters<Awaited<ReturnType<(typeof workerTasks)[N]>>>[0];
export type WorkerTaskOutput<N extends WorkerTaskName> = Awaited<
  ReturnType<Awaited<ReturnType<(typeof workerTasks)[N]>>>
>;
