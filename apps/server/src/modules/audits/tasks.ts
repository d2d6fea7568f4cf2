import { defineWorkerTask } from '../../workers/task.ts';

/** Time and heap of one file's reading, checking or claim letter (ADR 0034). */
const LIMITS = { timeoutMs: 30_000, heapMb: 256 };

/**
 * Growth of the server's resident memory allowed while a user's file is read (ADR 0045): the readers bound what they
 * decode (packages/invoices limits), this is the second line for what a reader's library could still allocate.
 */
export const READ_MEMORY_MB = 512;

/** The invoice audit's worker tasks (issue #14, ADR 0034): read one file, check one invoice, render the claim letter. */
export const auditTasks = {
  read: defineWorkerTask('audit.read-invoice', () => import('./audit-task.ts').then((m) => m.readInvoiceTask), {
    ...LIMITS,
    memoryMb: READ_MEMORY_MB,
  }),
  check: defineWorkerTask(
    'audit.check-invoice',
    () => import('./audit-task.ts').then((m) => m.checkInvoiceTask),
    LIMITS,
  ),
  /** A table file's column mapping step (ADR 0085), before `read`: the same limits, it reads the file too. */
  mapColumns: defineWorkerTask(
    'audit.map-columns',
    () => import('./column-mapping-task.ts').then((m) => m.mapColumnsTask),
    { ...LIMITS, memoryMb: READ_MEMORY_MB },
  ),
  claimLetter: defineWorkerTask(
    'audit.claim-letter',
    () => import('./audit-task.ts').then((m) => m.claimLetterTask),
    LIMITS,
  ),
};
