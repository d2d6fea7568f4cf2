/**
 * One file, several invoices (issue #25 §4, ADR 0086): a supplier portal's export of several PCE-months (or several
 * invoice numbers) becomes one audit per invoice, all on the same stored file. The first audit of the file becomes
 * its first part and is queued again with the unit its start took; an audit is created for each other part and
 * started with a unit of its own — one refused for quota stays « Non lancé », launched from its page once a unit is
 * free. Each then reads only its part (`readInvoice(…, { part })`) in the worker pool, as any audit does.
 */
import { randomUUID } from 'node:crypto';
import { type AuditFileInvoice, type AuditPart, auditPartSchema } from '@pilote/contracts';
import type { InvoicePart } from '@pilote/invoices';
import type { JobQueue } from '../../adapters/jobs/index.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Quota } from '../plans/quota.ts';
import {
  type AuditRecord,
  findAuditsOfFile,
  findSitesOfAudits,
  insertSiblingAudits,
  transitionAudit,
} from './repository.ts';

/** A part started by someone else between the list and the transition: its unit is given back by `quota.run`. */
class SiblingStarted extends Error {}

/** What the runner answers for a file of several invoices read without a part. */
export interface AuditSplit {
  ok: 'parts';
  parts: InvoicePart[];
}

/** The stored part of an audit (null: a file of one invoice, or not split yet). */
export function partOf(row: Pick<AuditRecord, 'part'>): AuditPart | null {
  return row.part ? (auditPartSchema.safeParse(row.part).data ?? null) : null;
}

/** The part as the reader takes it back. */
export function readerPart(part: AuditPart): InvoicePart {
  return { pce: part.pce, month: part.month, ...(part.invoiceNumber ? { invoiceNumber: part.invoiceNumber } : {}) };
}

/**
 * Splits the audit `row` (running, its file read as several invoices) into one audit per part. Idempotent: a job run
 * again creates no audit twice (one per file and place, unique index) and starts only the parts still not launched.
 */
export async function splitAudit(
  deps: {
    db: Database;
    quota: Pick<Quota, 'run'>;
    jobs: Pick<JobQueue, 'enqueue'>;
    job: string;
    log?: { warn(details: object, message: string): void } | undefined;
  },
  row: AuditRecord,
  parts: readonly InvoicePart[],
  /** The running job's payload: what it carries besides the id (where its unit was counted) goes on with part 0. */
  payload: { auditId: string } & Record<string, unknown> = { auditId: row.id },
): Promise<void> {
  const { db, quota, jobs, job, log } = deps;
  const count = parts.length;
  const stored = (part: InvoicePart, index: number): AuditPart => ({
    pce: part.pce,
    month: part.month,
    invoiceNumber: part.invoiceNumber ?? null,
    index,
    count,
    // A PDF's invoice: the page the review step draws (ADR 0090).
    ...(part.firstPage ? { firstPage: part.firstPage } : {}),
  });
  await insertSiblingAudits(
    db,
    parts.slice(1).map((part, i) => ({
      id: randomUUID(),
      userId: row.userId,
      organisationId: row.organisationId,
      fileName: row.fileName,
      declaredMime: row.declaredMime,
      format: row.format,
      sizeBytes: row.sizeBytes,
      storageUri: row.storageUri,
      part: stored(part, i + 1),
      status: 'uploaded',
      // The file's time: its invoices stay together, in the file's order, in the list (newest first).
      createdAt: row.createdAt,
    })),
  );
  const first = parts[0];
  // This audit is the first invoice: queued again, with the unit its start took.
  if (
    first &&
    (await transitionAudit(db, row.id, ['running'], 'queued', { part: stored(first, 0), startedAt: null }))
  ) {
    await jobs.enqueue(job, { ...payload, auditId: row.id });
  }
  for (const sibling of await findAuditsOfFile(db, row.storageUri, row.organisationId)) {
    if (sibling.id === row.id || sibling.status !== 'uploaded') {
      continue;
    }
    try {
      // `counted`: where the unit was taken, carried by the job for a later give-back (ADR 0078).
      // Counted on the file's organisation, whichever the uploader has switched to since (ADR 0078, 0086).
      await quota.run(
        row.userId,
        'invoice_audits',
        async (counted) => {
          if (!(await transitionAudit(db, sibling.id, ['uploaded'], 'queued'))) {
            // Launched meanwhile (by the user): the unit is not taken twice.
            throw new SiblingStarted();
          }
          await jobs.enqueue(job, { auditId: sibling.id, counted });
        },
        row.organisationId,
      );
    } catch (error) {
      // No unit free: this invoice waits, « Non lancé », for the user to launch it (issue #25 §8). Any other failure
      // leaves it « Non lancé » too, logged: re-thrown, the job's retry would queue the first invoice a second time.
      if (!(error instanceof SiblingStarted || (error instanceof AppError && error.code === 'QUOTA_EXCEEDED'))) {
        log?.warn({ err: error, auditId: sibling.id }, 'invoice of a split file left not launched');
      }
    }
  }
}

/** Every invoice of the audit's file, in the file's order, with its site; empty for a file of one invoice. */
export async function invoicesInFile(
  db: Database,
  row: AuditRecord,
  summarise: (row: AuditRecord) => Pick<AuditFileInvoice, 'anomalies' | 'recoverableEuros'>,
): Promise<AuditFileInvoice[]> {
  if (!partOf(row)) {
    return [];
  }
  const rows = (await findAuditsOfFile(db, row.storageUri, row.organisationId)).flatMap((audit) => {
    const part = partOf(audit);
    return part ? [{ audit, part }] : [];
  });
  const sites = await findSitesOfAudits(
    db,
    row.organisationId,
    rows.flatMap(({ audit }) => (audit.siteId ? [audit.siteId] : [])),
    rows.map(({ part }) => part.pce),
  );
  return rows.map(({ audit, part }) => {
    const site = sites.find((s) => s.id === audit.siteId) ?? sites.find((s) => s.pce === part.pce) ?? null;
    const { anomalies, recoverableEuros } = summarise(audit);
    return {
      id: audit.id,
      part,
      status: audit.status as AuditFileInvoice['status'],
      anomalies,
      recoverableEuros,
      site: site ? { id: site.id, name: site.name } : null,
    };
  });
}
