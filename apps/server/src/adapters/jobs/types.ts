/** What a job handler receives. */
export interface JobContext<P> {
  payload: P;
  jobId: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** The queue's clock when the job was claimed (runDue's `now` in tests). */
  now: Date;
  /** Aborted when the job overruns its `timeoutMs` or the queue stops without waiting any longer. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (context: JobContext<P>) => Promise<void> | void;

export interface JobOptions {
  /** Past this the signal aborts, the run counts as failed and the job is retried (default 5 min). */
  timeoutMs?: number;
  /** Runs before the job is marked `failed` for good (default 5). */
  maxAttempts?: number;
  /** Jobs of this name running at once in this process (default 1). */
  concurrency?: number;
  /** First retry delay; doubled on every further attempt, at most 1 h (default 30 s). */
  retryDelayMs?: number;
}

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /**
   * At most one pending or running job with this key: enqueue then returns the existing job's id instead of
   * adding one (e.g. `audit:<id>`). Once that job is done or failed the key is free again.
   */
  singletonKey?: string;
}

/**
 * Periodic schedule: every `intervalMs` (periods aligned on the Unix epoch), or every day at `dailyAt`
 * ('HH:MM', in `timeZone`, default Europe/Paris).
 */
export type JobSchedule = number | { dailyAt: string; timeZone?: string };

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  name: string;
  payload: unknown;
  runAt: Date;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  singletonKey: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** What one runDue() call did. */
export interface RunDueResult {
  /** Runs that succeeded. */
  completed: number;
  /** Runs that failed and were scheduled again (backoff). */
  retried: number;
  /** Runs that failed for good (attempts exhausted). */
  failed: number;
}

/**
 * The job queue (ADR 0030): jobs live in the `jobs` table, so they survive restarts and are shared by every
 * instance on one PostgreSQL. Handlers must be idempotent: a job whose instance died mid-run is run again once
 * its lock expires.
 */
export interface JobQueue {
  /** Declares the handler of `name` in this process; call before start()/runDue(). */
  register<P = unknown>(name: string, handler: JobHandler<P>, options?: JobOptions): void;
  /** Adds a job (jsonb payload) and returns its id (the existing job's id when `singletonKey` is taken). */
  enqueue<P = unknown>(name: string, payload: P, options?: EnqueueOptions): Promise<string>;
  /**
   * Runs `name` (registered with a handler) once per period: each poll inserts the current period's job with
   * the id `every:<name>:<period start ISO>`, so two instances insert it once and run it once. Payload: `{}`.
   */
  every(name: string, schedule: JobSchedule): void;
  /** Reads one job (tests, status pages). */
  get(id: string): Promise<JobRecord | undefined>;
  /** Starts polling every JOBS_POLL_INTERVAL_MS. */
  start(): void;
  /** Stops polling and waits for the running jobs (app close). */
  stop(): Promise<void>;
  /**
   * Processes every job due at `now` (default: the queue's clock) until none is left, including periodic jobs
   * whose period has started, and waits for them. Tests with an injected clock call this instead of polling.
   */
  runDue(now?: Date): Promise<RunDueResult>;
}
