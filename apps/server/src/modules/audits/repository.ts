import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditClaimLetters, audits, organisations, sites, users } from '../../db/schema.ts';
import type { LetterSender } from './claim-letter.ts';
import { organisationsOf } from './review.ts';

export type AuditRecord = typeof audits.$inferSelect;
export type NewAudit = typeof audits.$inferInsert;

export async function insertAudit(db: Database, audit: NewAudit): Promise<void> {
  await db.insert(audits).values(audit);
}

export async function findAudit(db: Database, id: string): Promise<AuditRecord | undefined> {
  const [row] = await db.select().from(audits).where(eq(audits.id, id)).limit(1);
  return row;
}

/** An audit's place in its file (ADR 0086): 0 for a file of one invoice and for the first invoice of several. */
const partIndex = sql<number>`coalesce((${audits.part}->>'index')::int, 0)`;

/** The audit created from an upload: the file's first (its other invoices' audits share its storage URI, ADR 0086). */
export async function findAuditByStorageUri(db: Database, storageUri: string): Promise<AuditRecord | undefined> {
  const [row] = await db
    .select()
    .from(audits)
    .where(eq(audits.storageUri, storageUri))
    .orderBy(asc(partIndex))
    .limit(1);
  return row;
}

/** The audits of one stored file in an organisation, in the file's order (ADR 0086). */
export async function findAuditsOfFile(
  db: Database,
  storageUri: string,
  organisationId: string,
): Promise<AuditRecord[]> {
  return db
    .select()
    .from(audits)
    .where(and(eq(audits.storageUri, storageUri), eq(audits.organisationId, organisationId)))
    .orderBy(asc(partIndex), asc(audits.id));
}

/** Inserts the audits of a file's other invoices; one already there (same file and place) is left as it is. */
export async function insertSiblingAudits(db: Database, rows: NewAudit[]): Promise<void> {
  if (rows.length > 0) {
    await db.insert(audits).values(rows).onConflictDoNothing();
  }
}

/** The organisation's sites among these ids or of these PCE (the site each invoice of a file belongs to). */
export async function findSitesOfAudits(
  db: Database,
  organisationId: string,
  ids: readonly string[],
  pces: readonly string[],
): Promise<{ id: string; name: string; pce: string }[]> {
  const which = [
    ...(ids.length > 0 ? [inArray(sites.id, [...ids])] : []),
    ...(pces.length > 0 ? [inArray(sites.pce, [...pces])] : []),
  ];
  if (which.length === 0) {
    return [];
  }
  return db
    .select({ id: sites.id, name: sites.name, pce: sites.pce })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), or(...which)))
    .orderBy(asc(sites.name), asc(sites.id));
}

/** An organisation's audits (ADR 0066), newest first. */
export async function listAuditsOf(
  db: Database,
  organisationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const rows = await db
    .select()
    .from(audits)
    .where(eq(audits.organisationId, organisationId))
    .orderBy(desc(audits.createdAt), asc(partIndex), desc(audits.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(audits).where(eq(audits.organisationId, organisationId));
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Moves an audit from one of `from` to `to` in one conditional update; false when it was not in `from` (a double
 * start, a job that lost a race).
 */
export async function transitionAudit(
  db: Database,
  id: string,
  from: AuditRecord['status'][],
  to: AuditRecord['status'],
  patch: Partial<NewAudit> = {},
): Promise<boolean> {
  const updated = await db
    .update(audits)
    .set({ ...patch, status: to })
    .where(and(eq(audits.id, id), inArray(audits.status, from)))
    .returning({ id: audits.id });
  return updated.length === 1;
}

export async function findClaimLetter(db: Database, auditId: string, version: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ bytes: auditClaimLetters.bytes })
    .from(auditClaimLetters)
    .where(and(eq(auditClaimLetters.auditId, auditId), eq(auditClaimLetters.rendererVersion, version)))
    .limit(1);
  return row?.bytes;
}

export async function saveClaimLetter(
  db: Database,
  auditId: string,
  version: string,
  bytes: Uint8Array,
): Promise<void> {
  await db
    .insert(auditClaimLetters)
    .values({ auditId, rendererVersion: version, bytes })
    .onConflictDoNothing({ target: [auditClaimLetters.auditId, auditClaimLetters.rendererVersion] });
}

/**
 * The sender of a claim letter: the user's name and e-mail, and the identity of the audit's organisation
 * (`organisationId`, ADR 0066; without it, the user's active one): name, SIREN, VAT number and postal address
 * (ADR 0071).
 */
export async function findUserContact(db: Database, userId: string, organisationId?: string): Promise<LetterSender> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [senderOrganisationId] = organisationId ? [organisationId] : await organisationsOf(db, userId);
  const [organisation] = senderOrganisationId
    ? await db
        .select({
          name: organisations.name,
          siren: organisations.siren,
          vatNumber: organisations.vatNumber,
          address: organisations.address,
        })
        .from(organisations)
        .where(eq(organisations.id, senderOrganisationId))
        .limit(1)
    : [];
  return {
    name: row?.name ?? '',
    email: row?.email ?? '',
    organisation: organisation
      ? {
          name: organisation.name,
          siren: organisation.siren,
          vatNumber: organisation.vatNumber,
          address: organisation.address
            ? {
                address: organisation.address.address,
                postal_code: organisation.address.postal_code,
                city: organisation.address.city,
              }
            : null,
        }
      : null,
  };
}
