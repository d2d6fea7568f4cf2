import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../lib/worker-task.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';

/** The mandate PDF is rendered and sealed in a worker thread (lib/worker-task.ts), never on the event loop. */
export async function renderMandateInWorker(input: SealedMandateInput): Promise<SealedMandateOutput> {
  const result = await runWorkerTask('mandates.render', input, { timeoutMs: 30_000, maxOldGenerationSizeMb: 256 });
  if (!result.ok) {
    throw new AppError('INTERNAL_ERROR', undefined, {
      cause: new Error(`mandate PDF render failed (${result.error.kind}): ${result.error.message}`),
    });
  }
  // The task table infers `unknown` through the lazy import; the task is renderSealedMandate.
  return result.value as SealedMandateOutput;
}
