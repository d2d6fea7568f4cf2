import type { JobQueue } from '../../adapters/jobs/index.ts';
import { AUDIT_JOB, type AuditJobPayload, type AuditsService } from './service.ts';

/**
 * The audit job (ADR 0034): one per audit, up to three attempts, two at a time. Its time limit covers two worker
 * runs of `workerTimeoutMs` (default 30 s) and 30 s more.
 */
export function registerAuditJobs(jobs: JobQueue, audits: AuditsService, workerTimeoutMs = 30_000): void {
  jobs.register<AuditJobPayload>(AUDIT_JOB, ({ payload, signal }) => audits.runJob(payload, signal), {
    timeoutMs: 2 * workerTimeoutMs + 30_000,
    maxAttempts: 3,
    concurrency: 2,
  });
}
