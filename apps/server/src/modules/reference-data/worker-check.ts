import { runWorkerTask } from '../../workers/pool.ts';
import type { ReferenceFileChecker } from './check-file.ts';
import { referenceCheckTask } from './check-task.ts';

/**
 * Checks a reference file in a worker thread (task `reference.check`), so the server's event loop never parses
 * a table or walks the commune directory. A thread that overruns or crashes is an operational error, not a bad
 * file: it surfaces as a plain Error (500, logged), the file stays unwritten.
 */
export const checkInWorker: ReferenceFileChecker = async (input) => {
  const result = await runWorkerTask(referenceCheckTask, input, { owner: 'reference-data' });
  if (!result.ok) {
    throw new Error(`reference table check failed in its worker (${result.error.kind}): ${result.error.message}`);
  }
  return result.value;
};
