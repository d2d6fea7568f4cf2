import { defineWorkerTask } from '../../workers/task.ts';

/**
 * The mandates' worker tasks (ADR 0031): render and seal a mandate's PDF (the fonts, subset once per process by
 * pdf/tasks.ts, are passed in). At most 20 renders wait for a thread; beyond, the signature answers 503 (ADR 0045).
 */
export const mandateTasks = {
  render: defineWorkerTask('mandates.render', () => import('./render-task.ts').then((m) => m.renderMandateTask), {
    timeoutMs: 30_000,
    heapMb: 256,
    queueMax: 20,
  }),
};
