import { AUDIT_MESSAGES, type NormalisedInvoiceDto, normalisedInvoiceSchema } from '@pilote/contracts';
import type { ReadResult } from '@pilote/invoices';
import { type AuditReferenceData, type NormalisedInvoice, normaliseTso } from '@pilote/tariffs';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audits } from '../../db/schema.ts';
import { runWorkerTask, type WorkerTaskError } from '../../workers/pool.ts';
import type { ReferenceData } from '../reference-data/source.ts';
import type { AuditOutcome, AuditRunner, ClaimLetterRenderer } from './service.ts';
import { auditTasks } from './tasks.ts';

/** Limits of one file's reading and checking (ADR 0034; defaults in tasks.ts): tests shorten them. */
export interface AuditLimits {
  timeoutMs?: number;
  heapMb?: number;
  /** Growth of the process's resident memory while a file is read (ADR 0045). */
  memoryMb?: number;
}

/** The French message of a worker that did not answer. */
export function workerFailureMessage(error: WorkerTaskError): string {
  if (error.kind === 'timeout') {
    return AUDIT_MESSAGES.timeout;
  }
  if (error.kind === 'memory' || error.kind === 'busy') {
    return AUDIT_MESSAGES.memory;
  }
  return AUDIT_MESSAGES.crashed;
}

/**
 * Reads the file, then checks the invoice, each in a fresh worker thread with the time and heap limits: a file
 * that makes the reader loop or swell is cut off and the audit fails with a French message, the server goes on.
 * Between the two, the point's reference row and the user's other audited periods are read from the database.
 */
export function createAuditRunner(deps: {
  db: Database;
  referenceData: ReferenceData;
  limits?: AuditLimits;
  onWorkerFailure?: (error: WorkerTaskError, auditId: string) => void;
}): AuditRunner {
  const limits = deps.limits ?? {};

  async function pointReference(invoice: NormalisedInvoice): Promise<AuditReferenceData['point']> {
    const code = invoice.point.code;
    if (!code) {
      return null;
    }
    const kind = invoice.point.pointDeReseau;
    const table =
      kind === 'PITD'
        ? await deps.referenceData.pitd()
        : await deps.referenceData.transportPoints(kind === 'LI' ? 'li' : 'pic');
    const [row] = await table.rowsOf(code);
    const tso = row ? normaliseTso(row.tso) : undefined;
    if (!row || !tso) {
      return null;
    }
    return {
      pointDeReseau: kind,
      code,
      ntr: row.ntr,
      tso,
      isSample: table.info.isSample || table.info.origin === 'package',
    };
  }

  async function otherPeriods(userId: string, auditId: string, invoice: NormalisedInvoice) {
    const rows = await deps.db
      .select({ invoice: audits.invoice })
      .from(audits)
      .where(and(eq(audits.userId, userId), eq(audits.status, 'done'), ne(audits.id, auditId)));
    return (
      rows
        // Stored JSON is parsed with the contract's schema on read: a row written by an older reader that no
        // longer fits it is left out of the comparison rather than trusted.
        .map((row) => normalisedInvoiceSchema.safeParse(row.invoice).data ?? null)
        .filter(
          (other): other is NormalisedInvoiceDto =>
            other !== null &&
            other.point.pointDeReseau === invoice.point.pointDeReseau &&
            other.point.code === invoice.point.code &&
            other.point.pce === invoice.point.pce,
        )
        .map((other) => ({ invoiceNumber: other.invoiceNumber, period: other.period }))
    );
  }

  return {
    async run({ bytes, fileName, userId, auditId }, signal?: AbortSignal): Promise<AuditOutcome> {
      const owner = userId;
      const read = await runWorkerTask(auditTasks.read, { bytes, fileName }, { ...limits, owner, signal });
      if (!read.ok) {
        deps.onWorkerFailure?.(read.error, auditId);
        return { ok: false, message: workerFailureMessage(read.error), found: [] };
      }
      const result: ReadResult = read.value;
      if (!result.ok) {
        return { ok: false, message: result.refusal.message, found: [...result.refusal.found], readRefused: true };
      }
      const invoice = result.invoice;
      const reference: AuditReferenceData = {
        point: await pointReference(invoice),
        otherPeriods: await otherPeriods(userId, auditId, invoice),
      };
      const checked = await runWorkerTask(
        auditTasks.check,
        { invoice, reference },
        { ...limits, memoryMb: undefined, owner, signal },
      );
      if (!checked.ok) {
        deps.onWorkerFailure?.(checked.error, auditId);
        return { ok: false, message: workerFailureMessage(checked.error), found: [] };
      }
      return {
        ok: true,
        invoice,
        report: checked.value,
        warnings: [...result.warnings],
      };
    },
  };
}

/** The claim letter, rendered in a worker thread (never on the request's event loop). */
export function createClaimLetterRenderer(limits: AuditLimits = {}): ClaimLetterRenderer {
  return {
    async render(letter, generatedAt, owner = 'system') {
      const result = await runWorkerTask(
        auditTasks.claimLetter,
        { letter, generatedAt: generatedAt.toISOString() },
        { ...limits, memoryMb: undefined, owner },
      );
      if (!result.ok) {
        throw new Error(`claim letter render failed (${result.error.kind}): ${result.error.message}`);
      }
      return result.value;
    },
  };
}
