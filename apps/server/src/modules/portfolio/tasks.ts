import { defineWorkerTask } from '../../workers/task.ts';

/**
 * The portfolio optimisation's worker tasks (ADR 0077): one chunk of ~200 sites optimised per task, and the ranked
 * table written as XLSX or PDF. `concurrency: 1` for the chunks: a run never holds both threads, so other users'
 * tasks (audits, PDFs, imports) interleave between its chunks (the pool is fair per owner, ADR 0045).
 */
export const portfolioTasks = {
  optimiseChunk: defineWorkerTask(
    'portfolio.optimise-chunk',
    () => import('./chunk-task.ts').then((m) => m.optimiseChunk),
    { timeoutMs: 60_000, heapMb: 256, concurrency: 1 },
  ),
  writeExport: defineWorkerTask('portfolio.write-export', () => import('./export-task.ts').then((m) => m.writeExport), {
    timeoutMs: 60_000,
    heapMb: 256,
  }),
};
