// Every worker task, by name, for the worker entry (entry.ts): the handles the feature modules export. Like app.ts,
// this is a composition root and may import from modules/; lib/, db/ and adapters/ never do. A new task: its
// handle in the module (`defineWorkerTask`), one line here.
import { auditTasks } from '../modules/audits/tasks.ts';
import { billingTasks } from '../modules/billing/tasks.ts';
import { mandateTasks } from '../modules/mandates/tasks.ts';
import { portfolioTasks } from '../modules/portfolio/tasks.ts';
import { referenceCheckTask } from '../modules/reference-data/check-task.ts';
import { simulationPdfTask } from '../modules/simulator/pdf-task.ts';
import { siteTasks } from '../modules/sites/tasks.ts';
import { pdfFontsTask } from '../pdf/tasks.ts';
import { probeTask } from './probe.ts';
import type { WorkerTask } from './task.ts';

export const registeredTasks: readonly WorkerTask<never, unknown>[] = [
  probeTask,
  pdfFontsTask,
  ...Object.values(auditTasks),
  ...Object.values(billingTasks),
  ...Object.values(mandateTasks),
  ...Object.values(portfolioTasks),
  referenceCheckTask,
  simulationPdfTask,
  ...Object.values(siteTasks),
];
