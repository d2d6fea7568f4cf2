import type { JobQueue } from '../../adapters/jobs/index.ts';
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
  jobs.every('mandates.expire', { dailyAt: '00:15' });
  jobs.every('mandates.remind', { dailyAt: '09:00' });
  jobs.every('mandates.purge', { dailyAt: '03:30' });
}
