import type { ReferenceDatasetInfo } from '@pilote/contracts';
import { type ProfilCode, sampleTransportPoints } from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { normaliseCommuneName } from './communes.ts';
import { communeOfArrondissement, type OfficialPitdRow, officialTables, stationKey } from './official-tables.ts';
import {
  type DatasetRecord,
  findActiveDataset,
  findPitdCommunes,
  findPitdRowsByCode,
  findPitdRowsByCommune,
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
  /**
   * The shipped official table only (ADR 0051): the PITD has two NTR values marked « (*) » (e.g. DX0001: 0 and
   * 2); the user chooses one, with the table's footnote. Absent or null otherwise.
   */
  ntrChoices?: number[] | null;
  /** The shipped official table only: NIV coefficient of a non-péréqué commune, null when péréqué. */
  coefficientNiv?: number | null;
}

/** True when `commune` (a name, any case/accents, or an INSEE code) is the entry's commune. */
export function sameCommune(entry: PitdEntry, commune: string): boolean {
  return entry.communeInsee === commune || normaliseCommuneName(entry.commune) === normaliseCommuneName(commune);
}

/**
 * The rows of `rows` whose commune is `commune` ({@link sameCommune}), in their order; `null` when `rows` is empty
 * (an unknown code). The asked commune is normalised once, not once per row.
 */
function rowsMatching(rows: PitdEntry[], commune: string): PitdEntry[] | null {
  if (rows.length === 0) {
    return null;
  }
  const wanted = normaliseCommuneName(commune);
  return rows.filter((row) => row.communeInsee === commune || normaliseCommuneName(row.commune) === wanted);
}

/** The PITD table that answers now: the active imported version, else the shipped official table (ADR 0051). */
export interface PitdTable {
  info: ReferenceDatasetInfo;
  /** Codes whose code or label contains `q` (case-insensitive), sorted, at most `limit`. */
  searchCodes(q: string | undefined, limit: number): Promise<{ code: string; libelle: string }[]>;
  /** The rows (one per commune) of a code; empty when the code is unknown. */
  rowsOf(code: string): Promise<PitdEntry[]>;
  /**
   * The rows of a code whose commune is `commune` (a name, any case/accents, or an INSEE code: {@link sameCommune}),
   * in `rowsOf`'s order; `null` when the code is unknown. The shipped table answers from an index built once per
   * code (a code can have a thousand communes: GD1057, Paris, has 936), not by normalising every row per request.
   */
  rowsOfCodeInCommune(code: string, commune: string): Promise<PitdEntry[] | null>;
  /**
   * The PITD rows of a commune by INSEE code (an arrondissement of Paris, Lyon or Marseille counts as its commune;
   * a commune nouvelle finds the rows of the communes it absorbed): the address search's pre-fill (issue #23 §4).
   */
  rowsOfCommune(insee: string): Promise<PitdEntry[]>;
  /**
   * The PITD rows of every commune named `name` (any case, accents, hyphens; « St » = « Saint »; a postal code in
   * brackets is ignored): the NTR of a point from the commune printed on an invoice (issue #25 §7). Homonyms
   * (several INSEE codes) all answer; the caller asks the user when their NTR differ.
   */
  rowsOfCommuneName(name: string): Promise<PitdEntry[]>;
  /** The footnote of the doubled NTR values (shipped official table), else null. */
  ntrFootnote: string | null;
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

/** The shipped official PITD / Zi table (ADR 0051): not a sample, its provenance in the answer. */
function officialInfo(kind: 'pitd' | 'zi'): ReferenceDatasetInfo {
  const table = officialTables()[kind];
  const { provenance } = table;
  return {
    kind,
    isSample: false,
    origin: 'package',
    version: null,
    sourceFileName: provenance.source.name,
    importedAt: null,
    rowCount: table.rows.length,
    description: `${provenance.title}, ${provenance.publisher}, version du ${provenance.version.split('-').reverse().join('/')} (table officielle livrée avec l’application).`,
    provenance: {
      publisher: provenance.publisher,
      title: provenance.title,
      version: provenance.version,
      attribution: provenance.attribution,
      sha256: provenance.source.sha256 ?? provenance.sha256,
    },
  };
}

function packagedInfo(kind: TransportPointTableKind): ReferenceDatasetInfo {
  const dataset = sampleTransportPoints(kind === 'li' ? 'LI' : 'PIC');
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

/** The PITD fields every table has (an imported version, the shipped official one). */
type PitdFields = Pick<
  PitdEntry,
  'codePitd' | 'libelle' | 'communeInsee' | 'commune' | 'tso' | 'dso' | 'ntr' | 'stationMeteo'
>;

/** A row of an imported PITD version (its own copy: the caller may change it). */
const pitdEntryOf = (row: PitdFields): PitdEntry => ({
  codePitd: row.codePitd,
  libelle: row.libelle,
  communeInsee: row.communeInsee,
  commune: row.commune,
  tso: row.tso,
  dso: row.dso,
  ntr: row.ntr,
  stationMeteo: row.stationMeteo,
});

/** A row of the official table: an imported row's fields, with the NTR choices and the NIV it alone has. */
const fromOfficial = (row: OfficialPitdRow): PitdEntry => ({
  ...pitdEntryOf(row),
  ntrChoices: row.ntrChoices,
  coefficientNiv: row.coefficientNiv,
});

/** `localeCompare(…, 'fr')` without looking the locale up at each comparison. */
const frenchOrder = new Intl.Collator('fr').compare;
/** The root locale's order: what `a.localeCompare(b)` without a locale uses. */
const defaultOrder = new Intl.Collator().compare;

const byCodeThenCommune = (a: OfficialPitdRow, b: OfficialPitdRow) =>
  defaultOrder(a.codePitd, b.codePitd) || frenchOrder(a.commune, b.commune);
const byCommuneThenInsee = (a: OfficialPitdRow, b: OfficialPitdRow) =>
  frenchOrder(a.commune, b.commune) || defaultOrder(a.communeInsee, b.communeInsee);

/** The rows of one code in `rowsOf`'s order, with their communes normalised: built once per code and process. */
interface OfficialCodeIndex {
  rows: readonly OfficialPitdRow[];
  communes: readonly string[];
}

/**
 * The shipped official PITD table (ADR 0051), indexed once per process: rows by code and by commune, each list
 * sorted (and, per code, its communes normalised) on first use and kept; a request copies the rows it answers.
 */
function createOfficialPitdTable(): PitdTable {
  const { pitd } = officialTables();
  const byCode = new Map<string, OfficialPitdRow[]>();
  const byCommune = new Map<string, OfficialPitdRow[]>();
  const add = (map: Map<string, OfficialPitdRow[]>, key: string, row: OfficialPitdRow) => {
    const list = map.get(key);
    if (list) {
      list.push(row);
    } else {
      map.set(key, [row]);
    }
  };
  for (const row of pitd.rows) {
    add(byCode, row.codePitd, row);
    add(byCommune, row.communeInsee, row);
    if (row.communeAbsorbanteInsee && row.communeAbsorbanteInsee !== row.communeInsee) {
      add(byCommune, row.communeAbsorbanteInsee, row);
    }
  }
  const codes = [...byCode]
    .map(([code, rows]) => ({
      code,
      libelle: (rows[0] as OfficialPitdRow).libelle,
      folded: fold(`${code} ${(rows[0] as OfficialPitdRow).libelle}`),
    }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const codeIndexes = new Map<string, OfficialCodeIndex>();
  const codeIndex = (code: string): OfficialCodeIndex | undefined => {
    let index = codeIndexes.get(code);
    const rows = byCode.get(code);
    if (!index && rows) {
      const sorted = [...rows].sort(byCommuneThenInsee);
      index = { rows: sorted, communes: sorted.map((row) => normaliseCommuneName(row.commune)) };
      codeIndexes.set(code, index);
      officialIndexStats.codeIndexesBuilt += 1;
    }
    return index;
  };
  const sortedByCommune = new Map<string, readonly OfficialPitdRow[]>();
  let byCommuneName: Map<string, OfficialPitdRow[]> | undefined;
  return {
    info: officialInfo('pitd'),
    ntrFootnote: pitd.ntrFootnote || null,
    async searchCodes(q, limit) {
      const needle = q ? fold(q) : undefined;
      const found: { code: string; libelle: string }[] = [];
      for (const item of codes) {
        if (!needle || item.folded.includes(needle)) {
          found.push({ code: item.code, libelle: item.libelle });
          if (found.length >= limit) {
            break;
          }
        }
      }
      return found;
    },
    async rowsOf(code) {
      return (codeIndex(code)?.rows ?? []).map(fromOfficial);
    },
    async rowsOfCodeInCommune(code, commune) {
      const index = codeIndex(code);
      if (!index) {
        return null;
      }
      const wanted = normaliseCommuneName(commune);
      const found: PitdEntry[] = [];
      index.rows.forEach((row, at) => {
        if (row.communeInsee === commune || index.communes[at] === wanted) {
          found.push(fromOfficial(row));
        }
      });
      return found;
    },
    async rowsOfCommune(insee) {
      const key = communeOfArrondissement(insee.toUpperCase());
      let sorted = sortedByCommune.get(key);
      if (!sorted) {
        sorted = [...(byCommune.get(key) ?? [])].sort(byCodeThenCommune);
        if (sorted.length > 0) {
          sortedByCommune.set(key, sorted);
        }
      }
      return sorted.map(fromOfficial);
    },
    async rowsOfCommuneName(name) {
      if (!byCommuneName) {
        byCommuneName = new Map();
        for (const row of pitd.rows) {
          add(byCommuneName, normaliseCommuneName(row.commune), row);
        }
      }
      return [...(byCommuneName.get(communeNameKey(name)) ?? [])].sort(byCodeThenCommune).map(fromOfficial);
    },
  };
}

/** A printed commune's name as the tables' key: « Nice (06000) » and « NICE » are « nice ». */
export function communeNameKey(name: string): string {
  return normaliseCommuneName(name.replace(/\(\s*\d{5}\s*\)|\b\d{5}\b/g, ' '));
}

/** How many per-code indexes the shipped PITD table built in this process (tests: once per code, not per request). */
export const officialIndexStats = { codeIndexesBuilt: 0 };

let officialPitd: PitdTable | undefined;
export const officialPitdTable = (): PitdTable => {
  officialPitd ??= createOfficialPitdTable();
  return officialPitd;
};

/**
 * Reads the shipped official tables and indexes them now (about 10 000 rows: a few tens of ms, several times that on
 * a loaded machine). The server calls it before listening, so that the first request needing them does not hold the
 * event loop while others wait (load shedding would answer them 503).
 */
export function warmOfficialTables(): void {
  officialPitdTable();
  officialZiTable();
}

let officialZi: ZiTable | undefined;
/** The shipped official Zi table (ADR 0051): looked up by station name, whatever its spelling. */
export const officialZiTable = (): ZiTable => {
  if (!officialZi) {
    const { zi } = officialTables();
    const values = new Map(zi.rows.map((row) => [`${stationKey(row.stationMeteo)}|${row.profil}`, row.zi]));
    officialZi = {
      info: officialInfo('zi'),
      async ziOf(stationMeteo, profil) {
        return values.get(`${stationKey(stationMeteo)}|${profil}`);
      },
    };
  }
  return officialZi;
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
  const communeNames = new Lru<Promise<Map<string, string[]>>>(4);

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
      return officialPitdTable();
    }
    const rowsOf = (code: string): Promise<PitdEntry[]> =>
      cached(pitdReads, `${dataset.id}\u0000${code}`, async () => {
        const rows = await findPitdRowsByCode(db, dataset.id, code);
        return rows.map(pitdEntryOf);
      }).then((rows) => rows.map((row) => ({ ...row })));
    return {
      info: importedInfo('pitd', dataset),
      ntrFootnote: null,
      searchCodes: (q, limit) => searchPitdCodes(db, dataset.id, q, limit),
      rowsOf,
      rowsOfCodeInCommune: async (code, commune) => rowsMatching(await rowsOf(code), commune),
      rowsOfCommune: async (insee) =>
        (await findPitdRowsByCommune(db, dataset.id, communeOfArrondissement(insee.toUpperCase()))).map(pitdEntryOf),
      async rowsOfCommuneName(name) {
        // The version's communes (immutable once imported) by normalised name, read once per version: names are
        // compared without accents, which SQL cannot do the same way on every engine.
        const names = cached(communeNames, dataset.id, async () => {
          const map = new Map<string, string[]>();
          for (const row of await findPitdCommunes(db, dataset.id)) {
            const key = normaliseCommuneName(row.commune);
            map.set(key, [...(map.get(key) ?? []), row.communeInsee]);
          }
          return map;
        });
        const insees = (await names).get(communeNameKey(name)) ?? [];
        const rows = await Promise.all(insees.map((insee) => findPitdRowsByCommune(db, dataset.id, insee)));
        return rows.flat().map(pitdEntryOf);
      },
    };
  }

  function ziTable(dataset: DatasetRecord | undefined): ZiTable {
    if (!dataset) {
      return officialZiTable();
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
