import type { Database } from '../../db/client.ts';
import { createDbJobQueue, type JobLogger } from './db-queue.ts';
import type { JobQueue } from './types.ts';

export { createDbJobQueue, periodStart, retryDelay } from './db-queue.ts';
export type {
  EnqueueOptions,
  JobContext,
  JobHandler,
  JobOptions,
  JobQueue,
  JobRecord,
  JobSchedule,
  JobStatus,
  RunDueResult,
} from './types.ts';

export interface JobsConfig {
  /** JOBS_ENABLED: whether the server polls (start-server.ts); off, jobs only queue up. */
  enabled: boolean;
  /** JOBS_POLL_INTERVAL_MS. */
  pollIntervalMs: number;
}

/** The one job queue kind (ADR 0030): our `jobs` table, on PGlite or PostgreSQL alike. */
export function createJobQueue(
  config: JobsConfig,
  db: Database,
  options: { now?: () => Date; logger?: JobLogger; instanceId?: string } = {},
): JobQueue {
  return createDbJobQueue({ db, pollIntervalMs: config.pollIntervalMs, ...options });
}
