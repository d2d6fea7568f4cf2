/**
 * The official point tables shipped with the server (ADR 0051): GRDF's Table des PITD and the GTG's Zi table,
 * converted by `scripts/convert-point-tables.mjs` into `apps/server/reference-tables/` with their provenance
 * (`provenance.json`). They answer when no version was imported (the admin import still adds newer versions).
 * Read once per process, lazily, from the folder found above this file (the source tree or `dist/`); never
 * bundled into the SPA.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCsvLine } from '@pilote/invoices/csv';

export const REFERENCE_TABLES_DIR_NAME = 'reference-tables';

/**
 * One line of a shipped CSV: `;`-separated, a field in double quotes when it holds `;` or `"` (`""` inside), as
 * `scripts/convert-point-tables.mjs` writes them (the shipped files have no line break inside a field). A line
 * without a quote (every line of today's files) is split directly; a quoted one goes through the readers' one
 * tokenizer (ADR 0053).
 */
export function splitShippedLine(line: string): string[] {
  if (!line.includes('"')) {
    return line.split(';');
  }
  return splitCsvLine(line) ?? [];
}

/** One shipped file's provenance (`provenance.json`). */
export interface ShippedTableProvenance {
  file: string;
  table: 'pitd' | 'zi' | 'a' | 'p' | 'distributors';
  rows: number;
  title: string;
  publisher: string;
  /** Version date of the official file (YYYY-MM-DD). */
  version: string;
  validity: string;
  source: {
    name: string;
    bytes?: number;
    sha256?: string;
    copyPath?: string;
    container?: { name: string; bytes: number; sha256: string };
  };
  sheet: string;
  notes: Record<string, string>;
  /** French attribution shown with the values (« Source : GRDF, Table des PITD du 20/02/2026… »). */
  attribution: string;
  /** SHA-256 of the shipped CSV file. */
  sha256: string;
}

export interface ShippedTablesManifest {
  description: string;
  licence: string;
  copy: { repository: string; commit: string; note: string };
  files: ShippedTableProvenance[];
}

/** One commune × PITD of the official table (the two rows of a doubled NTR merged into one, with both values). */
export interface OfficialPitdRow {
  communeInsee: string;
  commune: string;
  /** INSEE code of the commune nouvelle the commune merged into, or '' (rows stay under the former commune). */
  communeAbsorbanteInsee: string;
  communeAbsorbante: string;
  codePitd: string;
  libelle: string;
  stationCode: string;
  stationMeteo: string;
  zoneClimatique: string;
  /** The distributor serving the commune: the rank-2 GRD when there is one, else the rank-1 GRD. */
  dso: string;
  grdRang1: string;
  grdRang2: string;
  tso: 'NaTran' | 'Teréga';
  /** Column « Coefficient tarif de proximité » (1, 1.75 or 3). */
  coefficientTp: number;
  /** Non-péréqué concession: its NIV coefficient; null for a péréqué commune (`P`). */
  coefficientNiv: number | null;
  ntr: number;
  /** Two NTR values marked « (*) » for this PITD (e.g. DX0001: 0 and 2): the user chooses, with the footnote. */
  ntrChoices: number[] | null;
  natureGaz: string;
  zoneSortie: string;
}

export interface OfficialZiRow {
  stationCode: string;
  stationMeteo: string;
  profil: string;
  zi: number;
}

/** The folder holding the shipped tables: the first `reference-tables` above this module (src or dist). */
export function referenceTablesDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, REFERENCE_TABLES_DIR_NAME);
    if (existsSync(path.join(candidate, 'provenance.json'))) {
      return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`Dossier ${REFERENCE_TABLES_DIR_NAME}/ introuvable au-dessus de ${from}.`);
    }
    dir = parent;
  }
}

/**
 * Rows of a shipped CSV as records keyed by its header. A line without a quote is split on `;` directly (the common
 * case: read on the first reference-data request of a process, so it must be quick); a quoted one goes through the
 * readers' CSV tokenizer ({@link splitShippedLine}).
 */
export function readShippedCsv(text: string): Record<string, string>[] {
  const [head = '', ...lines] = text.split('\n').filter((line) => line !== '');
  const header = splitShippedLine(head);
  return lines.map((line) => {
    const fields = splitShippedLine(line);
    const record: Record<string, string> = {};
    for (let index = 0; index < header.length; index += 1) {
      record[header[index] as string] = fields[index] ?? '';
    }
    return record;
  });
}

export function readManifest(dir: string = referenceTablesDir()): ShippedTablesManifest {
  return JSON.parse(readFileSync(path.join(dir, 'provenance.json'), 'utf8')) as ShippedTablesManifest;
}

function provenanceOf(manifest: ShippedTablesManifest, table: ShippedTableProvenance['table']): ShippedTableProvenance {
  const entry = manifest.files.find((file) => file.table === table);
  if (!entry) {
    throw new Error(`provenance.json ne décrit aucune table « ${table} ».`);
  }
  return entry;
}

/** The fields of each line of a shipped CSV, and the column index of each header name. */
function readShippedLines(text: string): { column: (name: string) => number; lines: string[][] } {
  const [head = '', ...lines] = text.split('\n').filter((line) => line !== '');
  const header = splitShippedLine(head);
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) {
      throw new Error(`Colonne « ${name} » absente de la table livrée.`);
    }
    return index;
  };
  return { column, lines: lines.map((line) => splitShippedLine(line)) };
}

function toPitdRows(text: string): OfficialPitdRow[] {
  const { column, lines } = readShippedLines(text);
  const c = {
    insee: column('commune_insee'),
    commune: column('commune'),
    absorbanteInsee: column('commune_absorbante_insee'),
    absorbante: column('commune_absorbante'),
    tp: column('coefficient_tp'),
    perequation: column('perequation'),
    code: column('code_pitd'),
    libelle: column('libelle'),
    stationCode: column('station_code'),
    station: column('station_meteo'),
    zone: column('zone_climatique'),
    grd: column('grd'),
    grd2: column('grd_rang2'),
    tso: column('gestionnaire_transport'),
    gaz: column('nature_gaz'),
    ntr: column('ntr'),
    renvoi: column('ntr_renvoi'),
    sortie: column('zone_sortie'),
  };
  const byKey = new Map<string, OfficialPitdRow>();
  for (const f of lines) {
    const at = (index: number) => f[index] ?? '';
    const ntr = Number(at(c.ntr));
    const key = `${at(c.code)}|${at(c.insee)}`;
    const existing = byKey.get(key);
    if (existing) {
      // The second row of a doubled NTR (« DREUX NTR=0 » / « DREUX NTR=2 »): one commune, two values.
      existing.ntrChoices = [...new Set([...(existing.ntrChoices ?? [existing.ntr]), ntr])].sort((a, b) => a - b);
      continue;
    }
    const doubled = at(c.renvoi) === '1';
    const perequation = at(c.perequation);
    byKey.set(key, {
      communeInsee: at(c.insee),
      commune: at(c.commune),
      communeAbsorbanteInsee: at(c.absorbanteInsee),
      communeAbsorbante: at(c.absorbante),
      codePitd: at(c.code),
      libelle: doubled ? at(c.libelle).replace(/\s*NTR=\d+$/, '') : at(c.libelle),
      stationCode: at(c.stationCode),
      stationMeteo: at(c.station),
      zoneClimatique: at(c.zone),
      dso: at(c.grd2) || at(c.grd),
      grdRang1: at(c.grd),
      grdRang2: at(c.grd2),
      tso: at(c.tso) === 'Teréga' ? 'Teréga' : 'NaTran',
      coefficientTp: Number(at(c.tp)),
      coefficientNiv: perequation === 'P' || perequation === 'NP' ? null : Number(perequation),
      ntr,
      ntrChoices: doubled ? [ntr] : null,
      natureGaz: at(c.gaz),
      zoneSortie: at(c.sortie),
    });
  }
  return [...byKey.values()];
}

export interface OfficialTables {
  manifest: ShippedTablesManifest;
  pitd: { provenance: ShippedTableProvenance; rows: OfficialPitdRow[]; ntrFootnote: string };
  zi: { provenance: ShippedTableProvenance; rows: OfficialZiRow[] };
}

let loaded: OfficialTables | undefined;

/** The shipped tables, read on first use and kept for the process (about 10 000 PITD rows). */
export function officialTables(): OfficialTables {
  if (!loaded) {
    const dir = referenceTablesDir();
    const manifest = readManifest(dir);
    const pitd = provenanceOf(manifest, 'pitd');
    const zi = provenanceOf(manifest, 'zi');
    const ziRecords = readShippedCsv(readFileSync(path.join(dir, zi.file), 'utf8'));
    loaded = {
      manifest,
      pitd: {
        provenance: pitd,
        rows: toPitdRows(readFileSync(path.join(dir, pitd.file), 'utf8')),
        ntrFootnote: pitd.notes.ntrRenvoi ?? '',
      },
      zi: {
        provenance: zi,
        rows: ziRecords.map((r) => ({
          stationCode: r.station_code as string,
          stationMeteo: r.station_meteo as string,
          profil: r.profil as string,
          zi: Number(r.zi),
        })),
      },
    };
  }
  return loaded;
}

/** A station name folded for a lookup: « BORDEAUX MERIGNAC » and « BORDEAUX-MERIGNAC » are one station. */
export function stationKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * Paris, Lyon and Marseille: the address base answers the arrondissement's INSEE code, the PITD table the
 * commune's (75101–75120 → 75056, 69381–69389 → 69123, 13201–13216 → 13055).
 */
export function communeOfArrondissement(insee: string): string {
  if (/^751(0[1-9]|1\d|20)$/.test(insee)) {
    return '75056';
  }
  if (/^6938[1-9]$/.test(insee)) {
    return '69123';
  }
  if (/^132(0[1-9]|1[0-6])$/.test(insee)) {
    return '13055';
  }
  return insee;
}
