import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DailyConsumption } from '../../adapters/operator-data/types.ts';
import type { Database } from '../../db/client.ts';
import {
  consumptionDatasets,
  consumptionReadings,
  mandateOperatorAccess,
  mandates,
  organisationMembers,
} from '../../db/schema.ts';

export type OperatorAccessRow = typeof mandateOperatorAccess.$inferSelect;
export type OperatorAccessChanges = Partial<Omit<typeof mandateOperatorAccess.$inferInsert, 'mandateId'>>;

/** The period and the number of days stored in a mandate's series. */
export interface SeriesStats {
  datasetId: string;
  start: string;
  end: string;
  days: number;
}

const BATCH = 500;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
const r = consumptionReadings;

/**
 * Storage of the operator side of mandates (ADR 0072): the access right's row, and the mandate's consumption series
 * (a `consumption_datasets` row of source_format 'operator', one per mandate, whose days are upserted on their
 * primary key (dataset, date): a sync run twice stores each day once).
 */
export function createOperatorRepository(db: Database) {
  return {
    async access(mandateId: string): Promise<OperatorAccessRow | undefined> {
      const [row] = await db.select().from(mandateOperatorAccess).where(eq(mandateOperatorAccess.mandateId, mandateId));
      return row;
    },

    async accessOf(mandateIds: readonly string[]): Promise<Map<string, OperatorAccessRow>> {
      if (mandateIds.length === 0) {
        return new Map();
      }
      const rows = await db
        .select()
        .from(mandateOperatorAccess)
        .where(inArray(mandateOperatorAccess.mandateId, [...mandateIds]));
      return new Map(rows.map((row) => [row.mandateId, row]));
    },

    /** Starts the operator side of a mandate (send); a second call keeps the first row. */
    async start(mandateId: string, source: 'demo' | 'adict', now: Date): Promise<void> {
      await db
        .insert(mandateOperatorAccess)
        .values({ mandateId, source, accessState: 'declaring', createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    },

    async update(mandateId: string, changes: OperatorAccessChanges, now: Date): Promise<void> {
      await db
        .update(mandateOperatorAccess)
        .set({ ...changes, updatedAt: now })
        .where(eq(mandateOperatorAccess.mandateId, mandateId));
    },

    /** Period and days of the series of each mandate that has one. */
    async seriesStats(mandateIds: readonly string[]): Promise<Map<string, SeriesStats>> {
      if (mandateIds.length === 0) {
        return new Map();
      }
      const d = consumptionDatasets;
      const rows = await db
        .select({
          mandateId: d.mandateId,
          datasetId: d.id,
          start: sql<string>`min(${r.date})::text`,
          end: sql<string>`max(${r.date})::text`,
          days: sql<number>`(count(*) filter (where ${r.quality} <> 'manquant'))::int`,
        })
        .from(d)
        .innerJoin(r, eq(r.datasetId, d.id))
        .where(inArray(d.mandateId, [...mandateIds]))
        .groupBy(d.id);
      return new Map(
        rows.flatMap((row) =>
          row.mandateId === null
            ? []
            : [[row.mandateId, { datasetId: row.datasetId, start: row.start, end: row.end, days: row.days }]],
        ),
      );
    },

    /**
     * Where a mandate's data is stored: its organisation, else (a mandate made before organisations owned objects)
     * the owner's first organisation.
     */
    async organisationOf(row: { organisationId: string | null; userId: string }): Promise<string | null> {
      if (row.organisationId) {
        return row.organisationId;
      }
      const [member] = await db
        .select({ id: organisationMembers.organisationId })
        .from(organisationMembers)
        .where(eq(organisationMembers.userId, row.userId))
        .orderBy(asc(organisationMembers.createdAt))
        .limit(1);
      return member?.id ?? null;
    },

    /**
     * The last stored day with a value, or null; `published`: the last PUBLISHED day (informative days, stored ahead
     * of publication, do not move the published read's start).
     */
    async lastDay(mandateId: string, published = false): Promise<string | null> {
      const [row] = await db
        .select({ last: sql<string | null>`max(${r.date})::text` })
        .from(r)
        .innerJoin(consumptionDatasets, eq(consumptionDatasets.id, r.datasetId))
        .where(
          and(
            eq(consumptionDatasets.mandateId, mandateId),
            published
              ? sql`${r.operatorQuality} in ('published', 'estimated', 'corrected')`
              : sql`${r.quality} <> 'manquant'`,
          ),
        );
      return row?.last ?? null;
    },

    /**
     * Stores one page of days in one transaction: the series is created on first use; a day already stored is
     * replaced (a correction), never added twice; the days between the first and the last without a value are
     * kept as missing (`manquant`), as an imported file's (consumption_readings' invariant). Informative days
     * (`kind = 'informative'`, ADR 0076) are stored with operator_quality `informative` only where no published day
     * is: they fill a missing or informative day, never replace a published one; a published day replaces them.
     */
    async storeDays(
      series: {
        mandateId: string;
        userId: string;
        organisationId: string;
        pce: string;
        source: 'demo' | 'adict';
        label: string;
      },
      days: readonly DailyConsumption[],
      now: Date,
      kind: 'published' | 'informative' = 'published',
    ): Promise<number> {
      const informative = kind === 'informative';
      // Daily values only (GRDF's end of a gas day is the same day or the next one); a monthly meter's monthly value
      // is not a day of the series (ADR 0072).
      const daily = days.filter((day) => day.endDate <= nextDay(day.date) && Number.isFinite(day.kwh) && day.kwh >= 0);
      if (daily.length === 0) {
        return 0;
      }
      return db.transaction(async (tx) => {
        await tx
          .insert(consumptionDatasets)
          .values({
            id: crypto.randomUUID(),
            userId: series.userId,
            organisationId: series.organisationId,
            pce: series.pce,
            label: series.label,
            sourceFormat: 'operator',
            sourceFileName: null,
            unit: 'kWh',
            conversionCoefficient: null,
            mandateId: series.mandateId,
            operatorSource: series.source,
            createdAt: now,
          })
          .onConflictDoNothing();
        const [dataset] = await tx
          .select({ id: consumptionDatasets.id })
          .from(consumptionDatasets)
          .where(eq(consumptionDatasets.mandateId, series.mandateId));
        if (!dataset) {
          throw new Error('operator series not created');
        }
        for (let start = 0; start < daily.length; start += BATCH) {
          await tx
            .insert(r)
            .values(
              daily.slice(start, start + BATCH).map((day) => ({
                datasetId: dataset.id,
                date: day.date,
                kwh: day.kwh,
                quality: !informative && day.quality === 'estimated' ? 'estime' : 'mesure',
                volumeM3: day.volumeM3,
                coefficient: null,
                sourceLine: null,
                operatorQuality: informative ? 'informative' : day.quality,
              })),
            )
            .onConflictDoUpdate({
              target: [r.datasetId, r.date],
              set: {
                kwh: sql`excluded.kwh`,
                quality: sql`excluded.quality`,
                volumeM3: sql`excluded.volume_m3`,
                operatorQuality: sql`excluded.operator_quality`,
              },
              // Published wins: an informative day only fills a missing day or replaces an informative one.
              ...(informative
                ? { setWhere: sql`${r.quality} = 'manquant' or ${r.operatorQuality} = 'informative'` }
                : {}),
            });
        }
        await tx.execute(sql`
          insert into consumption_readings (dataset_id, date, quality)
          select ${dataset.id}, day::date, 'manquant'
          from generate_series(
            (select min(date) from consumption_readings where dataset_id = ${dataset.id}),
            (select max(date) from consumption_readings where dataset_id = ${dataset.id}),
            interval '1 day'
          ) as day
          on conflict do nothing`);
        return daily.length;
      });
    },

    /**
     * The fetched data of mandates revoked or expired on or before `before` (the 30-day purge): their series and
     * their contractual and technical data. Returns how many mandates lost data.
     */
    async purgeFetched(before: Date, now: Date): Promise<number> {
      const ended = await db
        .select({ id: mandates.id })
        .from(mandates)
        .where(
          or(
            and(eq(mandates.status, 'revoked'), lte(mandates.revokedAt, before)),
            and(eq(mandates.status, 'expired'), lte(mandates.expiredAt, before)),
          ),
        );
      const ids = ended.map((row) => row.id);
      if (ids.length === 0) {
        return 0;
      }
      return db.transaction(async (tx) => {
        const series = await tx
          .delete(consumptionDatasets)
          .where(inArray(consumptionDatasets.mandateId, ids))
          .returning({ mandateId: consumptionDatasets.mandateId });
        const cleared = await tx
          .update(mandateOperatorAccess)
          .set({ contractual: null, technical: null, updatedAt: now })
          .where(
            and(
              inArray(mandateOperatorAccess.mandateId, ids),
              or(isNotNull(mandateOperatorAccess.contractual), isNotNull(mandateOperatorAccess.technical)),
            ),
          )
          .returning({ mandateId: mandateOperatorAccess.mandateId });
        return new Set([...series.map((row) => row.mandateId), ...cleared.map((row) => row.mandateId)]).size;
      });
    },

    /** Active mandates whose right is active at the operator (the daily sync). */
    async syncable(): Promise<string[]> {
      const rows = await db
        .select({ id: mandates.id })
        .from(mandates)
        .innerJoin(mandateOperatorAccess, eq(mandateOperatorAccess.mandateId, mandates.id))
        .where(
          and(
            eq(mandates.status, 'active'),
            eq(mandateOperatorAccess.accessState, 'active'),
            isNull(mandates.purgedAt),
            isNotNull(mandates.userId),
          ),
        );
      return rows.map((row) => row.id);
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
