import { MANDATE_LIMITS } from '@pilote/contracts';
import type { MandateContext } from './context.ts';
import { addDays, daysBetween, parisDay } from './dates.ts';
import { frenchDay } from './mandate-text.ts';
import { createMandateOperator } from './operator.ts';

/** The lifecycle jobs (ADR 0031; run by the job queue, testable with any `now`): expiry, reminders, purge. */
export function createMandateLifecycle(context: MandateContext) {
  const { deps, repository, operatorRepository, mailCustomer } = context;
  const operator = createMandateOperator(context);

  return {
    /** active → expired once the last valid day is past (Europe/Paris). */
    async markExpired(now: Date): Promise<number> {
      const expired = await repository.expireDue(parisDay(now), now);
      for (const row of expired) {
        await operator.startEnd(row.id);
        await mailCustomer(
          row,
          'Votre mandat a expiré',
          `Votre mandat est arrivé à échéance le ${frenchDay(row.expiryDate)}. Vous pouvez en créer un nouveau depuis votre espace.`,
        );
      }
      return expired.length;
    },

    /** One reminder 30 days before expiry and one 7 days before, each at most once per mandate. */
    async sendExpiryReminders(now: Date): Promise<number> {
      const today = parisDay(now);
      let sent = 0;
      for (const which of [7, 30] as const) {
        const claimed = await repository.claimReminders(which, addDays(today, which), now);
        for (const row of claimed) {
          const days = daysBetween(today, row.expiryDate);
          try {
            await mailCustomer(
              row,
              `Votre mandat expire dans ${days} jour${days > 1 ? 's' : ''}`,
              `Votre mandat d’accès aux données expire le ${frenchDay(row.expiryDate)}. Pensez à le renouveler pour continuer à recevoir vos données.`,
            );
            sent += 1;
          } catch (error) {
            await repository.releaseReminder(which, row.id);
            throw error;
          }
        }
      }
      return sent;
    },

    /** Personal data of mandates revoked 30 days ago; proof records 5 years after the mandate ended. */
    async purge(now: Date): Promise<{ purged: number; deleted: number }> {
      const purged = await repository.purgeRevoked(
        new Date(now.getTime() - MANDATE_LIMITS.deletionDays * 86_400_000),
        now,
      );
      // The data fetched from GRDF (series, contractual and technical data) of mandates revoked or expired 30 days ago.
      const fetched = await operatorRepository.purgeFetched(
        new Date(now.getTime() - MANDATE_LIMITS.deletionDays * 86_400_000),
        now,
      );
      if (fetched > 0) {
        deps.logger.info({ fetched }, 'mandates: fetched operator data purged');
      }
      const fiveYearsAgo = new Date(now);
      fiveYearsAgo.setUTCFullYear(fiveYearsAgo.getUTCFullYear() - MANDATE_LIMITS.recordRetentionYears);
      const deleted = await repository.deleteEndedBefore(fiveYearsAgo);
      if (purged + deleted > 0) {
        deps.logger.info({ purged, deleted }, 'mandates purged');
      }
      return { purged, deleted };
    },
  };
}
