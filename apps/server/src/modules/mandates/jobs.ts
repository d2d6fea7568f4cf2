import type { JobQueue } from '../../adapters/jobs/index.ts';
import { OPERATOR_JOBS, type OperatorJobPayload } from './operator.ts';
import type { MandatesService } from './service.ts';

/** The mandates' daily jobs (ADR 0031): expiry at 00:15, reminders at 09:00, purge at 03:30 (Paris). */
export function registerMandateJobs(jobs: JobQueue, mandates: MandatesService): void {
  jobs.register('mandates.expire', async ({ now }) => {
    await mandates.markExpired(now);
  });
  jobs.register('mandates.remind', async ({ now }) => {
    await mandates.sendExpiryReminders(now);
  });
  jobs.register('mandates.purge', async ({ now }) => {
    await mandates.purge(now);
  });
  // GRDF access rights and data (ADR 0072): retried by the queue on GRDF's retryable failures (30 s, 1 min, 2 min…).
  const operatorOptions = { maxAttempts: 8, timeoutMs: 10 * 60_000 };
  jobs.register<OperatorJobPayload>(
    OPERATOR_JOBS.declare,
    ({ payload, now, signal }) => mandates.operator.declare(payload.mandateId, now, signal),
    operatorOptions,
  );
  jobs.register<OperatorJobPayload>(
    OPERATOR_JOBS.poll,
    ({ payload, now, signal }) => mandates.operator.poll(payload.mandateId, payload.round ?? 0, now, signal),
    operatorOptions,
  );
  jobs.register<OperatorJobPayload>(
    OPERATOR_JOBS.sync,
    ({ payload, now, signal }) => mandates.operator.sync(payload.mandateId, now, signal),
    operatorOptions,
  );
  jobs.register<OperatorJobPayload>(
    OPERATOR_JOBS.end,
    ({ payload, now, signal }) => mandates.operator.end(payload.mandateId, now, signal),
    operatorOptions,
  );
  jobs.register(OPERATOR_JOBS.daily, async ({ now }) => {
    await mandates.operator.syncAll(now);
  });
  jobs.every(OPERATOR_JOBS.daily, { dailyAt: '06:00' });
  jobs.every('mandates.expire', { dailyAt: '00:15' });
  jobs.every('mandates.remind', { dailyAt: '09:00' });
  jobs.every('mandates.purge', { dailyAt: '03:30' });
}
