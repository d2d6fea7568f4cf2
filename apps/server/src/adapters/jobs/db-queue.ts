import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';
import type {
  EnqueueOptions,
  JobHandler,
  JobOptions,
  JobQueue,
  JobRecord,
  JobSchedule,
  JobStatus,
  RunDueResult,
} from './types.ts';

export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface DbJobQueueOptions {
  db: Database;
  /** The queue's clock (tests inject one); runDue(now) overrides it for one call. */
  now?: () => Date;
  /** Delay between two polls of start() (JOBS_POLL_INTERVAL_MS). */
  pollIntervalMs?: number;
  /** Names this instance in `locked_by` (default: a random id). */
  instanceId?: string;
  logger?: JobLogger;
  /** stop() waits this long for running jobs, then aborts their signals and waits for them to return. */
  stopGraceMs?: number;
}

const DEFAULTS = { timeoutMs: 5 * 60_000, maxAttempts: 5, concurrency: 1, retryDelayMs: 30_000 } as const;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** A claim outlives the handler's timeout by this much, so that the owner records the outcome first. */
const LOCK_MARGIN_MS = 30_000;
/** A delayed job enqueued here wakes the queue at its time when that is less than this far (later ones: the polls). */
const MAX_DUE_WAKE_MS = 600_000;

interface Registration {
  handler: JobHandler<unknown>;
  options: Required<JobOptions>;
  running: number;
}

interface JobRow {
  id: string;
  name: string;
  payload: unknown;
  run_at: Date | string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  singleton_key: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  locked_by: string | null;
}

type Outcome = 'completed' | 'retried' | 'failed' | 'lost';

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const iso = (date: Date) => date.toISOString();

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    payload: row.payload,
    runAt: toDate(row.run_at),
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
    singletonKey: row.singleton_key,
    createdAt: toDate(row.created_at),
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  };
}

/** The start of the period `now` falls in (see JobSchedule). */
export function periodStart(schedule: JobSchedule, now: Date): Date {
  if (typeof schedule === 'number') {
    return new Date(Math.floor(now.getTime() / schedule) * schedule);
  }
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAt);
  if (!match) {
    throw new Error(`dailyAt must be HH:MM, got ${schedule.dailyAt}`);
  }
  const timeZone = schedule.timeZone ?? 'Europe/Paris';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  // Today's (then yesterday's) HH:MM in the zone, as an instant; the latest one not after `now`.
  for (const dayOffset of [0, -1, -2]) {
    const day = new Date(now.getTime() + dayOffset * 86_400_000);
    const candidate = zonedTime(day, hours, minutes, timeZone);
    if (candidate.getTime() <= now.getTime()) {
      return candidate;
    }
  }
  throw new Error('unreachable: no daily occurrence in the last two days');
}

// Building an Intl.DateTimeFormat costs ~0.1 ms; the queue asks for every daily schedule on every poll, so one
// formatter per zone is kept (about 15 ms of CPU a second saved, idle or loaded: ADR 0075's notes).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const instantFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale: string,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

/** The instant at which the wall clock of `timeZone` reads hours:minutes on the zone's calendar day of `day`. */
function zonedTime(day: Date, hours: number, minutes: number, timeZone: string): Date {
  const parts = Object.fromEntries(
    formatter(dayFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA')
      .formatToParts(day)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hours, minutes);
  // Correct by the zone's offset at that instant (twice: the offset may change across a DST switch).
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone);
  instant = asUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(
      instantFormats,
      timeZone,
      {
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      },
      'en-US',
    )
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Retry delay after the `attempt`-th failed run: retryDelayMs × 2^(attempt − 1), at most one hour. */
export function retryDelay(retryDelayMs: number, attempt: number): number {
  return Math.min(retryDelayMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}

/**
 * The job queue on our own table (ADR 0030): works the same on PGlite (one process) and PostgreSQL (several
 * instances: claims use `FOR UPDATE SKIP LOCKED`, completions check the claim token).
 */
export function createDbJobQueue(options: DbJobQueueOptions): JobQueue {
  const { db } = options;
  const clock = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const instanceId = options.instanceId ?? randomUUID().slice(0, 8);
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, JobSchedule>();
  const running = new Set<Promise<Outcome>>();
  const controllers = new Set<AbortController>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<void> | undefined;
  /** A wake() came while a poll was under way: poll again as soon as it ends. */
  let wakeAgain = false;
  /** Wake-ups at the run time of delayed jobs enqueued here (see enqueue). */
  const dueTimers = new Set<NodeJS.Timeout>();

  async function rows(query: SQL): Promise<JobRow[]> {
    return rowsOf<JobRow>(db, query);
  }

  async function insertPeriodicJobs(now: Date): Promise<void> {
    for (const [name, schedule] of schedules) {
      const registration = registrations.get(name);
      if (!registration) {
        continue;
      }
      const start = periodStart(schedule, now);
      await db.execute(sql`
        insert into jobs (id, name, payload, run_at, status, max_attempts)
        values (${`every:${name}:${iso(start)}`}, ${name}, '{}'::jsonb, ${iso(start)}::timestamptz, 'pending',
                ${registration.options.maxAttempts})
        on conflict (id) do nothing`);
    }
  }

  /** Jobs whose claim expired with no attempt left: their instance died or they overran for good. */
  async function failAbandoned(now: Date): Promise<void> {
    await db.execute(sql`
      update jobs set status = 'failed', finished_at = ${iso(now)}::timestamptz, locked_by = null,
        locked_until = null, last_error = coalesce(last_error, 'abandonné : verrou expiré')
      where status = 'running' and locked_until < ${iso(now)}::timestamptz and attempts >= max_attempts`);
  }

  async function claim(name: string, limit: number, now: Date, token: string): Promise<JobRow[]> {
    const registration = registrations.get(name) as Registration;
    const lockedUntil = new Date(now.getTime() + registration.options.timeoutMs + LOCK_MARGIN_MS);
    return rows(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${token},
        locked_until = ${iso(lockedUntil)}::timestamptz
      where id in (
        select id from jobs
        where name = ${name} and attempts < max_attempts and (
          (status = 'pending' and run_at <= ${iso(now)}::timestamptz)
          or (status = 'running' and locked_until < ${iso(now)}::timestamptz))
        order by run_at, seq
        limit ${limit}
        for update skip locked)
      returning *`);
  }

  async function execute(row: JobRow, registration: Registration, now: Date, token: string): Promise<Outcome> {
    const controller = new AbortController();
    controllers.add(controller);
    const attempt = Number(row.attempts);
    const { timeoutMs, retryDelayMs } = registration.options;
    let timeout: NodeJS.Timeout | undefined;
    let error: unknown;
    try {
      const overrun = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => {
          const tooLong = new Error(`délai dépassé (${timeoutMs} ms)`);
          controller.abort(tooLong);
          reject(tooLong);
        }, timeoutMs);
      });
      const run = Promise.resolve().then(() =>
        registration.handler({ payload: row.payload, jobId: row.id, attempt, now, signal: controller.signal }),
      );
      run.catch(() => {});
      await Promise.race([run, overrun]);
    } catch (caught) {
      error = caught ?? new Error('échec');
    } finally {
      clearTimeout(timeout);
      controllers.delete(controller);
    }
    const finishedAt = clock();
    if (error === undefined) {
      const done = await rows(sql`
        update jobs set status = 'done', finished_at = ${iso(finishedAt)}::timestamptz, locked_by = null,
          locked_until = null, last_error = null
        where id = ${row.id} and locked_by = ${token} and status = 'running'
        returning id`);
      return done.length > 0 ? 'completed' : 'lost';
    }
    const message = errorText(error);
    if (attempt >= Number(row.max_attempts)) {
      options.logger?.error({ job: row.id, name: row.name, attempt, err: message }, 'job failed for good');
      const failed = await rows(sql`
        update jobs set status = 'failed', finished_at = ${iso(finishedAt)}::timestamptz, locked_by = null,
          locked_until = null, last_error = ${message}
        where id = ${row.id} and locked_by = ${token} and status = 'running'
        returning id`);
      return failed.length > 0 ? 'failed' : 'lost';
    }
    options.logger?.warn({ job: row.id, name: row.name, attempt, err: message }, 'job failed, will retry');
    const retryAt = new Date(now.getTime() + retryDelay(retryDelayMs, attempt));
    const retried = await rows(sql`
      update jobs set status = 'pending', run_at = ${iso(retryAt)}::timestamptz, locked_by = null,
        locked_until = null, last_error = ${message}
      where id = ${row.id} and locked_by = ${token} and status = 'running'
      returning id`);
    return retried.length > 0 ? 'retried' : 'lost';
  }

  /** Claims what this process may run now and starts it; returns the started runs. */
  async function dispatch(now: Date): Promise<Promise<Outcome>[]> {
    await insertPeriodicJobs(now);
    await failAbandoned(now);
    const started: Promise<Outcome>[] = [];
    for (const [name, registration] of registrations) {
      const free = registration.options.concurrency - registration.running;
      if (free <= 0) {
        continue;
      }
      const token = `${instanceId}:${randomUUID()}`;
      const claimed = await claim(name, free, now, token);
      for (const row of claimed) {
        registration.running += 1;
        const run = execute(row, registration, now, token).finally(() => {
          registration.running -= 1;
          running.delete(run);
          // A slot is free: a job waiting for it (the next step of an audit, say) starts now, not at the next poll.
          wake();
        });
        running.add(run);
        started.push(run);
      }
    }
    return started;
  }

  function schedulePoll(delayMs = pollIntervalMs): void {
    if (!started) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      polling = dispatch(clock())
        .then(() => undefined)
        .catch((error: unknown) => options.logger?.error({ err: errorText(error) }, 'job poll failed'))
        .finally(() => {
          polling = undefined;
          const again = wakeAgain;
          wakeAgain = false;
          schedulePoll(again ? 0 : pollIntervalMs);
        });
    }, delayMs);
    timer.unref?.();
  }

  /**
   * Work this process may run now has appeared (a job enqueued here, a slot freed): poll at once instead of at the
   * next interval. Other instances still find it at their next poll.
   */
  function wake(): void {
    if (!started) {
      return;
    }
    if (polling) {
      wakeAgain = true;
      return;
    }
    schedulePoll(0);
  }

  return {
    register(name, handler, jobOptions = {}) {
      if (registrations.has(name)) {
        throw new Error(`job ${name} is already registered`);
      }
      registrations.set(name, {
        handler: handler as JobHandler<unknown>,
        options: { ...DEFAULTS, ...jobOptions },
        running: 0,
      });
    },

    async enqueue(name, payload, enqueueOptions: EnqueueOptions = {}) {
      const runAt = enqueueOptions.runAt ?? clock();
      const maxAttempts = registrations.get(name)?.options.maxAttempts ?? DEFAULTS.maxAttempts;
      const key = enqueueOptions.singletonKey ?? null;
      const json = JSON.stringify(payload ?? null);
      for (let round = 0; round < 3; round += 1) {
        const inserted = await rows(sql`
          insert into jobs (id, name, payload, run_at, status, max_attempts, singleton_key)
          values (${randomUUID()}, ${name}, ${json}::jsonb, ${iso(runAt)}::timestamptz, 'pending', ${maxAttempts},
                  ${key})
          on conflict (singleton_key) where status in ('pending', 'running') do nothing
          returning id`);
        if (inserted[0]) {
          const delayMs = runAt.getTime() - clock().getTime();
          if (delayMs <= 0) {
            wake();
          } else if (delayMs < MAX_DUE_WAKE_MS) {
            // A delayed job enqueued here (a poll a second later, a retry after a Retry-After) runs at its time,
            // not up to a whole poll interval after it. Other instances find it at their next poll. A few ms past
            // the run time: a timer may fire a millisecond early, and the claim compares run_at ≤ now.
            const dueTimer = setTimeout(() => {
              dueTimers.delete(dueTimer);
              wake();
            }, delayMs + 5);
            dueTimer.unref?.();
            dueTimers.add(dueTimer);
          }
          return inserted[0].id;
        }
        const existing = await rows(sql`
          select id from jobs where singleton_key = ${key} and status in ('pending', 'running') limit 1`);
        if (existing[0]) {
          return existing[0].id;
        }
        // The holder finished between the two statements: the key is free again, insert once more.
      }
      throw new Error(`could not enqueue ${name} with singleton key ${key}`);
    },

    every(name, schedule) {
      periodStart(schedule, clock()); // validates the schedule now rather than at the first poll
      schedules.set(name, schedule);
    },

    async get(id) {
      const found = await rows(sql`select * from jobs where id = ${id}`);
      return found[0] ? toRecord(found[0]) : undefined;
    },

    start() {
      if (started) {
        return;
      }
      started = true;
      schedulePoll();
    },

    async stop() {
      started = false;
      clearTimeout(timer);
      for (const dueTimer of dueTimers) {
        clearTimeout(dueTimer);
      }
      dueTimers.clear();
      await polling;
      const waiting = Promise.allSettled([...running]);
      const grace = new Promise<'timeout'>((resolve) => {
        const graceTimer = setTimeout(() => resolve('timeout'), stopGraceMs);
        graceTimer.unref?.();
        void waiting.then(() => clearTimeout(graceTimer));
      });
      if ((await Promise.race([waiting.then(() => 'done' as const), grace])) === 'timeout') {
        for (const controller of controllers) {
          controller.abort(new Error('arrêt du serveur'));
        }
        await waiting;
      }
    },

    async runDue(now) {
      const at = now ?? clock();
      const result: RunDueResult = { completed: 0, retried: 0, failed: 0 };
      for (;;) {
        const runs = await dispatch(at);
        if (runs.length === 0) {
          if (running.size === 0) {
            return result;
          }
          // Runs started by the poller or an earlier round still hold slots: wait for one, then look again.
          await Promise.race([...running]);
          continue;
        }
        for (const outcome of await Promise.all(runs)) {
          if (outcome !== 'lost') {
            result[outcome] += 1;
          }
        }
      }
    },
  };
}
