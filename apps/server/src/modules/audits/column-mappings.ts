/**
 * Column mappings of spreadsheet and CSV exports (issue #25 §4, ADR 0085). A table file whose header no reader knows
 * stops its audit with « Colonnes à indiquer » and its header kept (`audit_headers_to_map`); a member maps the
 * columns (`PUT /api/audits/:id/column-mapping`), the mapping is kept for the organisation under the header's
 * signature and the audit relaunched; the organisation's next file with that header is read with it, without asking.
 *
 * The mapping step runs before the reader as a runner of its own (`withColumnMappings`) in a worker thread with the
 * reader's limits: the file is untrusted.
 */

import { randomUUID } from 'node:crypto';
import {
  type AuditColumns,
  COLUMN_MAPPING_MESSAGES,
  type ColumnMappingDto,
  type ColumnMappingList,
  columnRoleIds,
  type PageQuery,
  pageOffset,
  type SaveColumnMappingBody,
  type SaveColumnMappingResponse,
} from '@pilote/contracts';
import {
  type ColumnMappingRule,
  type HeaderToMap,
  mappingProblems,
  type PortalColumn,
  type PortalMapping,
} from '@pilote/invoices/mapping';
import { SNIFF_BYTES, sniffInvoiceFormat } from '@pilote/invoices/sniff';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditColumnMappings, auditHeadersToMap } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../workers/pool.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import { findAudit } from './repository.ts';
import { type AuditLimits, workerFailureMessage } from './runner.ts';
import type { AuditRunner, AuditsService } from './service.ts';
import { auditTasks } from './tasks.ts';

type MappingRow = typeof auditColumnMappings.$inferSelect;

/** At most this many mappings of an organisation are tried on a file (the newest first). */
const MAPPINGS_TRIED = 200;

const notFound = () => new AppError('NOT_FOUND', COLUMN_MAPPING_MESSAGES.notFound);
const auditNotFound = () => new AppError('NOT_FOUND', 'Audit introuvable.');

const isRole = (value: string): value is PortalColumn => (columnRoleIds as readonly string[]).includes(value);

function toDto(row: MappingRow): ColumnMappingDto {
  return {
    id: row.id,
    signature: row.signature,
    titles: row.titles,
    columns: Object.entries(row.mapping)
      .filter(([, m]) => isRole(m.column))
      .map(([index, m]) => ({ index: Number(index), column: m.column as PortalColumn, unit: m.unit }))
      .sort((a, b) => a.index - b.index),
    supplier: row.supplier,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The organisation's mappings as the reader takes them (newest first, at most MAPPINGS_TRIED). */
export async function mappingRulesOf(db: Database, organisationId: string): Promise<ColumnMappingRule[]> {
  const rows = await db
    .select({ signature: auditColumnMappings.signature, mapping: auditColumnMappings.mapping })
    .from(auditColumnMappings)
    .where(eq(auditColumnMappings.organisationId, organisationId))
    .orderBy(desc(auditColumnMappings.updatedAt))
    .limit(MAPPINGS_TRIED);
  return rows.map((row) => ({ signature: row.signature, mapping: row.mapping as PortalMapping }));
}

/**
 * The audit runner with the column mapping step before it: a table file gets the organisation's mapping of its header
 * (read as the portal reader's CSV), or stops with its header to map (a reading refusal: no unit taken).
 */
export function withColumnMappings(
  deps: { db: Database; limits?: AuditLimits; now?: () => Date },
  inner: AuditRunner,
): AuditRunner {
  const now = deps.now ?? (() => new Date());
  return {
    async run(input, signal) {
      // Only a table file not yet confirmed has columns to map: a PDF, an image, an e-invoice or a confirmed scan
      // goes straight to the reader (no worker slot, no query; the first bytes' sniff is the upload's own, ADR 0085).
      const format = sniffInvoiceFormat(input.bytes.subarray(0, SNIFF_BYTES));
      if (input.reviewed?.scan || (format !== 'xlsx' && format !== 'xls' && format !== 'csv')) {
        return inner.run(input, signal);
      }
      const columnMappings = await mappingRulesOf(deps.db, input.organisationId);
      const step = await runWorkerTask(
        auditTasks.mapColumns,
        { bytes: input.bytes, fileName: input.fileName, columnMappings },
        { ...(deps.limits ?? {}), owner: input.userId, signal },
      );
      if (!step.ok) {
        return { ok: false, message: workerFailureMessage(step.error), found: [] };
      }
      const table = step.value;
      if (table.kind === 'header') {
        await deps.db
          .insert(auditHeadersToMap)
          .values({ auditId: input.auditId, header: { ...table.header }, createdAt: now() })
          .onConflictDoUpdate({
            target: auditHeadersToMap.auditId,
            set: { header: { ...table.header }, createdAt: now() },
          });
        return { ok: false, message: table.refusal.message, found: [...table.refusal.found], readRefused: true };
      }
      if (table.kind === 'none') {
        return inner.run(input, signal);
      }
      const outcome = await inner.run({ ...input, bytes: table.bytes }, signal);
      if (outcome.ok === false || !('invoice' in outcome)) {
        return outcome;
      }
      // The file was read from its mapped CSV: the invoice keeps the file's own format; the mapping learns its supplier.
      const invoice = { ...outcome.invoice, format: table.format };
      if (invoice.supplier) {
        await deps.db
          .update(auditColumnMappings)
          .set({ supplier: invoice.supplier.slice(0, 200) })
          .where(
            and(
              eq(auditColumnMappings.organisationId, input.organisationId),
              eq(auditColumnMappings.signature, table.signature),
            ),
          );
      }
      return { ...outcome, invoice };
    },
  };
}

export interface ColumnMappingsServiceDependencies {
  db: Database;
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  /** Relaunches the audit once its columns are mapped (quota, queue). */
  audits: Pick<AuditsService, 'start'>;
  now?: () => Date;
}

export function createColumnMappingsService(deps: ColumnMappingsServiceDependencies) {
  const { db, access, audits } = deps;
  const now = deps.now ?? (() => new Date());

  async function headerOf(auditId: string): Promise<HeaderToMap | null> {
    const [row] = await db
      .select({ header: auditHeadersToMap.header })
      .from(auditHeadersToMap)
      .where(eq(auditHeadersToMap.auditId, auditId))
      .limit(1);
    return (row?.header as HeaderToMap | undefined) ?? null;
  }

  return {
    /** The columns an audit's file asks to map (null when none is asked); any member of its organisation. */
    async columns(actor: Actor | null, auditId: string): Promise<AuditColumns> {
      const signedIn = requireUser(actor ?? null);
      const { object } = await access.authorise(signedIn, await findAudit(db, auditId), 'read', auditNotFound);
      const header = object.status === 'failed' ? await headerOf(auditId) : null;
      return {
        header: header
          ? {
              signature: header.signature,
              columns: header.columns.map((c) => ({
                index: c.index,
                title: c.title,
                proposed: c.proposed ? { column: c.proposed.column, unit: c.proposed.unit } : null,
                samples: [...c.samples],
              })),
            }
          : null,
      };
    },

    /**
     * The user's mapping of an audit's columns: checked (French problems, 400), kept for the organisation under the
     * header's signature (replacing an older one), then the audit relaunched (one unit, as « Relancer »).
     */
    async save(actor: Actor | null, auditId: string, body: SaveColumnMappingBody): Promise<SaveColumnMappingResponse> {
      const signedIn = requireUser(actor ?? null);
      const { object, organisationId } = await access.authorise(
        signedIn,
        await findAudit(db, auditId),
        'edit',
        auditNotFound,
      );
      const header = object.status === 'failed' ? await headerOf(auditId) : null;
      if (!header) {
        throw new AppError('CONFLICT', COLUMN_MAPPING_MESSAGES.noHeader);
      }
      const mapping: Record<number, { column: PortalColumn; unit: string | null }> = {};
      const details: { path: string; message: string }[] = [];
      for (const [i, c] of body.columns.entries()) {
        if (c.index >= header.columns.length) {
          details.push({ path: `/columns/${i}/index`, message: COLUMN_MAPPING_MESSAGES.index });
        } else if (mapping[c.index]) {
          details.push({ path: `/columns/${i}/index`, message: COLUMN_MAPPING_MESSAGES.index });
        } else {
          mapping[c.index] = { column: c.column, unit: c.unit };
        }
      }
      details.push(...mappingProblems(mapping).map((message) => ({ path: '/columns', message })));
      if (details.length > 0) {
        throw new AppError('VALIDATION_FAILED', details[0]?.message ?? COLUMN_MAPPING_MESSAGES.invalid, { details });
      }
      const at = now();
      const [row] = await db
        .insert(auditColumnMappings)
        .values({
          id: randomUUID(),
          organisationId,
          userId: signedIn.user.id,
          signature: header.signature,
          titles: header.columns.map((c) => c.title),
          mapping,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [auditColumnMappings.organisationId, auditColumnMappings.signature],
          set: { mapping, titles: header.columns.map((c) => c.title), userId: signedIn.user.id, updatedAt: at },
        })
        .returning();
      if (!row) {
        throw new AppError('INTERNAL_ERROR');
      }
      // The header asked goes before the audit is queued: a run that asks again writes it back after.
      await db.delete(auditHeadersToMap).where(eq(auditHeadersToMap.auditId, auditId));
      const started = await audits.start(signedIn, auditId);
      return { id: started.id, status: 'queued', mapping: toDto(row) };
    },

    /** The active organisation's mappings, newest first. */
    async list(actor: Actor | null, query: PageQuery): Promise<ColumnMappingList> {
      const { organisationId } = await access.scope(requireUser(actor ?? null));
      const where = eq(auditColumnMappings.organisationId, organisationId);
      const rows = await db
        .select()
        .from(auditColumnMappings)
        .where(where)
        .orderBy(desc(auditColumnMappings.updatedAt), desc(auditColumnMappings.id))
        .limit(query.pageSize)
        .offset(pageOffset(query));
      const [counted] = await db.select({ total: count() }).from(auditColumnMappings).where(where);
      return { items: rows.map(toDto), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** Deletes a mapping: its author (member) or an admin or owner; the next file with its header asks again. */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const signedIn = requireUser(actor ?? null);
      const [row] = await db.select().from(auditColumnMappings).where(eq(auditColumnMappings.id, id)).limit(1);
      await access.authorise(signedIn, row, 'delete', notFound);
      await db.delete(auditColumnMappings).where(eq(auditColumnMappings.id, id));
    },
  };
}

export type ColumnMappingsService = ReturnType<typeof createColumnMappingsService>;
