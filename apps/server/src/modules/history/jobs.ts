import type { JobQueue } from '../../adapters/jobs/index.ts';
import { HISTORY_PURGE_JOB, type HistoryService } from './service.ts';

/** The retention rule of stored results (ADR 0064): daily at 04:10 (Paris). */
export function registerHistoryJobs(jobs: JobQueue, history: HistoryService): void {
  jobs.register(HISTORY_PURGE_JOB, async ({ now }) => {
    await history.purge(now);
  });
  jobs.every(HISTORY_PURGE_JOB, { dailyAt: '04:10' });
}
