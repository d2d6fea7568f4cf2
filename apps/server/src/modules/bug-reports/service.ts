import {
  type AdminBugReportsQuery,
  type AdminBugReportsResponse,
  type BugReportDetail,
  type BugReportInput,
  type BugReportStatus,
  type BugReportSummary,
  bugReportMessages,
  bugReportStatusLabels,
  bugReportTransitions,
  bugSeverityLabels,
  type UserRole,
} from '@pilote/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/types.ts';
import { objectKey } from '../../adapters/storage/keys.ts';
import type { ObjectStorage } from '../../adapters/storage/types.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, requireRole } from '../auth/session.ts';
import {
  anonymousScreenshotBytesSince,
  type BugReportRow,
  bugReportsCreatedBetween,
  findBugReport,
  findBugReports,
  insertBugReport,
  staffEmails,
  updateBugReportStatus,
} from './repository.ts';
import { checkScreenshot } from './screenshot.ts';

/** Staff and admins triage reports (ADR 0009: staff reads and handles support work). */
const TRIAGERS: readonly UserRole[] = ['staff', 'admin'];
/** Screenshot bytes anonymous senders may store per UTC day, all together (ADR 0035). */
export const ANONYMOUS_DAILY_STORAGE_BYTES = 200 * 1024 * 1024;
const SCREENSHOT_LINK_SECONDS = 10 * 60;
export const BUG_DIGEST_JOB = 'bug-reports.digest';
/** Every day at 08:00, Paris time. */
export const BUG_DIGEST_SCHEDULE = { dailyAt: '08:00' } as const;

export interface BugReportServiceDeps {
  db: Database;
  storage: ObjectStorage;
  mailer: Mailer;
  publicUrl: string;
  anonymousDailyStorageBytes?: number;
  now?: () => Date;
  logger?: FastifyBaseLogger;
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

function summary(row: BugReportRow): BugReportSummary {
  return {
    id: row.id,
    title: row.title,
    severity: row.severity,
    status: row.status,
    url: row.url,
    reporterEmail: row.reporterEmail,
    hasScreenshot: row.screenshotUri !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createBugReportService(deps: BugReportServiceDeps) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const dailyCap = deps.anonymousDailyStorageBytes ?? ANONYMOUS_DAILY_STORAGE_BYTES;

  async function detail(row: BugReportRow): Promise<BugReportDetail> {
    const screenshotUrl = row.screenshotUri
      ? await storage.signDownload(row.screenshotUri, {
          filename: `capture-${row.id}.${row.screenshotUri.endsWith('.png') ? 'png' : 'jpg'}`,
          expiresInSeconds: SCREENSHOT_LINK_SECONDS,
          disposition: 'inline',
        })
      : null;
    return {
      ...summary(row),
      description: row.description,
      elementSelector: row.elementSelector,
      elementHtml: row.elementHtml,
      browserInfo: row.browserInfo,
      userId: row.userId,
      screenshotUrl,
      statusNote: row.statusNote,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    /**
     * Stores a report. Signed in: linked to the user, whose account e-mail is used. Signed out: the e-mail is
     * required (spec §5), and screenshots count against the anonymous daily storage cap.
     */
    async submit(actor: Actor | null, input: BugReportInput): Promise<{ id: string }> {
      const email = input.userEmail?.trim() ? input.userEmail.trim().toLowerCase() : null;
      if (!actor && !email) {
        throw new AppError('VALIDATION_FAILED', bugReportMessages.emailRequired, {
          details: [{ path: '/userEmail', message: bugReportMessages.emailRequired }],
        });
      }
      const screenshot = input.screenshot ? checkScreenshot(input.screenshot) : undefined;
      if (screenshot && !actor) {
        const used = await anonymousScreenshotBytesSince(db, startOfUtcDay(now()));
        if (used + screenshot.bytes.length > dailyCap) {
          throw new AppError(
            'RATE_LIMITED',
            'Trop de captures d’écran reçues aujourd’hui : envoyez votre rapport sans capture ou réessayez demain.',
          );
        }
      }
      const screenshotUri = screenshot
        ? await storage.put(
            objectKey('bug-reports', screenshot.extension, now()),
            screenshot.bytes,
            screenshot.contentType,
          )
        : null;
      const row = await insertBugReport(db, {
        title: input.title,
        description: input.description,
        severity: input.severity,
        url: input.url,
        elementSelector: input.elementSelector || null,
        elementHtml: input.elementHtml || null,
        screenshotUri,
        screenshotBytes: screenshot?.bytes.length ?? 0,
        reporterEmail: actor ? actor.user.email : email,
        userId: actor?.user.id ?? null,
        browserInfo: input.browserInfo,
      });
      return { id: row.id };
    },

    async list(actor: Actor | null, query: AdminBugReportsQuery): Promise<AdminBugReportsResponse> {
      requireRole(actor, TRIAGERS);
      const { rows, total } = await findBugReports(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        ...(query.status ? { status: query.status } : {}),
        ...(query.severity ? { severity: query.severity } : {}),
      });
      return { items: rows.map(summary), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: Actor | null, id: string): Promise<BugReportDetail> {
      requireRole(actor, TRIAGERS);
      const row = await findBugReport(db, id);
      if (!row) {
        throw new AppError('NOT_FOUND', 'Rapport de bug introuvable.');
      }
      return detail(row);
    },

    async changeStatus(
      actor: Actor | null,
      id: string,
      body: { status: BugReportStatus; note: string },
    ): Promise<BugReportDetail> {
      requireRole(actor, TRIAGERS);
      const row = await findBugReport(db, id);
      if (!row) {
        throw new AppError('NOT_FOUND', 'Rapport de bug introuvable.');
      }
      if (!bugReportTransitions[row.status].includes(body.status)) {
        throw new AppError(
          'CONFLICT',
          `Un rapport « ${bugReportStatusLabels[row.status]} » ne peut pas passer à « ${bugReportStatusLabels[body.status]} ».`,
        );
      }
      const updated = await updateBugReportStatus(db, id, row.status, body.status, body.note || null, now());
      if (!updated) {
        throw new AppError('CONFLICT', 'Ce rapport vient d’être modifié : rechargez la page.');
      }
      return detail(updated);
    },

    /**
     * The daily digest: one mail per staff member listing the reports of the 24 hours before `at` (the start of
     * the job's period; none sent when there are none). Run by the job queue once a day.
     */
    async sendDigest(at: Date): Promise<{ reports: number; recipients: number }> {
      const since = new Date(at.getTime() - 24 * 60 * 60 * 1000);
      const reports = await bugReportsCreatedBetween(db, since, at);
      if (reports.length === 0) {
        return { reports: 0, recipients: 0 };
      }
      const recipients = await staffEmails(db);
      const link = `${deps.publicUrl.replace(/\/$/, '')}/private/admin/bug-reports`;
      const lines = reports.map(
        (report) =>
          `- [${bugSeverityLabels[report.severity]}] ${report.title} — ${report.url || 'page inconnue'} (${report.reporterEmail ?? 'anonyme'})`,
      );
      const text = [
        `${reports.length} rapport(s) de bug reçu(s) ces dernières 24 heures :`,
        '',
        ...lines,
        '',
        `Les traiter : ${link}`,
      ].join('\n');
      for (const to of recipients) {
        await deps.mailer.send({
          to,
          subject: `Rapports de bugs : ${reports.length} nouveau(x)`,
          text,
          links: [link],
        });
      }
      deps.logger?.info({ reports: reports.length, recipients: recipients.length }, 'bug report digest sent');
      return { reports: reports.length, recipients: recipients.length };
    },
  };
}

export type BugReportService = ReturnType<typeof createBugReportService>;
