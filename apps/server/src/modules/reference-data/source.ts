import type { ReferenceDatasetInfo } from '@pilote/contracts';
import {
  findZi as findSampleZi,
  type PitdRow,
  type ProfilCode,
  SAMPLE_PITD,
  SAMPLE_ZI,
  sampleTransportPoints,
} from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { normaliseCommuneName } from './communes.ts';
import {
  type DatasetRecord,
  findActiveDataset,
  findPitdRowsByCode,
  findTransportPointRowsByCode,
  findZi,
  type ReferenceKind,
  referenceStateReader,
  searchPitdCodes,
  searchTransportPointCodes,
  type TransportPointTableKind,
} from './repository.ts';

/** One row of the PITD table as the simulator reads it. */
export interface PitdEntry {
  codePitd: string;
  libelle: string;
  communeInsee: string;
  commune: string;
  tso: string;
  dso: string;
  ntr: number;
  stationMeteo: string;
}

/** True when `commune` (a name, any case/accents, or an INSEE code) is the entry's commune. */
export function sameCommune(entry: PitdEntry, commune: string): boolean {
  return entry.communeInsee === commune || normaliseCommuneName(entry.commune) === normaliseCommuneName(commune);
}

/** The PITD table that answers now: the active imported version, else the sample of @pilote/tariffs. */
export interface PitdTable {
  info: ReferenceDatasetInfo;
  /** Codes whose code or label contains `q` (case-insensitive), sorted, at most `limit`. */
  searchCodes(q: string | undefined, limit: number): Promise<{ code: string; libelle: string }[]>;
  /** The rows (one per commune) of a code; empty when the code is unknown. */
  rowsOf(code: string): Promise<PitdEntry[]>;
}

export interface ZiTable {
  info: ReferenceDatasetInfo;
  ziOf(stationMeteo: string, profil: ProfilCode): Promise<number | undefined>;
}

/** One row of an LI or PIC point table (one per point × commune). */
export interface TransportPointEntry {
  code: string;
  libelle: string;
  communeInsee: string;
  commune: string;
  tso: string;
  ntr: number;
}

/** The LI or PIC point table that answers now: the active imported version, else the labelled sample (ADR 0024). */
export interface TransportPointTable {
  info: ReferenceDatasetInfo;
  searchCodes(q: string | undefined, limit: number): Promise<{ code: string; libelle: string }[]>;
  /** The rows (one per commune) of a code; empty when the code is unknown. */
  rowsOf(code: string): Promise<TransportPointEntry[]>;
}

export interface ReferenceData {
  pitd(): Promise<PitdTable>;
  /** The LI or PIC point table. */
  transportPoints(kind: TransportPointTableKind): Promise<TransportPointTable>;
  zi(): Promise<ZiTable>;
  /**
   * Both tables, with one query for which versions are active; the same query reads the version of the stored
   * tariff values, to pass to `TariffOverlaySource.current()` (ADR 0038: one statement instead of two).
   */
  tables(): Promise<{ pitd: PitdTable; zi: ZiTable; tariffValuesVersion: number }>;
}

function importedInfo(kind: ReferenceKind, dataset: DatasetRecord): ReferenceDatasetInfo {
  return {
    kind,
    isSample: dataset.isSample,
    origin: 'import',
    version: dataset.version,
    sourceFileName: dataset.sourceFileName,
    importedAt: dataset.importedAt.toISOString(),
    rowCount: dataset.rowCount,
    description: `Version ${dataset.version} importée depuis « ${dataset.sourceFileName} »${dataset.isSample ? ' (échantillon)' : ''}.`,
  };
}

function packagedInfo(kind: ReferenceKind): ReferenceDatasetInfo {
  const dataset =
    kind === 'pitd' ? SAMPLE_PITD : kind === 'zi' ? SAMPLE_ZI : sampleTransportPoints(kind === 'li' ? 'LI' : 'PIC');
  return {
    kind,
    isSample: true,
    origin: 'package',
    version: null,
    sourceFileName: null,
    importedAt: null,
    rowCount: dataset.rows.length,
    description: dataset.description,
  };
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const fromSample = (row: PitdRow): PitdEntry => ({
  codePitd: row.codePitd,
  libelle: row.libelle,
  communeInsee: row.communeInsee,
  commune: row.commune,
  tso: row.gestionnaireTransport,
  dso: row.gestionnaireDistribution,
  ntr: row.ntr,
  stationMeteo: row.stationMeteo,
});

const samplePitdTable: PitdTable = {
  info: packagedInfo('pitd'),
  async searchCodes(q, limit) {
    const needle = q ? fold(q) : undefined;
    const byCode = new Map<string, string>();
    for (const row of SAMPLE_PITD.rows) {
      if (!byCode.has(row.codePitd) && (!needle || fold(`${row.codePitd} ${row.libelle}`).includes(needle))) {
        byCode.set(row.codePitd, row.libelle);
      }
    }
    return [...byCode]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([code, libelle]) => ({ code, libelle }));
  },
  async rowsOf(code) {
    return SAMPLE_PITD.rows.filter((row) => row.codePitd === code).map(fromSample);
  },
};

function sampleTransportPointTable(kind: TransportPointTableKind): TransportPointTable {
  const rows = sampleTransportPoints(kind === 'li' ? 'LI' : 'PIC').rows;
  return {
    info: packagedInfo(kind),
    async searchCodes(q, limit) {
      const needle = q ? fold(q) : undefined;
      const byCode = new Map<string, string>();
      for (const row of rows) {
        if (!byCode.has(row.code) && (!needle || fold(`${row.code} ${row.libelle}`).includes(needle))) {
          byCode.set(row.code, row.libelle);
        }
      }
      return [...byCode]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, limit)
        .map(([code, libelle]) => ({ code, libelle }));
    },
    async rowsOf(code) {
      return rows
        .filter((row) => row.code === code)
        .map((row) => ({
          code: row.code,
          libelle: row.libelle,
          communeInsee: row.communeInsee,
          commune: row.commune,
          tso: row.gestionnaireTransport,
          ntr: row.ntr,
        }));
    },
  };
}

const sampleTransportPointTables: Record<TransportPointTableKind, TransportPointTable> = {
  li: sampleTransportPointTable('li'),
  pic: sampleTransportPointTable('pic'),
};

const sampleZiTable: ZiTable = {
  info: packagedInfo('zi'),
  async ziOf(stationMeteo, profil) {
    return findSampleZi(SAMPLE_ZI, stationMeteo, profil);
  },
};

/** A small least-recently-used map (reads of an immutable dataset version). */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      this.map.delete(this.map.keys().next().value as string);
    }
  }
}

/** Entries kept per kind: the PITD codes and (station, profile) pairs recently asked for. */
const READ_CACHE_SIZE = 2000;

/**
 * Reads the active reference datasets (ADR 0011). Each call asks the database which version is active, so an
 * import (or an activation, on any instance) applies to the next request without a restart. The rows of a
 * version never change once imported (an import creates a new version), so the rows read for a code or a
 * (station, profile) pair are kept in memory keyed by the version's id (ADR 0022): no invalidation is needed.
 */
export function createReferenceData(db: Database): ReferenceData {
  const pitdReads = new Lru<Promise<PitdEntry[]>>(READ_CACHE_SIZE);
  const ziReads = new Lru<Promise<number | undefined>>(READ_CACHE_SIZE);
  const pointReads = new Lru<Promise<TransportPointEntry[]>>(READ_CACHE_SIZE);
  const readState = referenceStateReader(db);

  /** Memoised read; a failed read is not kept. */
  function cached<V>(lru: Lru<Promise<V>>, key: string, read: () => Promise<V>): Promise<V> {
    let value = lru.get(key);
    if (!value) {
      value = read();
      lru.set(key, value);
      const pending = value;
      pending.catch(() => {
        if (lru.get(key) === pending) {
          lru.delete(key);
        }
      });
    }
    return value;
  }

  function pitdTable(dataset: DatasetRecord | undefined): PitdTable {
    if (!dataset) {
      return samplePitdTable;
    }
    return {
      info: importedInfo('pitd', dataset),
      searchCodes: (q, limit) => searchPitdCodes(db, dataset.id, q, limit),
      rowsOf: (code) =>
        cached(pitdReads, `${dataset.id}\u0000${code}`, async () => {
          const rows = await findPitdRowsByCode(db, dataset.id, code);
          return rows.map((row) => ({
            codePitd: row.codePitd,
            libelle: row.libelle,
            communeInsee: row.communeInsee,
            commune: row.commune,
            tso: row.tso,
            dso: row.dso,
            ntr: row.ntr,
            stationMeteo: row.stationMeteo,
          }));
        }).then((rows) => rows.map((row) => ({ ...row }))),
    };
  }

  function ziTable(dataset: DatasetRecord | undefined): ZiTable {
    if (!dataset) {
      return sampleZiTable;
    }
    return {
      info: importedInfo('zi', dataset),
      ziOf: (stationMeteo, profil) =>
        cached(ziReads, `${dataset.id}\u0000${stationMeteo}\u0000${profil}`, () =>
          findZi(db, dataset.id, stationMeteo, profil),
        ),
    };
  }

  function transportPointTable(kind: TransportPointTableKind, dataset: DatasetRecord | undefined): TransportPointTable {
    if (!dataset) {
      return sampleTransportPointTables[kind];
    }
    return {
      info: importedInfo(kind, dataset),
      searchCodes: (q, limit) => searchTransportPointCodes(db, dataset.id, q, limit),
      rowsOf: (code) =>
        cached(pointReads, `${dataset.id}\u0000${code}`, async () => {
          const rows = await findTransportPointRowsByCode(db, dataset.id, code);
          return rows.map((row) => ({
            code: row.code,
            libelle: row.libelle,
            communeInsee: row.communeInsee,
            commune: row.commune,
            tso: row.tso,
            ntr: row.ntr,
          }));
        }).then((rows) => rows.map((row) => ({ ...row }))),
    };
  }

  return {
    async pitd() {
      return pitdTable(await findActiveDataset(db, 'pitd'));
    },
    async transportPoints(kind) {
      return transportPointTable(kind, await findActiveDataset(db, kind));
    },
    async zi() {
      return ziTable(await findActiveDataset(db, 'zi'));
    },
    async tables() {
      const { datasets: active, tariffValuesVersion } = await readState();
      return {
        pitd: pitdTable(active.find((d) => d.kind === 'pitd')),
        zi: ziTable(active.find((d) => d.kind === 'zi')),
        tariffValuesVersion,
      };
    },
  };
}
