import { AUDIT_MESSAGES, type NormalisedInvoiceDto, normalisedInvoiceSchema } from '@pilote/contracts';
import type { ReadResult } from '@pilote/invoices';
import {
  type AuditPointReference,
  type AuditReferenceData,
  type NormalisedInvoice,
  normaliseTso,
  type Tso,
} from '@pilote/tariffs';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audits } from '../../db/schema.ts';
import { runWorkerTask, type WorkerTaskError } from '../../workers/pool.ts';
import type { ReferenceData } from '../reference-data/source.ts';
import { ocrFiguresConfirmed, ocrLowConfidence, withOcrMessages } from './ocr-review.ts';
import type { AuditSplit } from './parts.ts';
import {
  applyReview,
  type CommuneNtr,
  ntrValuesOf,
  reviewFieldsOf,
  suggestionsFor,
  yearlyConsumptionMwh,
} from './review.ts';
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

  /** The PITD rows of the site's commune (issue #25 §7): the NTR candidates when the invoice prints no PITD code. */
  async function communeRows(insee: string | null, name: string | null): Promise<CommuneNtr | null> {
    if (!insee) {
      return null;
    }
    const table = await deps.referenceData.pitd();
    return { commune: name ?? insee, rows: await table.rowsOfCommune(insee) };
  }

  /** The PITD rows of the commune printed on the invoice (ADR 0081): it goes before the site's. */
  async function printedCommuneRows(name: string): Promise<CommuneNtr> {
    const table = await deps.referenceData.pitd();
    return { commune: name, rows: await table.rowsOfCommuneName(name), printed: true };
  }

  /** The NTR of a PITD code in the PITD table (the PITD of a mandate's GRDF data, ADR 0076); null: unknown or several. */
  async function ntrOfPitd(code: string): Promise<number | null> {
    const rows = await (await deps.referenceData.pitd()).rowsOf(code);
    const values = ntrValuesOf(rows);
    return values.length === 1 && !rows.some((row) => (row.ntrChoices?.length ?? 0) > 1) ? (values[0] ?? null) : null;
  }

  /**
   * The point of an invoice without a PITD code, from the commune's PITD rows when they give one NTR, or from the NTR
   * the user confirmed. The TSO is the rows' when they agree, else the invoice's; without one the point stays unknown
   * (the NTR check then says why it did not run).
   */
  function communePoint(invoice: NormalisedInvoice, commune: CommuneNtr | null, ntr: number | undefined) {
    const values = commune ? ntrValuesOf(commune.rows) : [];
    const chosen = ntr ?? (values.length === 1 ? values[0] : undefined);
    if (chosen === undefined) {
      return null;
    }
    const rows = commune?.rows.filter((row) => row.ntr === chosen) ?? [];
    const tsos = [...new Set(rows.map((row) => normaliseTso(row.tso)))];
    const tso: Tso | null | undefined = tsos.length === 1 ? tsos[0] : invoice.tso;
    if (!tso) {
      return null;
    }
    const point: AuditPointReference = {
      pointDeReseau: 'PITD',
      code: rows.length > 0 ? rows.map((row) => row.codePitd).join(', ') : 'NTR confirmé par l’utilisateur',
      ntr: chosen,
      tso,
      isSample: false,
    };
    return point;
  }

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
    async run(
      { bytes, fileName, userId, organisationId, auditId, reviewed, part },
      signal?: AbortSignal,
    ): Promise<AuditOutcome | AuditSplit> {
      const owner = userId;
      // After the review step the file is read again (the reader is deterministic) and the values the user
      // confirmed replace the ones read.
      // A scan confirmed with its figures is not read by OCR again: the reading the user confirmed is (ADR 0087).
      const read = reviewed?.scan
        ? ({ ok: true, value: reviewed.scan } as const)
        : await runWorkerTask(
            auditTasks.read,
            { bytes, fileName, ...(part ? { part } : {}) },
            { ...limits, owner, signal },
          );
      if (!read.ok) {
        deps.onWorkerFailure?.(read.error, auditId);
        return { ok: false, message: workerFailureMessage(read.error), found: [] };
      }
      const result: ReadResult = read.value;
      // A portal export of several invoices: one audit per invoice (ADR 0086).
      if (!result.ok && result.refusal.code === 'SEVERAL_INVOICES' && !part && result.refusal.parts) {
        return { ok: 'parts', parts: [...result.refusal.parts] };
      }
      if (!result.ok) {
        return { ok: false, message: result.refusal.message, found: [...result.refusal.found], readRefused: true };
      }
      const invoice = reviewed ? applyReview(result.invoice, reviewed.values) : result.invoice;
      const warnings = [...result.warnings];
      const { suggestions, communeInsee, communeName } = await suggestionsFor(
        deps.db,
        { userId, organisationId },
        invoice,
        ntrOfPitd,
      );
      // The commune printed on the invoice when one was read, else the site's (issue #25 §7, ADR 0081).
      const printed = result.provenance?.commune?.trim() || null;
      const commune =
        invoice.point.pointDeReseau === 'PITD' && invoice.point.code === null
          ? printed
            ? await printedCommuneRows(printed)
            : await communeRows(communeInsee, communeName)
          : null;
      const pce = invoice.point.pce;
      const reference: AuditReferenceData = {
        point:
          invoice.point.code === null && invoice.point.pointDeReseau === 'PITD'
            ? communePoint(invoice, commune, reviewed?.values.ntr)
            : await pointReference(invoice),
        otherPeriods: await otherPeriods(userId, auditId, invoice),
        // The CAR check from the PCE's consumption history (issue #25 §7): whole years of the owner's dataset.
        consumptionHistoryMwh: pce ? await yearlyConsumptionMwh(deps.db, userId, pce, invoice.period.lastDay) : [],
        readingConfirmed: reviewed !== undefined,
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
      // A scan's table (lines, VAT, totals) is confirmed with its header fields (ADR 0087): a confirmation without
      // them (one made before they were asked) goes back to the review step.
      const figuresConfirmed = ocrFiguresConfirmed(result.provenance, result.invoice, reviewed?.values);
      if (!reviewed || !figuresConfirmed) {
        // A required field missing or doubtful: the audit stops at « À compléter » and these findings are not kept
        // (they were computed on values the user has not confirmed, ADR 0071).
        // A scan's values (OCR, ADR 0080) are all asked: its audit always stops here first.
        const fields = withOcrMessages(
          reviewFieldsOf({
            invoice,
            problems: checked.value.readingProblems,
            suggestions,
            commune,
            lowConfidence: ocrLowConfidence(result.provenance),
          }),
          result.provenance,
        );
        if (fields.length > 0 || !figuresConfirmed) {
          const figuresAsked = result.provenance?.ocr !== undefined;
          return {
            ok: 'review',
            invoice,
            warnings,
            fields,
            figuresAsked,
            ...(figuresAsked ? { printedCommune: printed } : {}),
          };
        }
      }
      return { ok: true, invoice, report: checked.value, warnings };
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
