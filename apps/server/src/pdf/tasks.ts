import { defineWorkerTask } from '../workers/task.ts';

/**
 * Subsets the PDF fonts in a worker thread (HarfBuzz costs more than a render): the mandate render receives them
 * (ADR 0031); the server asks once, after it listens.
 */
export const pdfFontsTask = defineWorkerTask('pdf.fonts', () => import('./fonts.ts').then((m) => m.subsetFontBytes), {
  timeoutMs: 60_000,
  heapMb: 256,
});
