import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tariffDataAudit, tariffParameterValues } from '../../db/schema.ts';

export type StoredValueRecord = typeof tariffParameterValues.$inferSelect;
export type StoredValueInsert = typeof tariffParameterValues.$inferInsert;
export type AuditRecord = typeof tariffDataAudit.$inferSelect;
/** A transaction or the database itself. */
type Executor = Pick<Database, 'select' | 'insert' | 'execute'>;

/**
 * The highest row id (0 when empty): it changes on every write (rows are only ever added), on any instance or
 * process. Prepared once per database (ADR 0038): asked on every simulation.
 */
export function latestValueIdReader(db: Database): () => Promise<number> {
  const query = db
    .select({ id: max(tariffParameterValues.id) })
    .from(tariffParameterValues)
    .prepare('tariff_values_latest_id');
  return async () => {
    const [row] = await query.execute();
    return row?.id ?? 0;
  };
}

/** Every stored version (small table: a few rows per grid change), oldest first. */
export async function findAllValueVersions(db: Database): Promise<StoredValueRecord[]> {
  return db.select().from(tariffParameterValues).orderBy(tariffParameterValues.id);
}

/**
 * Serialises the writers of one (parameter, date) until the transaction ends, so two admins (or instances) cannot
 * both take the same next version number.
 */
export async function lockValueKey(tx: Executor, parameterId: string, validFrom: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tariff-value:${parameterId}:${validFrom}`}))`);
}

/** The versions of one (parameter, date), newest first. */
export async function findVersions(tx: Executor, parameterId: string, validFrom: string): Promise<StoredValueRecord[]> {
  return tx
    .select()
    .from(tariffParameterValues)
    .where(and(eq(tariffParameterValues.parameterId, parameterId), eq(tariffParameterValues.validFrom, validFrom)))
    .orderBy(desc(tariffParameterValues.version));
}

export async function insertValueVersion(tx: Executor, row: StoredValueInsert): Promise<StoredValueRecord> {
  const [inserted] = await tx.insert(tariffParameterValues).values(row).returning();
  if (!inserted) {
    throw new Error('tariff value insert returned nothing');
  }
  return inserted;
}

export async function insertAudit(tx: Executor, row: typeof tariffDataAudit.$inferInsert): Promise<void> {
  await tx.insert(tariffDataAudit).values(row);
}

/** The audit row of a reference-table import made outside the panel (the `tariffs:import` CLI). */
export async function auditCliReferenceImport(
  db: Database,
  input: { importedBy: string; kind: string; version: number; rowCount: number; fileName: string; datasetId: string },
): Promise<void> {
  await insertAudit(db, {
    id: crypto.randomUUID(),
    action: 'reference.import',
    actorId: null,
    actorEmail: input.importedBy,
    summary: `Table ${{ pitd: 'des PITD', zi: 'Zi', li: 'des points LI', pic: 'des points PIC' }[input.kind] ?? input.kind} : version ${input.version} importée en ligne de commande depuis « ${input.fileName} » (${input.rowCount} ligne(s)).`,
    details: { kind: input.kind, version: input.version, datasetId: input.datasetId, fileName: input.fileName },
  });
}

export async function findAudit(
  db: Database,
  options: { limit: number; offset: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(tariffDataAudit)
      .orderBy(desc(tariffDataAudit.createdAt), desc(tariffDataAudit.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(tariffDataAudit),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
