// Worker-thread entry of runWorkerTask (lib/worker-task.ts): runs one named task from worker-tasks.ts on the
// input of workerData and posts its result. Bundled as dist/worker-task.mjs by scripts/build.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerTaskRequest, WorkerTaskResponse } from './worker-task.ts';
import { workerTasks } from './worker-tasks.ts';

if (!parentPort) {
  throw new Error('worker-task-entry must run in a worker thread');
}
const port = parentPort;
const request = workerData as WorkerTaskRequest;

async function run(): Promise<WorkerTaskResponse> {
  const load = workerTasks[request.task as keyof typeof workerTasks];
  if (!load) {
    return { ok: false, message: `unknown worker task ${request.task}` };
  }
  try {
    const task = await load();
    return { ok: true, value: await task(request.input as never) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

void run().then((response) => port.postMessage(response));
