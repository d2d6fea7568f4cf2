import type { Tso } from '../parameters/atrt8.ts';

/** Consumption profiles of the arrêté du 7 février 2007. */
export type ProfilCode = 'P011' | 'P012' | 'P013' | 'P014' | 'P015' | 'P016' | 'P017' | 'P018' | 'P019';

export const PROFIL_CODES: readonly ProfilCode[] = [
  'P011',
  'P012',
  'P013',
  'P014',
  'P015',
  'P016',
  'P017',
  'P018',
  'P019',
];

export interface Profil {
  readonly code: ProfilCode;
  readonly libelle: string;
}

/** A weather station of the Zi table. */
export interface StationMeteo {
  /** Identifier used in the PITD table and the Zi table (e.g. `PARIS-MONTSOURIS`). */
  readonly code: string;
  /** Météo-France station number. */
  readonly numero: string;
  readonly zoneClimatique: 'H1' | 'H2' | 'H3';
  readonly region: string;
}

/** One row of the PITD table (import format: one row per PITD × commune). */
export interface PitdRow {
  readonly codePitd: string;
  readonly libelle: string;
  readonly communeInsee: string;
  readonly commune: string;
  readonly gestionnaireTransport: Tso;
  readonly gestionnaireDistribution: string;
  /** Niveau de tarif régional, integer 0–10. */
  readonly ntr: number;
  readonly stationMeteo: string;
}

/** Kinds of transport-connected delivery points with a reference table (docs/glossary.md, ADR 0024). */
export type TransportPointKind = 'LI' | 'PIC';

/**
 * One row of an LI or PIC point table (import format: one row per point × commune). A code has one TSO and
 * one NTR: every row of a code repeats them.
 */
export interface TransportPointRow {
  readonly code: string;
  readonly libelle: string;
  readonly communeInsee: string;
  readonly commune: string;
  readonly gestionnaireTransport: Tso;
  /** Niveau de tarif régional, integer 0–10. */
  readonly ntr: number;
}

/** One Zi value: weather station × profile. */
export interface ZiRow {
  readonly stationMeteo: string;
  readonly profil: ProfilCode;
  readonly zi: number;
}

/** A reference dataset with its provenance. */
export interface ReferenceDataset<Row> {
  /** True for the hand-made sample shipped with the package. Results computed with it say so. */
  readonly isSample: boolean;
  readonly description: string;
  readonly source: string;
  readonly rows: readonly Row[];
}
