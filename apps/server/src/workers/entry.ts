// Worker-thread entry of the pool (pool.ts): a thread runs the registered tasks (registry.ts) one message at a time
// and posts each result with its request's id and its own ArrayBuffer memory (the pool retires a thread that keeps a
// lot). Bundled as dist/worker-task.mjs by scripts/build.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './priority.ts';
import { registeredTasks } from './registry.ts';
import type { WorkerRequest, WorkerResponse } from './task.ts';

if (!parentPort) {
  throw new Error('the worker entry must run in a worker thread');
}
const port = parentPort;
// Below the event loop and PGlite's thread (WORKER_TASK_NICE, ADR 0091), before any task is loaded.
lowerThreadPriority(Number((workerData as { nice?: unknown } | null)?.nice ?? 0));
const tasks = new Map(registeredTasks.map((task) => [task.name, task]));

type Answer = { id: number } & ({ ok: true; value: unknown } | { ok: false; message: string });

async function run(request: WorkerRequest): Promise<Answer> {
  const task = tasks.get(request.task);
  if (!task) {
    return { id: request.id, ok: false, message: `unknown worker task ${request.task}` };
  }
  try {
    const fn = await task.load();
    return { id: request.id, ok: true, value: await fn(request.input as never) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

// The pool sends one request at a time and waits for its answer before the next.
port.on('message', (request: WorkerRequest) => {
  void run(request).then((response) => {
    // This thread's own ArrayBuffers (per isolate), after the task: what a task that read a large file may leave. Not
    // `external`, which also counts WebAssembly memory (the font subsetter's ~100 MB, a cache worth keeping warm).
    const { arrayBuffers } = process.memoryUsage();
    port.postMessage({ ...response, arrayBufferBytes: arrayBuffers } satisfies WorkerResponse);
  });
});
