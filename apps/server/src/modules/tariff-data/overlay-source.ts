/**
 * The stored dated values as the engine's overlay (ADR 0025), cached per instance and checked on every read with
 * one indexed query: `max(id)` of `tariff_parameter_values`. Rows are only ever added, so the highest id changes
 * on every write, whichever instance or process (CLI, another server) wrote it; a reader whose cached id differs
 * reloads the table (small: a few rows per grid change). No TTL, no message bus: the next request after a write
 * sees it everywhere.
 */
import {
  createParameterOverlay,
  type OverlayValue,
  overlayValueProblem,
  PARAMETER_REGISTRY,
  type Parameter,
  type ParameterOverlay,
  type ParameterUnit,
  type ValueStatus,
} from '@pilote/tariffs';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { findAllValueVersions, latestValueIdReader, type StoredValueRecord } from './repository.ts';

export interface StoredOverlay {
  readonly overlay: ParameterOverlay;
  /** The current version of each (parameter, date) that has one, `set` or `withdraw`, keyed `id\u0000date`. */
  readonly current: ReadonlyMap<string, StoredValueRecord>;
  /** The highest row id read. */
  readonly latestId: number;
}

export interface TariffOverlaySource {
  /**
   * The overlay in force now (one small query when nothing changed). `knownVersion`: the highest value id the
   * caller has just read in this request (ReferenceData.tables(), ADR 0038), which spares that query.
   */
  current(knownVersion?: number): Promise<StoredOverlay>;
}

export const storedKey = (parameterId: string, validFrom: string) => `${parameterId}\u0000${validFrom}`;

/** The latest version of every (parameter, date). */
export function latestVersions(rows: readonly StoredValueRecord[]): Map<string, StoredValueRecord> {
  const latest = new Map<string, StoredValueRecord>();
  for (const row of rows) {
    const key = storedKey(row.parameterId, row.validFrom);
    const known = latest.get(key);
    if (!known || known.version < row.version) {
      latest.set(key, row);
    }
  }
  return latest;
}

export function toOverlayValue(row: StoredValueRecord): OverlayValue {
  return {
    parameterId: row.parameterId,
    from: row.validFrom,
    value: row.value,
    unit: row.unit as ParameterUnit,
    references: row.references,
    status: row.status as ValueStatus,
    notes: row.note || null,
  };
}

/** Builds the overlay of the rows; a row that no longer fits the packaged registry is skipped and logged. */
export function buildStoredOverlay(
  rows: readonly StoredValueRecord[],
  registry: readonly Parameter[] = PARAMETER_REGISTRY,
  logger?: Pick<FastifyBaseLogger, 'warn'>,
): StoredOverlay {
  const current = latestVersions(rows);
  const params = new Map(registry.map((p) => [p.id, p]));
  const values: OverlayValue[] = [];
  for (const row of current.values()) {
    if (row.action !== 'set') {
      continue;
    }
    const value = toOverlayValue(row);
    const problem = overlayValueProblem(value, params.get(row.parameterId));
    if (problem) {
      logger?.warn({ parameterId: row.parameterId, validFrom: row.validFrom, problem }, 'stored tariff value skipped');
      continue;
    }
    values.push(value);
  }
  const latestId = rows.reduce((m, row) => Math.max(m, row.id), 0);
  return { overlay: createParameterOverlay(values, registry, `stored:${latestId}`), current, latestId };
}

export function createTariffOverlaySource(db: Database, logger?: Pick<FastifyBaseLogger, 'warn'>): TariffOverlaySource {
  let cached: StoredOverlay | null = null;
  const latestValueId = latestValueIdReader(db);
  let loading: Promise<StoredOverlay> | null = null;

  /** One load at a time per instance; the cache only moves forward. */
  function load(): Promise<StoredOverlay> {
    if (!loading) {
      loading = findAllValueVersions(db)
        .then((rows) => {
          const built = buildStoredOverlay(rows, PARAMETER_REGISTRY, logger);
          if (!cached || built.latestId > cached.latestId) {
            cached = built;
          }
          return cached;
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  return {
    async current(knownVersion) {
      const latest = knownVersion ?? (await latestValueId());
      if (cached && cached.latestId >= latest) {
        return cached;
      }
      let loaded = await load();
      if (loaded.latestId < latest) {
        // The shared load began before the write we saw: one more, begun after it.
        loaded = await load();
      }
      return loaded;
    },
  };
}
