import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../workers/pool.ts';
import { simulationPdfTask } from './pdf-task.ts';
import type { SimulationReport } from './report.ts';

/** Renders a simulation report to PDF bytes. The app's runs in the worker pool; tests may wrap it (counting). */
export interface PdfRenderer {
  /** `owner`: the user the report is for (the pool's fair share, ADR 0045). */
  render(report: SimulationReport, generatedAt: Date, owner?: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PdfWorkerPoolOptions {
  /** Simulation PDFs rendered at once (PDF_WORKERS), in the threads of the worker pool (WORKER_TASK_THREADS). */
  size: number;
  /** Renders waiting for a thread (PDF_QUEUE_MAX); beyond it the download answers 503. */
  queueMax: number;
  /** A render taking longer is abandoned and its thread replaced. */
  timeoutMs?: number;
}

/** The message of the 503 when the render queue is full (the route adds Retry-After). */
export const PDF_QUEUE_FULL_MESSAGE =
  'Trop de rapports PDF sont en cours de préparation. Veuillez réessayer dans quelques secondes.';

/**
 * Simulation PDFs rendered in the one worker pool (workers/pool.ts; ADR 0018 for why off the event loop, ADR 0045
 * for the one pool): pdf-lib and font subsetting cost ~150 ms of CPU per report. At most `size` at once, at most
 * `queueMax` waiting (503 beyond), served round-robin per user with every other task of the pool.
 */
export function createPdfWorkerPool({ size, queueMax, timeoutMs }: PdfWorkerPoolOptions): PdfRenderer {
  let closed = false;
  const controller = new AbortController();
  return {
    async render(report, generatedAt, owner = 'system') {
      if (closed) {
        throw new Error('PDF renderer closed');
      }
      const result = await runWorkerTask(
        simulationPdfTask,
        { report, generatedAt },
        { owner, concurrency: size, queueMax, signal: controller.signal, ...(timeoutMs ? { timeoutMs } : {}) },
      );
      if (!result.ok) {
        if (result.error.kind === 'busy') {
          throw new AppError('SERVICE_UNAVAILABLE', PDF_QUEUE_FULL_MESSAGE);
        }
        throw new Error(`PDF render failed (${result.error.kind}): ${result.error.message}`);
      }
      return result.value;
    },
    async close() {
      closed = true;
      controller.abort();
    },
  };
}
