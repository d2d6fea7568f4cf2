// Worker-thread entry point of the PDF renderer (ADR 0018): renders one report per message, off the main
// event loop. Started by pdf-renderer.ts; bundled as dist/pdf-worker.mjs by scripts/build.ts.
import { parentPort } from 'node:worker_threads';
import type { RenderRequest, RenderResponse } from './pdf-renderer.ts';
import { renderSimulationPdf } from './pdf-report.ts';

if (!parentPort) {
  throw new Error('pdf-worker must run in a worker thread');
}
const port = parentPort;

port.on('message', (request: RenderRequest) => {
  renderSimulationPdf(request.report, request.generatedAt).then(
    (bytes) => port.postMessage({ id: request.id, bytes } satisfies RenderResponse),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RenderResponse),
  );
});
