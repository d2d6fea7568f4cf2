/**
 * Version of the simulation report's layout and contents (pdf-report.ts). Stored PDFs are keyed by it (ADR 0018):
 * bump it whenever a change there (or in the data it prints) should reach PDFs already rendered.
 * In a module of its own so that the server's main thread, which only compares versions (pdf-downloads.ts), does not
 * load pdf-lib and its fonts at start (~0.3 s of CPU): the PDF is rendered in a worker thread.
 */
export const PDF_RENDERER_VERSION = '2';
