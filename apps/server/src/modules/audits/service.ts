import { createHash, randomUUID } from 'node:crypto';
import {
  AUDIT_MAX_BYTES,
  AUDIT_MESSAGES,
  type AuditDetail,
  type AuditFindingDto,
  type AuditList,
  type AuditReportDto,
  type AuditReview,
  type AuditReviewField,
  type AuditReviewValues,
  type AuditSummary,
  auditReportSchema,
  auditReviewSchema,
  type ClaimLetterLinkResponse,
  type CreateAuditBody,
  type CreateAuditResponse,
  claimLetterOffered,
  mayActOnObject,
  type NormalisedInvoiceDto,
  normalisedInvoiceSchema,
  type ObjectAction,
  type OrganisationRole,
  type PageQuery,
  pageOffset,
  type QualifyDuplicateBody,
  type SignUploadBody,
  type SignUploadResponse,
  type StartAuditResponse,
} from '@pilote/contracts';
import type { InvoicePart, ReadResult } from '@pilote/invoices';
import { SNIFF_BYTES, sniffInvoiceFormat } from '@pilote/invoices/sniff';
import { type AuditReport, type NormalisedInvoice, roundHalfAwayFromZero } from '@pilote/tariffs';
import type { JobQueue } from '../../adapters/jobs/index.ts';
import { type ObjectStorage, objectKey, StorageError } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import type { CountedUnit, Quota } from '../plans/quota.ts';
import type { ClaimedAmounts, ClaimLetterInput, LetterSender } from './claim-letter.ts';
import { CLAIM_LETTER_RENDERER_VERSION } from './claim-letter-version.ts';
import { sanitiseFileName } from './file-check.ts';
import type { ClaimLetterLinkSigner } from './link-signer.ts';
import { confirmedScan } from './ocr-review.ts';
import { type AuditSplit, invoicesInFile, partOf, readerPart, splitAudit } from './parts.ts';
import {
  type AuditRecord,
  findAudit,
  findAuditByStorageUri,
  findClaimLetter,
  findSitesOfAudits,
  insertAudit,
  listAuditsOf,
  saveClaimLetter,
  transitionAudit,
} from './repository.ts';
import { figuresFit, missingAnswers, rememberCorrection } from './review.ts';

/** The formats the review step shows beside the fields, and their content type. */
const DOCUMENT_TYPES: Readonly<Record<string, 'application/pdf' | 'image/png' | 'image/jpeg'>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** The job the start route queues (one per audit). */
export const AUDIT_JOB = 'audit.run';

/**
 * The audit job's payload: the audit, and where the start's `invoice_audits` unit was counted (ADR 0078), so that a
 * unit given back goes to that organisation and period even if the user switched organisation meanwhile (the start's
 * and the review confirmation's unit). Absent on jobs queued before it was carried.
 */
export interface AuditJobPayload {
  auditId: string;
  counted?: CountedUnit;
}

/** Parses a storage URI back to its key (`local:<key>`, `s3://<bucket>/<key>`); null for anything else. */
export function keyOfUri(uri: string): string | null {
  if (uri.startsWith('local:')) {
    return uri.slice('local:'.length);
  }
  const s3 = /^s3:\/\/[^/]+\/(.+)$/.exec(uri);
  return s3 ? (s3[1] ?? null) : null;
}

/** What the job handler hands to the worker runner and gets back (audit-task.ts). */
export interface AuditRunner {
  /** Reads and checks one file in a worker thread with time and memory limits. */
  run(
    input: {
      bytes: Uint8Array;
      fileName: string;
      userId: string;
      /** The audit's organisation: its members' corrections pre-fill the review (ADR 0081). */
      organisationId: string;
      auditId: string;
      /** After the review step: the values the user confirmed, in place of the ones read (ADR 0071). */
      reviewed?: { values: AuditReviewValues; scan?: ReadResult };
      /** The one invoice to read of a file that holds several (ADR 0086). */
      part?: InvoicePart;
    },
    signal?: AbortSignal,
  ): Promise<AuditOutcome | AuditSplit>;
}

export type AuditOutcome =
  /** The domain's invoice and report, stored as JSON and parsed with the contract schemas when read back. */
  | { ok: true; invoice: NormalisedInvoice; report: AuditReport; warnings: string[] }
  /** A required field is missing or doubtful: the audit waits for the user (« À compléter », ADR 0071). */
  | {
      ok: 'review';
      invoice: NormalisedInvoice;
      warnings: string[];
      fields: AuditReviewField[];
      /** A scan's table figures are asked too (ADR 0087). */
      figuresAsked?: boolean;
      /** A scan's printed commune, kept for its confirmed run (ADR 0087). */
      printedCommune?: string | null;
    }
  /** `readRefused`: the reader refused the file (format, layout, incomplete, unreadable): its unit is given back. */
  | { ok: false; message: string; found: string[]; readRefused?: boolean };

export interface ClaimLetterRenderer {
  /** `owner`: the user the letter is for (the worker pool's fair share, ADR 0045). */
  render(input: ClaimLetterInput, generatedAt: Date, owner?: string): Promise<Uint8Array>;
}

export interface AuditsServiceDependencies {
  db: Database;
  storage: ObjectStorage;
  jobs: Pick<JobQueue, 'enqueue'>;
  quota: Quota;
  runner: AuditRunner;
  letters: ClaimLetterRenderer;
  links: ClaimLetterLinkSigner;
  /** Audits belong to organisations (ADR 0066): lists and uploads in the active one, an id in any of the caller's. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  /** Where a split file's invoice left « Non lancé » by a failure is written (ADR 0086). */
  log?: { warn(details: object, message: string): void };
  now?: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', AUDIT_MESSAGES.notFound);
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path: `/${field}`, message }] });

/**
 * Storage keys are generated: `audits/<owner tag>/<yyyy-mm>/<uuid>` (objectKey); the owner tag is a hash of the
 * user id (keys are lower-case), so `create` can refuse a URI signed for someone else. The user's file name never
 * reaches the storage.
 */
function ownerPrefix(userId: string): string {
  return `audits/u${createHash('sha256').update(userId).digest('hex').slice(0, 24)}`;
}

/** Seconds the signed PUT URL lives. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

function anomaliesOf(report: AuditReportDto | null): AuditFindingDto[] {
  return report?.findings.filter((finding) => finding.severity === 'anomalie') ?? [];
}

/** The stored report, parsed with the contract (reports stored before ADR 0062 get its fields empty). */
function reportOf(row: AuditRecord): AuditReportDto | null {
  if (row.report === null || row.report === undefined) {
    return null;
  }
  const parsed = auditReportSchema.safeParse(row.report);
  return parsed.success ? parsed.data : null;
}

/**
 * The local storage adapter signs a URL of this very API: it is given as a path, so that the page PUTs to the
 * origin it was opened from (`localhost` or `127.0.0.1`). A presigned S3 URL stays absolute.
 */
function uploadUrl(url: string, uri: string): string {
  if (!uri.startsWith('local:')) {
    return url;
  }
  const parsed = new URL(url, 'http://relative.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

function toSummary(row: AuditRecord): AuditSummary {
  const report = reportOf(row);
  return {
    id: row.id,
    filename: row.fileName,
    format: row.format as AuditSummary['format'],
    sizeBytes: row.sizeBytes,
    status: row.status as AuditSummary['status'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    anomalies: row.status === 'done' ? anomaliesOf(report).length : null,
    alerts:
      row.status === 'done' ? (report?.findings.filter((finding) => finding.severity === 'alerte').length ?? 0) : null,
    recoverableEuros: row.status === 'done' && report ? report.overBilledEuros : null,
    part: partOf(row),
  };
}

/** The review step's record, parsed with the contract (null when the reading needed none). */
function reviewOf(row: AuditRecord): AuditReview | null {
  return row.review ? (auditReviewSchema.safeParse(row.review).data ?? null) : null;
}

function detailOf(row: AuditRecord): AuditDetail {
  const shown = row.status === 'done' || row.status === 'to_complete';
  return {
    ...toSummary(row),
    review: reviewOf(row),
    invoice: shown ? (normalisedInvoiceSchema.safeParse(row.invoice).data ?? null) : null,
    report: row.status === 'done' ? reportOf(row) : null,
    warnings: row.warnings ?? [],
    found: row.found ?? [],
  };
}

export function createAuditsService(deps: AuditsServiceDependencies) {
  const { db, storage, jobs, quota, runner, letters, links, access } = deps;
  const now = deps.now ?? (() => new Date());

  /** The detail with the other invoices of its file and the site it is saved to (in its organisation only). */
  async function withFileAndSite(row: AuditRecord): Promise<AuditDetail> {
    const [file, sites] = await Promise.all([
      invoicesInFile(db, row, toSummary),
      row.siteId ? findSitesOfAudits(db, row.organisationId, [row.siteId], []) : Promise.resolve([]),
    ]);
    const site = sites[0];
    return { ...detailOf(row), invoicesInFile: file, site: site ? { id: site.id, name: site.name } : null };
  }

  /**
   * An audit of one of the caller's organisations (404 otherwise) when their role there allows `action` (ADR 0066):
   * `create` to launch it, `edit` to answer its questions. `userId` is the caller's (whose quota a launch takes).
   */
  async function owned(
    actor: Actor | null,
    id: string,
    action: ObjectAction = 'read',
  ): Promise<{ userId: string; row: AuditRecord; role: OrganisationRole }> {
    const signedIn = requireUser(actor ?? null);
    const { object, role } = await access.authorise(signedIn, await findAudit(db, id), action, notFound);
    return { userId: signedIn.user.id, row: object, role };
  }

  return {
    async signUpload(actor: Actor | null, body: SignUploadBody): Promise<SignUploadResponse> {
      const signedIn = requireUser(actor ?? null);
      const { user } = signedIn;
      await access.scope(signedIn, 'create');
      const expiresAt = new Date(now().getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
      const signed = await storage.signUpload({
        key: objectKey(ownerPrefix(user.id), undefined, now()),
        contentType: body.mime || 'application/octet-stream',
        maxBytes: AUDIT_MAX_BYTES,
        size: body.size,
        expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
      });
      return {
        url: uploadUrl(signed.url, signed.uri),
        gcs_uri: signed.uri,
        expires_at: expiresAt.toISOString(),
        headers: signed.headers,
        max_bytes: AUDIT_MAX_BYTES,
      };
    },

    /** Checks the stored object (owner's key, present, ≤ 20 Mo, magic bytes), then records the audit. */
    async create(actor: Actor | null, body: CreateAuditBody): Promise<CreateAuditResponse> {
      const signedIn = requireUser(actor ?? null);
      const { user } = signedIn;
      const { organisationId } = await access.scope(signedIn, 'create');
      const key = keyOfUri(body.gcs_uri);
      if (!key?.startsWith(`${ownerPrefix(user.id)}/`)) {
        throw invalid('gcs_uri', AUDIT_MESSAGES.uploadForeign);
      }
      const size = (await storage.stat(body.gcs_uri).catch(missingAsUndefined))?.size ?? null;
      if (size === null) {
        throw invalid('gcs_uri', AUDIT_MESSAGES.uploadMissing);
      }
      if (size === 0) {
        throw invalid('gcs_uri', AUDIT_MESSAGES.empty);
      }
      if (size > AUDIT_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', AUDIT_MESSAGES.tooLarge);
      }
      const bytes = await storage.get(body.gcs_uri, { maxBytes: AUDIT_MAX_BYTES });
      const format = sniffInvoiceFormat(bytes.subarray(0, SNIFF_BYTES));
      if (!format) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', AUDIT_MESSAGES.magicBytes);
      }
      const existing = await findAuditByStorageUri(db, body.gcs_uri);
      if (existing) {
        // The same upload created twice (a retried request): the same audit.
        if (existing.userId !== user.id) {
          throw invalid('gcs_uri', AUDIT_MESSAGES.uploadForeign);
        }
        return { id: existing.id };
      }
      const id = randomUUID();
      await insertAudit(db, {
        id,
        userId: user.id,
        organisationId,
        fileName: sanitiseFileName(body.filename),
        declaredMime: body.mime.slice(0, 100),
        format,
        sizeBytes: size,
        storageUri: body.gcs_uri,
        status: 'uploaded',
        createdAt: now(),
      });
      return { id };
    },

    /**
     * Queues the audit (one `invoice_audits` unit, given back if queuing fails). Only an audit not yet started, or
     * one that failed, can be (re)started.
     */
    async start(actor: Actor | null, id: string): Promise<StartAuditResponse> {
      const { userId, row } = await owned(actor, id, 'create');
      if (row.status !== 'uploaded' && row.status !== 'failed') {
        throw new AppError('CONFLICT', AUDIT_MESSAGES.alreadyStarted);
      }
      await quota.run(userId, 'invoice_audits', async (counted) => {
        const moved = await transitionAudit(db, id, ['uploaded', 'failed'], 'queued', {
          error: null,
          found: null,
          startedAt: null,
          finishedAt: null,
        });
        if (!moved) {
          throw new AppError('CONFLICT', AUDIT_MESSAGES.alreadyStarted);
        }
        await jobs.enqueue(AUDIT_JOB, { auditId: id, counted } satisfies AuditJobPayload);
      });
      return { id, status: 'queued' };
    },

    async list(actor: Actor | null, query: PageQuery): Promise<AuditList> {
      const { organisationId } = await access.scope(requireUser(actor ?? null));
      const { rows, total } = await listAuditsOf(db, organisationId, {
        limit: query.pageSize,
        offset: pageOffset(query),
      });
      return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(actor: Actor | null, id: string): Promise<AuditDetail> {
      const { row } = await owned(actor, id);
      // The other invoices of its file, each an audit of the same organisation (ADR 0086), and its own site.
      return await withFileAndSite(row);
    },

    /** The job (`audit.run`): the file is read and checked in a worker with limits; the result is stored. */
    async runJob(payload: AuditJobPayload, signal?: AbortSignal): Promise<void> {
      const row = await findAudit(db, payload.auditId);
      if (!row) {
        return;
      }
      // 'running' too: a job whose instance died mid-run is run again (the queue's handlers are idempotent).
      if (!(await transitionAudit(db, row.id, ['queued', 'running'], 'running', { startedAt: now() }))) {
        return;
      }
      let outcome: AuditOutcome | AuditSplit;
      const confirmed = reviewOf(row)?.confirmed ?? null;
      const part = partOf(row);
      try {
        const bytes = new Uint8Array(await storage.get(row.storageUri, { maxBytes: AUDIT_MAX_BYTES }));
        outcome = await runner.run(
          {
            bytes,
            fileName: row.fileName,
            userId: row.userId,
            organisationId: row.organisationId,
            auditId: row.id,
            ...(confirmed ? { reviewed: { values: confirmed, ...confirmedScan(reviewOf(row), row) } } : {}),
            ...(part ? { part: readerPart(part) } : {}),
          },
          signal,
        );
      } catch (error) {
        outcome = { ok: false, message: runnerFailureMessage(error), found: [] };
      }
      if (outcome.ok === 'parts') {
        // One file, several invoices: one audit per invoice, each queued (ADR 0086).
        await splitAudit({ db, quota, jobs, job: AUDIT_JOB, log: deps.log }, row, outcome.parts, { ...payload });
        return;
      }
      if (outcome.ok === 'review') {
        const waiting = await transitionAudit(db, row.id, ['running'], 'to_complete', {
          invoice: { ...outcome.invoice },
          warnings: outcome.warnings,
          review: {
            fields: outcome.fields,
            figuresAsked: outcome.figuresAsked ?? false,
            ...(outcome.printedCommune ? { printedCommune: outcome.printedCommune } : {}),
            confirmed: null,
            confirmedAt: null,
          } satisfies AuditReview,
          finishedAt: now(),
        });
        // No check ran: the unit taken at start is given back; the confirmation takes one (issue #25 §8, ADR 0071).
        if (waiting) {
          await quota.giveBack(row.userId, 'invoice_audits', payload.counted);
        }
      } else if (outcome.ok) {
        await transitionAudit(db, row.id, ['running'], 'done', {
          invoice: { ...outcome.invoice },
          report: { ...outcome.report },
          warnings: outcome.warnings,
          finishedAt: now(),
        });
      } else {
        const failed = await transitionAudit(db, row.id, ['running'], 'failed', {
          error: outcome.message,
          found: outcome.found,
          finishedAt: now(),
        });
        // A file the reader refused takes no unit (issue #25, ADR 0062): the one taken at start is given back, once
        // (only by the job that moved the audit to failed). Time and memory overruns keep theirs (ADR 0034).
        if (failed && outcome.readRefused) {
          await quota.giveBack(row.userId, 'invoice_audits', payload.counted);
        }
      }
    },

    /**
     * The user's answer about an earlier invoice of the same point and period (a duplicate, a corrected invoice, or
     * a distinct one): kept in the report's JSON (ADR 0062). Nothing is claimed from it.
     */
    async qualifyDuplicate(actor: Actor | null, id: string, body: QualifyDuplicateBody): Promise<AuditDetail> {
      const { row } = await owned(actor, id, 'edit');
      const report = reportOf(row);
      if (row.status !== 'done' || !report || report.possibleDuplicates.length === 0) {
        throw new AppError('CONFLICT', AUDIT_MESSAGES.noDuplicate);
      }
      await transitionAudit(db, id, ['done'], 'done', {
        report: { ...report, duplicateQualification: body.qualification },
      });
      const updated = await findAudit(db, id);
      if (!updated) {
        throw notFound();
      }
      return await withFileAndSite(updated);
    },

    /**
     * The review step (issue #25 §6, ADR 0071): the user confirms or corrects every field asked; the checks then run
     * (one `invoice_audits` unit, taken here) and what was confirmed pre-fills the supplier's next invoice. A viewer
     * of the audit's organisation may not (ADR 0066).
     */
    async confirmReview(actor: Actor | null, id: string, values: AuditReviewValues): Promise<StartAuditResponse> {
      const { userId, row, role } = await owned(actor, id);
      if (!mayActOnObject(role, 'edit')) {
        throw new AppError('FORBIDDEN', AUDIT_MESSAGES.reviewForbidden);
      }
      const review = reviewOf(row);
      const invoice = normalisedInvoiceSchema.safeParse(row.invoice).data;
      if (row.status !== 'to_complete' || !review || !invoice) {
        throw new AppError('CONFLICT', AUDIT_MESSAGES.notToComplete);
      }
      const unanswered = missingAnswers(review.fields, values);
      if (unanswered.length > 0) {
        throw new AppError('VALIDATION_FAILED', AUDIT_MESSAGES.reviewMissing, {
          details: unanswered.map((field) => ({ path: `/${field}`, message: AUDIT_MESSAGES.reviewMissing })),
        });
      }
      // A scan's table figures are confirmed with the fields, one per line and VAT line read (ADR 0087); the figures
      // of a file with text are not the review's to change.
      const { figures, ...fieldValues } = values;
      if (review.figuresAsked && (!figures || !figuresFit(invoice, figures))) {
        throw new AppError('VALIDATION_FAILED', AUDIT_MESSAGES.figuresMissing, {
          details: [{ path: '/figures', message: AUDIT_MESSAGES.figuresMissing }],
        });
      }
      const confirmedValues: AuditReviewValues = review.figuresAsked ? values : fieldValues;
      await quota.run(userId, 'invoice_audits', async (counted) => {
        const moved = await transitionAudit(db, id, ['to_complete'], 'queued', {
          review: { ...review, confirmed: confirmedValues, confirmedAt: now().toISOString() } satisfies AuditReview,
          startedAt: null,
          finishedAt: null,
        });
        if (!moved) {
          throw new AppError('CONFLICT', AUDIT_MESSAGES.notToComplete);
        }
        await jobs.enqueue(AUDIT_JOB, { auditId: id, counted } satisfies AuditJobPayload);
      });
      await rememberCorrection(db, { userId, organisationId: row.organisationId }, invoice, confirmedValues, now());
      return { id, status: 'queued' };
    },

    /**
     * The uploaded PDF, for the review step's page image (rendered in the page with pdf.js, ADR 0071), or the
     * uploaded scan (PNG, JPEG: shown as it is, ADR 0080), with its type from the sniffed format.
     */
    async document(
      actor: Actor | null,
      id: string,
    ): Promise<{ bytes: Uint8Array; contentType: 'application/pdf' | 'image/png' | 'image/jpeg' }> {
      const { row } = await owned(actor, id);
      const contentType = DOCUMENT_TYPES[row.format];
      if (!contentType) {
        throw new AppError('CONFLICT', AUDIT_MESSAGES.documentUnavailable);
      }
      return { bytes: new Uint8Array(await storage.get(row.storageUri, { maxBytes: AUDIT_MAX_BYTES })), contentType };
    },

    async claimLetterLink(actor: Actor | null, id: string): Promise<ClaimLetterLinkResponse> {
      const { row } = await owned(actor, id);
      const offered = claimLetterOffered({
        status: row.status as AuditDetail['status'],
        report: reportOf(row),
        warnings: row.warnings ?? [],
        readingConfirmed: (reviewOf(row)?.confirmed ?? null) !== null,
      });
      if (!offered.offered) {
        throw new AppError('CONFLICT', offered.reason);
      }
      // Signed for the audit's author, as the download checks; asked for by any member of its organisation.
      const link = links.link(id, row.userId);
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /** The PDF behind a signed link (rendered once in a worker, then kept). */
    async claimLetter(
      id: string,
      exp: string | undefined,
      sig: string | undefined,
      customer: (userId: string, organisationId: string) => Promise<LetterSender>,
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = await findAudit(db, id);
      if (!row) {
        throw notFound();
      }
      const verdict = links.verify(id, row.userId, exp, sig);
      if (verdict === 'invalid') {
        throw notFound();
      }
      if (verdict === 'expired') {
        throw new AppError('FORBIDDEN', AUDIT_MESSAGES.linkExpired);
      }
      const report = reportOf(row);
      const invoice = row.invoice as NormalisedInvoiceDto | null;
      const anomalies = anomaliesOf(report).filter((finding) => finding.amountEuros > 0);
      const offered = claimLetterOffered({
        status: row.status as AuditDetail['status'],
        report,
        warnings: row.warnings ?? [],
        readingConfirmed: (reviewOf(row)?.confirmed ?? null) !== null,
      });
      if (!offered.offered || !report || !invoice) {
        throw new AppError('CONFLICT', offered.offered ? AUDIT_MESSAGES.letterUnavailable : offered.reason);
      }
      const fileName = `reclamation-${invoice.invoiceNumber ?? row.id.slice(0, 8)}.pdf`.replace(/[^\w.-]/g, '_');
      const kept = await findClaimLetter(db, id, CLAIM_LETTER_RENDERER_VERSION);
      if (kept) {
        return { bytes: kept, fileName };
      }
      const bytes = await letters.render(
        {
          auditId: id,
          customer: await customer(row.userId, row.organisationId),
          fileName: row.fileName,
          invoice,
          anomalies,
          amounts: claimedAmounts(anomalies, invoice),
        },
        now(),
        row.userId,
      );
      await saveClaimLetter(db, id, CLAIM_LETTER_RENDERER_VERSION, bytes);
      return { bytes, fileName };
    },
  };
}

/**
 * The amounts the letter claims, exact to the cent (ADR 0062): HT = Σ of the over-billed anomalies (in cents), VAT
 * at the invoice's rate when it prints one rate, else at the 20 % that applies to every term of a gas bill since
 * 1 August 2025; TTC = HT + VAT.
 */
export function claimedAmounts(
  anomalies: readonly AuditFindingDto[],
  invoice: Pick<NormalisedInvoiceDto, 'vat'>,
): ClaimedAmounts {
  const htCents = anomalies.reduce((sum, finding) => sum + Math.round(finding.amountEuros * 100), 0);
  const rates = [...new Set(invoice.vat.map((line) => line.rate))];
  const vatRate = rates.length === 1 ? (rates[0] as number) : 0.2;
  const vatCents = roundHalfAwayFromZero(htCents * vatRate, 0);
  return { ht: htCents / 100, vatRate, vat: vatCents / 100, ttc: (htCents + vatCents) / 100 };
}

function missingAsUndefined(error: unknown): undefined {
  if (error instanceof StorageError && (error.kind === 'not_found' || error.kind === 'invalid_key')) {
    return undefined;
  }
  throw error;
}

export type AuditsService = ReturnType<typeof createAuditsService>;

/** Why the worker did not answer (time or memory overrun, crash), in French. */
export function runnerFailureMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/time|délai|timeout/i.test(text)) {
    return AUDIT_MESSAGES.timeout;
  }
  if (/memory|mémoire|heap|ERR_WORKER_OUT_OF_MEMORY/i.test(text)) {
    return AUDIT_MESSAGES.memory;
  }
  return AUDIT_MESSAGES.crashed;
}
