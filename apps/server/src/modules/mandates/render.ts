import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../lib/worker-task.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';

type Fonts = { regular: Uint8Array; bold: Uint8Array };
let fonts: Promise<Fonts | undefined> | undefined;

/**
 * The subset fonts, made once per process in a worker (subsetting costs more than the render itself); on
 * failure each render subsets its own.
 */
function subsetFonts(): Promise<Fonts | undefined> {
  fonts ??= runWorkerTask('mandates.fonts', undefined, { timeoutMs: 60_000, maxOldGenerationSizeMb: 256 }).then(
    (result) => (result.ok ? (result.value as Fonts) : undefined),
  );
  return fonts;
}

/** The mandate PDF is rendered and sealed in a worker thread (lib/worker-task.ts), never on the event loop. */
export async function renderMandateInWorker(input: SealedMandateInput): Promise<SealedMandateOutput> {
  const withFonts = { ...input, fonts: input.fonts ?? (await subsetFonts()) };
  const result = await runWorkerTask('mandates.render', withFonts, { timeoutMs: 30_000, maxOldGenerationSizeMb: 256 });
  if (!result.ok) {
    throw new AppError('INTERNAL_ERROR', undefined, {
      cause: new Error(`mandate PDF render failed (${result.error.kind}): ${result.error.message}`),
    });
  }
  // The task table infers `unknown` through the lazy import; the task is renderSealedMandate.
  return result.value as SealedMandateOutput;
}
