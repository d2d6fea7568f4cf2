import { runWorkerTask } from '../../lib/worker-task.ts';
import type { ReferenceFileCheck, ReferenceFileChecker } from './check-file.ts';

/** Limits of one reference-table check: a national PITD table (~12 000 lines) takes well under a second. */
const CHECK_LIMITS = { timeoutMs: 60_000, maxOldGenerationSizeMb: 512 } as const;

/**
 * Checks a reference file in a worker thread (task `reference.check`), so the server's event loop never parses
 * a table or walks the commune directory. A thread that overruns or crashes is an operational error, not a bad
 * file: it surfaces as a plain Error (500, logged), the file stays unwritten.
 */
export const checkInWorker: ReferenceFileChecker = async (input) => {
  const result = await runWorkerTask('reference.check', input, CHECK_LIMITS);
  if (!result.ok) {
    throw new Error(`reference table check failed in its worker (${result.error.kind}): ${result.error.message}`);
  }
  return result.value as ReferenceFileCheck;
};
