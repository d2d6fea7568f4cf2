import type { ReferenceDatasetInfo } from '@pilote/contracts';
import { findZi as findSampleZi, type PitdRow, type ProfilCode, SAMPLE_PITD, SAMPLE_ZI } from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { normaliseCommuneName } from './communes.ts';
import {
  type DatasetRecord,
  findActiveDataset,
  findPitdRowsByCode,
  findZi,
  type ReferenceKind,
  searchPitdCodes,
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

export interface ReferenceData {
  pitd(): Promise<PitdTable>;
  zi(): Promise<ZiTable>;
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
  const dataset = kind === 'pitd' ? SAMPLE_PITD : SAMPLE_ZI;
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

const sampleZiTable: ZiTable = {
  info: packagedInfo('zi'),
  async ziOf(stationMeteo, profil) {
    return findSampleZi(SAMPLE_ZI, stationMeteo, profil);
  },
};

/**
 * Reads the active reference datasets (ADR 0011). Each call asks the database which version is active, so an
 * import applies to the next request without a restart.
 */
export function createReferenceData(db: Database): ReferenceData {
  return {
    async pitd() {
      const dataset = await findActiveDataset(db, 'pitd');
      if (!dataset) {
        return samplePitdTable;
      }
      return {
        info: importedInfo('pitd', dataset),
        searchCodes: (q, limit) => searchPitdCodes(db, dataset.id, q, limit),
        async rowsOf(code) {
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
        },
      };
    },
    async zi() {
      const dataset = await findActiveDataset(db, 'zi');
      if (!dataset) {
        return sampleZiTable;
      }
      return {
        info: importedInfo('zi', dataset),
        ziOf: (stationMeteo, profil) => findZi(db, dataset.id, stationMeteo, profil),
      };
    },
  };
}
