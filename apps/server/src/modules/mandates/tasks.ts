import { defineWorkerTask } from '../../workers/task.ts';

/**
 * The mandates' worker tasks (ADR 0031): render and seal a mandate's PDF; subset the PDF fonts once per process (the
 * render receives them). At most 20 renders wait for a thread; beyond, the signature answers 503 (ADR 0045).
 */
export const mandateTasks = {
  render: defineWorkerTask('mandates.render', () => import('./render-task.ts').then((m) => m.renderMandateTask), {
    timeoutMs: 30_000,
    heapMb: 256,
    queueMax: 20,
  }),
  fonts: defineWorkerTask('mandates.fonts', () => import('../simulator/pdf-report.ts').then((m) => m.subsetFontBytes), {
    timeoutMs: 60_000,
    heapMb: 256,
  }),
};
