import { defineWorkerTask } from '../../workers/task.ts';
import type { SimulationReport } from './report.ts';

export interface SimulationPdfInput {
  report: SimulationReport;
  generatedAt: Date;
}

/** Renders a simulation's PDF report (ADR 0018) in a thread of the worker pool. */
export const simulationPdfTask = defineWorkerTask(
  'simulator.pdf',
  () =>
    import('./pdf-report.ts').then(
      (m) => (input: SimulationPdfInput) => m.renderSimulationPdf(input.report, input.generatedAt),
    ),
  { timeoutMs: 30_000, heapMb: 256 },
);
