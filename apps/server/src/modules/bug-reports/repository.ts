import { randomBytes } from 'node:crypto';
import type { BrowserInfo, BugReportStatus, BugSeverity } from '@pilote/contracts';
import { and, count, desc, eq, gte, inArray, isNull, lt, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bugReports, users } from '../../db/schema.ts';

export interface BugReportRow {
  id: string;
  title: string;
  description: string;
  severity: BugSeverity;
  status: BugReportStatus;
  statusNote: string | null;
  url: string;
  elementSelector: string | null;
  elementHtml: string | null;
  screenshotUri: string | null;
  screenshotBytes: number;
  reporterEmail: string | null;
  userId: string | null;
  browserInfo: BrowserInfo;
  createdAt: Date;
  updatedAt: Date;
}

// The CHECK constraints on severity/status guarantee the unions; browser_info is written from the zod-checked body.
const asRow = (row: typeof bugReports.$inferSelect): BugReportRow => row as BugReportRow;

export async function insertBugReport(
  db: Database,
  input: Omit<BugReportRow, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'statusNote'>,
): Promise<BugReportRow> {
  const [row] = await db
    .insert(bugReports)
    .values({ id: randomBytes(16).toString('hex'), ...input })
    .returning();
  if (!row) {
    throw new Error('bug report not inserted');
  }
  return asRow(row);
}

/** Screenshot bytes stored for anonymous reports since `since` (the daily storage cap). */
export async function anonymousScreenshotBytesSince(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(bugReports.screenshotBytes) })
    .from(bugReports)
    .where(and(isNull(bugReports.userId), gte(bugReports.createdAt, since)));
  return Number(row?.total ?? 0);
}

export async function findBugReports(
  db: Database,
  options: { limit: number; offset: number; status?: BugReportStatus; severity?: BugSeverity },
): Promise<{ rows: BugReportRow[]; total: number }> {
  const where = and(
    options.status ? eq(bugReports.status, options.status) : undefined,
    options.severity ? eq(bugReports.severity, options.severity) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bugReports)
      .where(where)
      .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(bugReports).where(where),
  ]);
  return { rows: rows.map(asRow), total: totals[0]?.total ?? 0 };
}

export async function findBugReport(db: Database, id: string): Promise<BugReportRow | undefined> {
  const [row] = await db.select().from(bugReports).where(eq(bugReports.id, id));
  return row ? asRow(row) : undefined;
}

/** Moves a report from `from` to `to` (compare-and-set: a concurrent change makes it answer undefined). */
export async function updateBugReportStatus(
  db: Database,
  id: string,
  from: BugReportStatus,
  to: BugReportStatus,
  note: string | null,
  now: Date,
): Promise<BugReportRow | undefined> {
  const [row] = await db
    .update(bugReports)
    .set({ status: to, statusNote: note, updatedAt: now })
    .where(and(eq(bugReports.id, id), eq(bugReports.status, from)))
    .returning();
  return row ? asRow(row) : undefined;
}

export async function bugReportsCreatedBetween(db: Database, from: Date, to: Date): Promise<BugReportRow[]> {
  const rows = await db
    .select()
    .from(bugReports)
    .where(and(gte(bugReports.createdAt, from), lt(bugReports.createdAt, to)))
    .orderBy(desc(bugReports.createdAt));
  return rows.map(asRow);
}

export async function staffEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.role, ['staff', 'admin']));
  return rows.map((row) => row.email);
}
