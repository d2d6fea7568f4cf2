import { type MandatePceData, type MandatePceDataList, OPERATOR_DEMO_DATA_LABEL } from '@pilote/contracts';
import {
  type AccessRight,
  type ContractualData,
  OperatorDataError,
  type TechnicalData,
} from '../../adapters/operator-data/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireUser } from '../../lib/actor.ts';
import { aad, type MandateContext } from './context.ts';
import { decryptBytes } from './crypto.ts';
import { addDays, parisDay } from './dates.ts';
import { frenchDay } from './mandate-text.ts';
import type { MandateRow } from './repository.ts';

/** The operator jobs' names (registered in jobs.ts). */
export const OPERATOR_JOBS = {
  declare: 'mandates.operator.declare',
  poll: 'mandates.operator.poll',
  sync: 'mandates.operator.sync',
  daily: 'mandates.operator.daily',
  end: 'mandates.operator.end',
} as const;

export interface OperatorJobPayload {
  mandateId: string;
  /** Poll: how many polls came before (the delay doubles, up to an hour). */
  round?: number;
}

/** How far back the backfill reads (issue #26 §3: as far as the API gives, up to 3 years). */
const BACKFILL_YEARS = 3;
/** The daily sync reads again the last days, so that a correction published since replaces its day. */
const REREAD_DAYS = 7;
const MAX_POLL_DELAY_MS = 3_600_000;

const sourceLabel = (demo: boolean) => (demo ? OPERATOR_DEMO_DATA_LABEL : 'Données GRDF');

/** Days to a date `YYYY-MM-DD` `years` years before (29 February → 28th). */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) {
    date.setUTCDate(0);
  }
  return date.toISOString().slice(0, 10);
}

const kwhToMwh = (kwh: number | null) => (kwh === null ? null : Math.round(kwh) / 1000);

/**
 * The operator side of GRDF mandates (issue #26, ADR 0072), as jobs on the queue: declare the access right
 * (consent period, categories, proof), poll its state until GRDF answers (the mandate turns active or rejected,
 * the customer told as by staff), backfill then sync the data daily, end the right on revocation or expiry. Every
 * job is idempotent: a rerun after a crash or an error neither duplicates nor loses anything.
 */
export function createMandateOperator(context: MandateContext) {
  const { deps, repository, operatorRepository, decryptRow, mailCustomer } = context;
  const adapter = deps.operatorData ?? null;
  // The demonstration source answers after a few seconds (OPERATOR_DATA_DEMO_DELAY_SECONDS); GRDF in hours or days.
  const pollBaseMs = deps.operatorPollMs ?? (adapter?.kind === 'demo' ? 1_000 : 5_000);

  async function enqueue(name: string, payload: OperatorJobPayload, runAt?: Date, singletonKey?: string) {
    if (!deps.jobs) {
      return;
    }
    await deps.jobs.enqueue(name, payload, {
      ...(runAt ? { runAt } : {}),
      ...(singletonKey ? { singletonKey } : {}),
    });
  }

  /** A GRDF gas mandate goes through the adapter when one is configured (OPERATOR_DATA); others keep the mail. */
  function throughAdapter(row: MandateRow): boolean {
    return adapter !== null && row.manager === 'grdf' && row.energyType === 'gas';
  }

  /** A failure the queue retries (the error is shown as the sync status meanwhile); others are final. */
  function isRetryable(error: unknown): error is OperatorDataError {
    return error instanceof OperatorDataError && error.retryable;
  }

  /** The mandate turns active (right readable) or rejected (refused…); the customer is told as by staff. */
  async function applyRight(row: MandateRow, right: AccessRight, now: Date, round: number): Promise<void> {
    await operatorRepository.update(
      row.id,
      {
        accessRightId: right.id,
        accessState: right.state,
        proofStatus: right.proofStatus,
        reason: right.reason,
        operatorReason: right.operatorReason,
      },
      now,
    );
    const proofFailed = right.proofStatus === 'invalid';
    if (right.state === 'refused' || right.state === 'revoked' || right.state === 'obsolete' || proofFailed) {
      const reason = right.reason ?? 'Le droit d’accès a été refusé par GRDF.';
      await operatorRepository.update(row.id, { syncStatus: 'stopped', reason }, now);
      const rejected = await repository.transition(row.id, ['sent'], {
        status: 'rejected',
        rejectedAt: now,
        rejectionReason: reason,
      });
      if (rejected) {
        await mailCustomer(
          rejected,
          'Votre mandat a été rejeté',
          `Le gestionnaire de réseau a rejeté votre mandat. Motif : ${reason}`,
        );
      }
      return;
    }
    if (right.state === 'active' && right.readable) {
      const activated = await repository.transition(row.id, ['sent'], { status: 'active', activatedAt: now });
      if (activated) {
        await mailCustomer(
          activated,
          'Votre mandat est actif',
          `Le gestionnaire de réseau a accepté votre mandat. Il est actif jusqu’au ${frenchDay(activated.expiryDate)}.`,
        );
      }
      if (activated || row.status === 'active') {
        await enqueue(OPERATOR_JOBS.sync, { mandateId: row.id }, undefined, `operator-sync:${row.id}`);
      }
      return;
    }
    // Pending, proof being checked, to recheck: ask again later (1 s demo / 5 s, doubling, up to an hour) — counted
    // from now, after GRDF's answer, not from the job's start: the demonstration's 1 s is then over at the first poll.
    const delay = Math.min(pollBaseMs * 2 ** round, MAX_POLL_DELAY_MS);
    const after = Math.max(now.getTime(), deps.now().getTime());
    await enqueue(OPERATOR_JOBS.poll, { mandateId: row.id, round: round + 1 }, new Date(after + delay));
  }

  /** Records a failed call on the mandate (French message for the card and staff), then lets the queue retry. */
  async function failed(row: MandateRow, error: unknown, now: Date, final: (message: string) => Promise<void>) {
    if (error instanceof OperatorDataError && error.kind === 'rate_limited' && error.retryAfterSeconds !== null) {
      return 'later' as const;
    }
    const message = error instanceof OperatorDataError ? error.message : 'Erreur inattendue lors de l’appel à GRDF.';
    await operatorRepository.update(row.id, { syncStatus: 'error', syncError: message }, now);
    if (isRetryable(error)) {
      throw error;
    }
    await final(message);
    return 'final' as const;
  }

  async function loaded(mandateId: string) {
    const row = await repository.findById(mandateId);
    const access = row ? await operatorRepository.access(mandateId) : undefined;
    return row && access ? { row, access } : null;
  }

  return {
    throughAdapter,

    /** send(): the mandate is `sent`; the declaration runs as a job. */
    async startDeclaration(row: MandateRow): Promise<void> {
      if (!adapter) {
        return;
      }
      await operatorRepository.start(row.id, adapter.kind, deps.now());
      await enqueue(OPERATOR_JOBS.declare, { mandateId: row.id }, undefined, `operator-declare:${row.id}`);
    },

    /** Declares the right with the consent, its categories and its proof (the sealed mandate PDF). */
    async declare(mandateId: string, now: Date, signal?: AbortSignal): Promise<void> {
      const found = await loaded(mandateId);
      if (!adapter || !found || found.row.status !== 'sent') {
        return;
      }
      const { row, access } = found;
      if (access.accessRightId !== null) {
        // Declared before a crash: follow it.
        await enqueue(OPERATOR_JOBS.poll, { mandateId, round: 0 }, now);
        return;
      }
      const plain = await decryptRow(row);
      const customer = await repository.customerOf(row.userId);
      const stored = await repository.document(row.id);
      const { keyring } = await deps.secrets();
      const consentStart = parisDay(row.sentDate ?? row.createdAt);
      try {
        const right = await adapter.declareAccess(
          {
            pce: plain.deliveryPointNumber ?? '',
            postalCode: plain.postalCode ?? '',
            holder: {
              companyName: null,
              name: customer?.name ?? null,
              email: customer?.email ?? '',
              mobilePhone: null,
            },
            consent: { start: consentStart, end: row.expiryDate },
            consumptionPeriod: { start: yearsBefore(consentStart, BACKFILL_YEARS), end: row.expiryDate },
            categories: {
              publishedConsumption: row.authorizedConsumptionData,
              informativeConsumption: row.authorizedConsumptionData,
              contractual: row.authorizedContractualData,
              technical: row.authorizedTechnicalData,
            },
            reference: row.id,
            proof: stored
              ? {
                  filename: `${context.filenameOf(row)}.pdf`,
                  contentType: 'application/pdf',
                  content: decryptBytes(keyring, aad(row.id, 'pdf'), stored),
                }
              : null,
          },
          signal ? { signal } : {},
        );
        await operatorRepository.update(mandateId, { syncStatus: 'idle', syncError: null }, now);
        await applyRight(row, right, now, 0);
      } catch (error) {
        const outcome = await failed(row, error, now, async (message) => {
          await applyRight(
            row,
            {
              id: '',
              pce: plain.deliveryPointNumber ?? '',
              state: 'refused',
              proofStatus: null,
              reason: message,
              operatorReason: error instanceof OperatorDataError ? error.operatorMessage : null,
              consent: { start: null, end: null },
              categories: {
                publishedConsumption: false,
                informativeConsumption: false,
                contractual: false,
                technical: false,
              },
              readable: false,
              demo: adapter.kind === 'demo',
            },
            now,
            0,
          );
        });
        if (outcome === 'later' && error instanceof OperatorDataError) {
          await enqueue(
            OPERATOR_JOBS.declare,
            { mandateId },
            new Date(now.getTime() + (error.retryAfterSeconds ?? 60) * 1000),
          );
        }
      }
    },

    /** Follows the declared right until GRDF answers. */
    async poll(mandateId: string, round: number, now: Date, signal?: AbortSignal): Promise<void> {
      const found = await loaded(mandateId);
      if (!adapter || !found || found.access.accessRightId === null || found.row.status !== 'sent') {
        return;
      }
      const { row, access } = found;
      const plain = await decryptRow(row);
      try {
        const right = await adapter.getAccessRight(
          access.accessRightId ?? '',
          plain.deliveryPointNumber ?? '',
          signal ? { signal } : {},
        );
        await applyRight(row, right, now, round);
      } catch (error) {
        if (error instanceof OperatorDataError && error.kind === 'rate_limited') {
          await enqueue(
            OPERATOR_JOBS.poll,
            { mandateId, round },
            new Date(now.getTime() + (error.retryAfterSeconds ?? 60) * 1000),
          );
          return;
        }
        await failed(row, error, now, async () => {});
      }
    },

    /**
     * Backfill (first run) then the days since the last stored one (and the last week again: corrections), with
     * the contractual and technical data. Each page is stored in its own transaction: an error keeps what was
     * stored, the next run starts after it, and a day read twice is replaced, never added.
     */
    async sync(mandateId: string, now: Date, signal?: AbortSignal): Promise<void> {
      const found = await loaded(mandateId);
      if (!adapter || !found) {
        return;
      }
      const { row, access } = found;
      if (row.status !== 'active' || access.accessState !== 'active' || row.userId === null || row.purgedAt) {
        return;
      }
      const plain = await decryptRow(row);
      const pce = plain.deliveryPointNumber ?? '';
      const options = signal ? { signal } : {};
      await operatorRepository.update(mandateId, { syncStatus: 'syncing' }, now);
      try {
        const changes: { contractual?: ContractualData; technical?: TechnicalData } = {};
        if (row.authorizedContractualData) {
          changes.contractual = await adapter.readContractualData(pce, options);
        }
        if (row.authorizedTechnicalData) {
          changes.technical = await adapter.readTechnicalData(pce, options);
          // The address stays with the mandate (encrypted), not here.
          changes.technical = {
            ...changes.technical,
            address: { street: null, complement: null, postalCode: null, city: null },
          };
        }
        if (Object.keys(changes).length > 0) {
          await operatorRepository.update(mandateId, changes, now);
        }
        if (row.authorizedConsumptionData) {
          const yesterday = addDays(parisDay(now), -1);
          // The last PUBLISHED day: informative days stored beyond it are read again as published when they are.
          const last = await operatorRepository.lastDay(mandateId, true);
          const earliest = addDays(yearsBefore(yesterday, BACKFILL_YEARS), 1);
          const from = last === null ? earliest : ([addDays(last, -REREAD_DAYS), earliest].sort()[1] as string);
          const organisationId = await operatorRepository.organisationOf({
            organisationId: row.organisationId,
            userId: row.userId,
          });
          if (from <= yesterday && organisationId) {
            const series = {
              mandateId,
              userId: row.userId,
              organisationId,
              pce,
              source: adapter.kind,
              label: `${sourceLabel(adapter.kind === 'demo')} — PCE ${pce}`,
            };
            for await (const page of adapter.readPublishedConsumption(pce, { from, to: yesterday, ...options })) {
              await operatorRepository.storeDays(series, page.days, now);
            }
            // Informative consumption (ADR 0076): the days after the last published one, not yet published; stored
            // as `informative`, they never replace a published day, and the published day replaces them later.
            const published = await operatorRepository.lastDay(mandateId, true);
            const informativeFrom = published === null ? from : addDays(published, 1);
            if (informativeFrom <= yesterday) {
              const range = { from: informativeFrom, to: yesterday, ...options };
              for await (const page of adapter.readInformativeConsumption(pce, range)) {
                await operatorRepository.storeDays(series, page.days, now, 'informative');
              }
            }
          }
        }
        await operatorRepository.update(mandateId, { syncStatus: 'ok', syncError: null, lastSyncAt: now }, now);
      } catch (error) {
        await failed(row, error, now, async (message) => {
          if (error instanceof OperatorDataError && (error.kind === 'access' || error.kind === 'not_found')) {
            // The right is gone at GRDF: this PCE's jobs stop (the daily job skips it).
            await operatorRepository.update(
              mandateId,
              { accessState: 'revoked', syncStatus: 'stopped', reason: message },
              now,
            );
          }
        });
      }
    },

    /** The daily job: one sync per mandate whose right is active. */
    async syncAll(now: Date): Promise<number> {
      const ids = await operatorRepository.syncable();
      for (const mandateId of ids) {
        await enqueue(OPERATOR_JOBS.sync, { mandateId }, now, `operator-sync:${mandateId}`);
      }
      return ids.length;
    },

    /** Revocation or expiry: ends the right at GRDF (as a job). */
    async startEnd(mandateId: string): Promise<void> {
      const access = await operatorRepository.access(mandateId);
      if (!access || access.accessState === 'ended') {
        return;
      }
      await operatorRepository.update(mandateId, { syncStatus: 'stopped' }, deps.now());
      await enqueue(OPERATOR_JOBS.end, { mandateId }, undefined, `operator-end:${mandateId}`);
    },

    async end(mandateId: string, now: Date, signal?: AbortSignal): Promise<void> {
      const access = await operatorRepository.access(mandateId);
      if (!adapter || !access || access.accessState === 'ended') {
        return;
      }
      if (access.accessRightId) {
        await adapter.endAccess(access.accessRightId, signal ? { signal } : {});
      }
      await operatorRepository.update(mandateId, { accessState: 'ended', syncStatus: 'stopped' }, now);
    },

    /** « Utiliser les données du PCE … »: the active organisation's active mandates with fetched data (ADR 0066). */
    async pceData(actor: Actor | null): Promise<MandatePceDataList> {
      const { organisationId } = await deps.access.scope(requireUser(actor));
      const page = await repository.listOf(organisationId, { page: 1, pageSize: 100, is_active: true });
      const ids = page.items.map((row) => row.id);
      const [accesses, stats] = await Promise.all([
        operatorRepository.accessOf(ids),
        operatorRepository.seriesStats(ids),
      ]);
      const items: MandatePceData[] = [];
      for (const row of page.items) {
        const access = accesses.get(row.id);
        if (!access || (access.contractual === null && !stats.has(row.id))) {
          continue;
        }
        const plain = await decryptRow(row);
        const contractual = access.contractual as ContractualData | null;
        const technical = access.technical as TechnicalData | null;
        const series = stats.get(row.id);
        const demo = access.source === 'demo';
        items.push({
          mandate_id: row.id,
          pce: plain.deliveryPointNumber ?? '',
          demo,
          source_label: sourceLabel(demo),
          dataset_id: series?.datasetId ?? null,
          period_start: series?.start ?? null,
          period_end: series?.end ?? null,
          days: series?.days ?? 0,
          last_sync_at: access.lastSyncAt?.toISOString() ?? null,
          car_mwh: kwhToMwh(contractual?.carKwh ?? null),
          cja_mwh_per_day: kwhToMwh(contractual?.cjaKwhPerDay ?? null),
          option: contractual?.option ?? null,
          profil: contractual?.profil ?? null,
          pitd: technical?.pitd ? { code: technical.pitd.code, label: technical.pitd.label } : null,
        });
      }
      return { items };
    },
  };
}

export type MandateOperator = ReturnType<typeof createMandateOperator>;
