// The functions runWorkerTask() may run in a worker thread, by name. Each entry loads its module lazily, so a
// worker only loads what its task needs. A new task: one line here (its module must not import Fastify or the
// database: it runs in a worker thread). Threads are reused from a warm pool (ADR 0040): a task must be a pure
// function of its input — module-level state only for immutable caches (fonts, formatters), never anything that
// changes the next task's result. The worker entry (worker-task-entry.ts) imports this file; the bundle
// keeps it in dist/worker-task.mjs and its chunks (scripts/build.ts).

/** A CPU-bound function: structured-clonable input, structured-clonable output. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type.
export type WorkerTaskFunction = (input: any) => unknown;

export const workerTasks = {
  /** Used by the tests and by operators checking the limits: spins, allocates, throws or echoes on demand. */
  'diagnostic.probe': () => import('./worker-probe.ts').then((module) => module.probe),
  /** Renders a mandate's PDF and seals it (ADR 0031). */
  'mandates.render': () => import('../modules/mandates/mandate-pdf.ts').then((module) => module.renderSealedMandate),
  /** Subsets the PDF fonts once (the mandate render receives them, ADR 0031). */
  'mandates.fonts': () => import('../modules/simulator/pdf-report.ts').then((module) => module.subsetFontBytes),
  /** Invoice audit (issue #14, ADR 0034): read one file, check one invoice, render the claim letter. */
  'audit.read-invoice': () => import('../modules/audits/audit-task.ts').then((module) => module.readInvoiceTask),
  'audit.check-invoice': () => import('../modules/audits/audit-task.ts').then((module) => module.checkInvoiceTask),
  'audit.claim-letter': () => import('../modules/audits/audit-task.ts').then((module) => module.claimLetterTask),
  /** Parses and checks a PITD / Zi / LI / PIC table before it is written (ADR 0025). */
  'reference.check': () =>
    import('../modules/reference-data/check-file.ts').then((module) => module.checkReferenceFileTask),
} satisfies Record<string, () => Promise<WorkerTaskFunction>>;

export type WorkerTaskName = keyof typeof workerTasks;
export type WorkerTaskInput<N extends WorkerTaskName> = Parameters<Awaited<ReturnType<(typeof workerTasks)[N]>>>[0];
export type WorkerTaskOutput<N extends WorkerTaskName> = Awaited<
  ReturnType<Awaited<ReturnType<(typeof workerTasks)[N]>>>
>;
