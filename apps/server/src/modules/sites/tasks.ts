import { defineWorkerTask } from '../../workers/task.ts';

/**
 * The site list's worker tasks (ADR 0068): an uploaded CSV / XLSX read and checked row by row, and the export
 * written, each off the event loop. Reading a user's file is bounded like the invoices' (memoryMb, ADR 0045).
 */
export const siteTasks = {
  readImport: defineWorkerTask('sites.read-import', () => import('./table-task.ts').then((m) => m.readImportTask), {
    timeoutMs: 30_000,
    heapMb: 256,
    memoryMb: 512,
  }),
  writeExport: defineWorkerTask('sites.write-export', () => import('./table-task.ts').then((m) => m.writeExportTask), {
    timeoutMs: 30_000,
    heapMb: 256,
  }),
};
