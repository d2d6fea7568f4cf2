import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import type { SimulationReport } from './service.ts';

/** Renders a simulation report to PDF bytes. The app's is a worker pool; tests may wrap it (counting). */
export interface PdfRenderer {
  render(report: SimulationReport, generatedAt: Date): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** @internal Messages between the pool and pdf-worker.ts. */
export interface RenderRequest {
  id: number;
  report: SimulationReport;
  generatedAt: Date;
}
/** @internal */
export type RenderResponse = { id: number; bytes: Uint8Array } | { id: number; error: string };

export interface PdfWorkerPoolOptions {
  /** Worker threads (PDF_WORKERS); each renders one report at a time. */
  size: number;
  /** Renders waiting for a free worker (PDF_QUEUE_MAX); beyond it the download answers 503. */
  queueMax: number;
  /** A render taking longer is abandoned and its worker replaced. */
  timeoutMs?: number;
}

/** The message of the 503 when the render queue is full (the route adds Retry-After). */
export const PDF_QUEUE_FULL_MESSAGE =
  'Trop de rapports PDF sont en cours de préparation. Veuillez réessayer dans quelques secondes.';

interface Job {
  id: number;
  report: SimulationReport;
  generatedAt: Date;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * How to start the worker: next to the bundle (dist/pdf-worker.mjs beside dist/server.mjs, whose
 * import.meta.url this code then has), or from source under tsx (tests, `npm run dev`): a worker does not
 * inherit tsx's loader, so a small script registers it in the worker and then imports pdf-worker.ts.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pdf-worker.mjs', import.meta.url), { name: 'pdf-renderer' });
  }
  // require.resolve picks the CommonJS build of tsx/esm/api; the worker imports its ESM twin.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./pdf-worker.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(script, { eval: true, name: 'pdf-renderer' });
}

/**
 * A small pool of worker threads rendering PDFs (ADR 0018): pdf-lib and font subsetting cost ~150 ms of CPU
 * per report, which on the main thread would stall every other request. Workers start on the first render,
 * jobs wait in a bounded FIFO queue, a crashed or stuck worker is replaced.
 */
export function createPdfWorkerPool({ size, queueMax, timeoutMs = 30_000 }: PdfWorkerPoolOptions): PdfRenderer {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = {
      worker: startWorker(),
      job: undefined,
      timer: undefined,
    };
    slot.worker.on('message', (response: RenderResponse) => {
      const job = slot.job;
      if (!job || job.id !== response.id) {
        return;
      }
      finish(slot);
      if ('bytes' in response) {
        job.resolve(response.bytes);
      } else {
        job.reject(new Error(`PDF render failed: ${response.error}`));
      }
      pump();
    });
    const fail = (error: Error) => {
      const job = slot.job;
      finish(slot);
      remove(slot);
      job?.reject(error);
      pump();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`PDF worker exited (code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
  }

  function remove(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index >= 0) {
      slots.splice(index, 1);
    }
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((candidate) => !candidate.job) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) {
        return;
      }
      const job = queue.shift() as Job;
      slot.job = job;
      slot.timer = setTimeout(() => {
        const stuck = slot.job;
        finish(slot);
        remove(slot);
        void slot.worker.terminate();
        stuck?.reject(new Error(`PDF render timed out after ${timeoutMs} ms`));
        pump();
      }, timeoutMs);
      slot.worker.postMessage({
        id: job.id,
        report: job.report,
        generatedAt: job.generatedAt,
      } satisfies RenderRequest);
    }
  }

  return {
    render(report, generatedAt) {
      if (closed) {
        return Promise.reject(new Error('PDF renderer closed'));
      }
      if (queue.length >= queueMax) {
        return Promise.reject(new AppError('SERVICE_UNAVAILABLE', PDF_QUEUE_FULL_MESSAGE));
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ id: nextId++, report, generatedAt, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        job.reject(new Error('PDF renderer closed'));
      }
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          slot.worker.removeAllListeners('exit');
          clearTimeout(slot.timer);
          slot.job?.reject(new Error('PDF renderer closed'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}
