import { defineWorkerTask } from '../../workers/task.ts';

/**
 * Parses and checks a PITD / Zi / LI / PIC table in a worker thread before it is written (ADR 0025): a national PITD
 * table (~12 000 lines) takes well under a second.
 */
export const referenceCheckTask = defineWorkerTask(
  'reference.check',
  () => import('./check-file.ts').then((module) => module.checkReferenceFileTask),
  { timeoutMs: 60_000, heapMb: 512 },
);
