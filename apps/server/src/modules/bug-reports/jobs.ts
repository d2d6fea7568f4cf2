import { type JobQueue, periodStart } from '../../adapters/jobs/index.ts';
import { BUG_DIGEST_JOB, BUG_DIGEST_SCHEDULE, type BugReportService } from './service.ts';

/** The daily digest to staff at 08:00 (Paris, ADR 0035). */
export function registerBugReportJobs(jobs: JobQueue, bugReports: BugReportService): void {
  // The digest of a period covers the 24 hours before the period's start: no gap or overlap when a run is late.
  jobs.register(BUG_DIGEST_JOB, async ({ now }) => {
    await bugReports.sendDigest(periodStart(BUG_DIGEST_SCHEDULE, now));
  });
  jobs.every(BUG_DIGEST_JOB, BUG_DIGEST_SCHEDULE);
}
