import { AppError } from '../../lib/app-error.ts';
import { pdfFontsTask } from '../../pdf/tasks.ts';
import { runWorkerTask, WORKERS_BUSY_MESSAGE } from '../../workers/pool.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';
import { mandateTasks } from './tasks.ts';

type Fonts = { regular: Uint8Array; bold: Uint8Array };
let fonts: Promise<Fonts | undefined> | undefined;

/**
 * The subset fonts, made once per process in a worker (subsetting costs more than the render itself); on
 * failure this render subsets its own and the next call tries again.
 */
function subsetFonts(): Promise<Fonts | undefined> {
  fonts ??= runWorkerTask(pdfFontsTask, undefined, { owner: 'system' }).then((result) => {
    if (!result.ok) {
      fonts = undefined;
      return undefined;
    }
    return result.value;
  });
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

/**
 * The mandate PDF is rendered and sealed in a worker thread of the pool (workers/pool.ts), never on the event loop,
 * in the signer's fair share; a full queue answers 503 (the route adds Retry-After).
 */
export async function renderMandateInWorker(input: SealedMandateInput): Promise<SealedMandateOutput> {
  const withFonts = { ...input, fonts: input.fonts ?? (await subsetFonts()) };
  const result = await runWorkerTask(mandateTasks.render, withFonts, { owner: input.document.signer.userId });
  if (!result.ok) {
    if (result.error.kind === 'busy') {
      throw new AppError('SERVICE_UNAVAILABLE', WORKERS_BUSY_MESSAGE);
    }
    throw new AppError('INTERNAL_ERROR', undefined, {
      cause: new Error(`mandate PDF render failed (${result.error.kind}): ${result.error.message}`),
    });
  }
  return result.value;
}
