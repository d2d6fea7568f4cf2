import { defineWorkerTask } from '../../workers/task.ts';

/** The billing's worker tasks (ADR 0078): an invoice's PDF, drawn off the event loop. */
export const billingTasks = {
  invoicePdf: defineWorkerTask(
    'billing.invoice-pdf',
    () => import('./invoice-pdf.ts').then((m) => m.renderInvoicePdf),
    { timeoutMs: 20_000, heapMb: 192 },
  ),
};
