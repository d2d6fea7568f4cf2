import type { MandateStatus, PageQuery, StaffMandateListQuery } from '@pilote/contracts';
import { pageOffset } from '@pilote/contracts';
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mandateDocuments, mandates, users } from '../../db/schema.ts';

export type MandateRow = typeof mandates.$inferSelect;
export type NewMandateRow = typeof mandates.$inferInsert;

const ACTIVE: MandateStatus[] = ['pending', 'sent', 'active'];
const INACTIVE: MandateStatus[] = ['revoked', 'expired', 'rejected'];

/**
 * Drizzle queries of the mandates (ADR 0031). The organisation is part of the `where` of owner lists and deletions;
 * a mandate read by id is authorised by the service (ADR 0066).
 */
export function createMandatesRepository(db: Database) {
  return {
    async insert(row: NewMandateRow, pdfEnc: Uint8Array): Promise<MandateRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(mandates).values(row).returning();
        await tx.insert(mandateDocuments).values({ mandateId: row.id, pdfEnc });
        return inserted as MandateRow;
      });
    },

    async findById(id: string): Promise<MandateRow | undefined> {
      const [row] = await db.select().from(mandates).where(eq(mandates.id, id)).limit(1);
      return row;
    },

    /** An organisation's mandates (ADR 0066), newest first, with the active / inactive split. */
    async listOf(organisationId: string, query: PageQuery & { is_active?: boolean | undefined }) {
      const owner = eq(mandates.organisationId, organisationId);
      const where =
        query.is_active === undefined
          ? owner
          : and(owner, inArray(mandates.status, query.is_active ? ACTIVE : INACTIVE));
      const [items, totals, split] = await Promise.all([
        db
          .select()
          .from(mandates)
          .where(where)
          .orderBy(desc(mandates.createdAt), desc(mandates.id))
          .limit(query.pageSize)
          .offset(pageOffset(query)),
        db.select({ total: count() }).from(mandates).where(where),
        db
          .select({
            active: sql<number>`count(*) filter (where ${inArray(mandates.status, ACTIVE)})`.mapWith(Number),
            inactive: sql<number>`count(*) filter (where ${inArray(mandates.status, INACTIVE)})`.mapWith(Number),
          })
          .from(mandates)
          .where(owner),
      ]);
      return {
        items,
        total: totals[0]?.total ?? 0,
        counts: { active: split[0]?.active ?? 0, inactive: split[0]?.inactive ?? 0 },
      };
    },

    async listForStaff(query: StaffMandateListQuery) {
      const filters: SQL[] = [];
      if (query.manager) {
        filters.push(eq(mandates.manager, query.manager));
      }
      if (query.energy_type) {
        filters.push(eq(mandates.energyType, query.energy_type));
      }
      const base = filters.length > 0 ? and(...filters) : undefined;
      const where = query.status === 'all' ? base : and(base, eq(mandates.status, query.status));
      const [items, totals, perStatus] = await Promise.all([
        db
          .select({ mandate: mandates, customer: { id: users.id, email: users.email, name: users.name } })
          .from(mandates)
          .leftJoin(users, eq(users.id, mandates.userId))
          .where(where)
          // The queue: oldest sent first.
          .orderBy(sql`${mandates.sentDate} asc nulls last`, mandates.createdAt, mandates.id)
          .limit(query.pageSize)
          .offset(pageOffset(query)),
        db.select({ total: count() }).from(mandates).where(where),
        db.select({ status: mandates.status, total: count() }).from(mandates).where(base).groupBy(mandates.status),
      ]);
      return { items, total: totals[0]?.total ?? 0, perStatus };
    },

    async customerOf(userId: string | null) {
      if (!userId) {
        return undefined;
      }
      const [row] = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Conditional update: applies only while the row still has one of `from` (no lost race). */
    async transition(
      id: string,
      from: readonly MandateStatus[],
      changes: Partial<NewMandateRow>,
    ): Promise<MandateRow | undefined> {
      const [row] = await db
        .update(mandates)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(mandates.id, id), inArray(mandates.status, [...from])))
        .returning();
      return row;
    },

    async replacePending(
      id: string,
      changes: Partial<NewMandateRow>,
      pdfEnc: Uint8Array,
    ): Promise<MandateRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(mandates)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(mandates.id, id), eq(mandates.status, 'pending'), isNull(mandates.sentDate)))
          .returning();
        if (row) {
          await tx
            .update(mandateDocuments)
            .set({ pdfEnc, createdAt: new Date() })
            .where(eq(mandateDocuments.mandateId, id));
        }
        return row;
      });
    },

    async deletePending(organisationId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(mandates)
        .where(and(eq(mandates.id, id), eq(mandates.organisationId, organisationId), eq(mandates.status, 'pending')))
        .returning({ id: mandates.id });
      return deleted.length > 0;
    },

    async document(id: string): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ pdfEnc: mandateDocuments.pdfEnc })
        .from(mandateDocuments)
        .where(eq(mandateDocuments.mandateId, id))
        .limit(1);
      return row?.pdfEnc;
    },

    // ---- jobs ---------------------------------------------------------------------------------------------

    async expireDue(today: string, now: Date): Promise<MandateRow[]> {
      return db
        .update(mandates)
        .set({ status: 'expired', expiredAt: now, updatedAt: now })
        .where(and(eq(mandates.status, 'active'), sql`${mandates.expiryDate} < ${today}`))
        .returning();
    },

    /** Claims the reminder of each active mandate expiring by `lastDay` (one conditional update per row). */
    async claimReminders(which: 30 | 7, lastDay: string, now: Date): Promise<MandateRow[]> {
      const column = which === 30 ? mandates.reminder30SentAt : mandates.reminder7SentAt;
      const changes =
        which === 30
          ? { reminder30SentAt: now }
          : {
              reminder7SentAt: now,
              reminder30SentAt: sql`coalesce(${mandates.reminder30SentAt}, ${now.toISOString()}::timestamptz)`,
            };
      return db
        .update(mandates)
        .set(changes as Partial<NewMandateRow>)
        .where(and(eq(mandates.status, 'active'), isNull(column), lte(mandates.expiryDate, lastDay)))
        .returning();
    },

    async releaseReminder(which: 30 | 7, id: string): Promise<void> {
      await db
        .update(mandates)
        .set(which === 30 ? { reminder30SentAt: null } : { reminder7SentAt: null })
        .where(eq(mandates.id, id));
    },

    /** Personal data of mandates revoked on or before `before`: cleared, document deleted. */
    async purgeRevoked(before: Date, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const purged = await tx
          .update(mandates)
          .set({
            managerNameEnc: null,
            deliveryPointNumberEnc: null,
            addressEnc: null,
            postalCodeEnc: null,
            cityEnc: null,
            signatureEnc: null,
            evidenceEnc: null,
            purgedAt: now,
            updatedAt: now,
          })
          .where(and(eq(mandates.status, 'revoked'), isNull(mandates.purgedAt), lte(mandates.revokedAt, before)))
          .returning({ id: mandates.id });
        if (purged.length > 0) {
          await tx.delete(mandateDocuments).where(
            inArray(
              mandateDocuments.mandateId,
              purged.map((row) => row.id),
            ),
          );
        }
        return purged.length;
      });
    },

    /** Proof records whose mandate ended (revoked, expired, rejected) on or before `before`. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(mandates)
        .where(
          and(
            inArray(mandates.status, INACTIVE),
            lte(sql`coalesce(${mandates.revokedAt}, ${mandates.expiredAt}, ${mandates.rejectedAt})`, before),
          ),
        )
        .returning({ id: mandates.id });
      return deleted.length;
    },
  };
}

export type MandatesRepository = ReturnType<typeof createMandatesRepository>;
