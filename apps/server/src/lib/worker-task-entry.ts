// Worker-thread entry of runWorkerTask (lib/worker-task.ts): a thread of the warm pool. It runs the named tasks
// of worker-tasks.ts one message at a time and posts each result with its request's id. Bundled as
// dist/worker-task.mjs by scripts/build.ts.
import { parentPort } from 'node:worker_threads';
import type { WorkerTaskRequest, WorkerTaskResponse } from './worker-task.ts';
import { workerTasks } from './worker-tasks.ts';

if (!parentPort) {
  throw new Error('worker-task-entry must run in a worker thread');
}
const port = parentPort;

async function run(request: WorkerTaskRequest): Promise<WorkerTaskResponse> {
  const load = workerTasks[request.task as keyof typeof workerTasks];
  if (!load) {
    return { id: request.id, ok: false, message: `unknown worker task ${request.task}` };
  }
  try {
    const task = await load();
    return { id: request.id, ok: true, value: await task(request.input as never) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

// The pool sends one request at a time and waits for its answer before the next.
port.on('message', (request: WorkerTaskRequest) => {
  void run(request).then((response) => port.postMessage(response));
});
