import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../lib/worker-task.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';

type Fonts = { regular: Uint8Array; bold: Uint8Array };
let fonts: Promise<Fonts | undefined> | undefined;

/**
 * The subset fonts, made once per process in a worker (subsetting costs more than the render itself); on
 * failure this render subsets its own and the next call tries again.
 */
function subsetFonts(): Promise<Fonts | undefined> {
  fonts ??= runWorkerTask('mandates.fonts', undefined, { timeoutMs: 60_000, maxOldGenerationSizeMb: 256 }).then(
    (result) => {
      if (!result.ok) {
        fonts = undefined;
        return undefined;
      }
      return result.value as Fonts;
    },
  );
  return fonts;
}

/**
 * Subsets the fonts now, in a worker, so the first mandate signed after a start does not wait for it (measured by
 * the browser tests: 10–14 s for the first `POST /api/mandates/` on a loaded machine). start-server.ts calls it
 * once the server listens; never rejects.
 */
export function prepareMandateFonts(): Promise<void> {
  return subsetFonts().then(
    () => undefined,
    () => undefined,
  );
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
