/**
 * Pure parsers/validators for the reference-data import files (moved from @pilote/tariffs, ADR 0053). No IO: the
 * server reads the file, calls these functions and persists the rows (all or nothing). Errors are French and name
 * the line number (line 1 is the header).
 *
 * Format: UTF-8 (a BOM is accepted), `;` separator, header required, one record per line, optional
 * double quotes around a field (`""` inside quotes for a literal quote). Empty lines are ignored. Cut by the one
 * tokenizer ({@link tokenizeCsvLine}) within the readers' limits.
 */
import {
  isProfilCode,
  normaliseTso,
  type PitdRow,
  parseFrenchNumber,
  type TransportPointRow,
  type Tso,
  type ZiRow,
} from '@pilote/tariffs';
import { csvPhysicalLines, splitCsvLine, tokenizeCsvLine } from '../csv/tokenizer.ts';

export const PITD_CSV_HEADER = [
  'code_pitd',
  'libelle',
  'commune_insee',
  'commune',
  'gestionnaire_transport',
  'gestionnaire_distribution',
  'ntr',
  'station_meteo',
] as const;

export const ZI_CSV_HEADER = ['station_meteo', 'profil', 'zi'] as const;

/** LI and PIC point tables (one row per point × commune; ADR 0024). */
export const TRANSPORT_POINT_CSV_HEADER = [
  'code',
  'libelle',
  'commune_insee',
  'commune',
  'gestionnaire_transport',
  'ntr',
] as const;

export interface CsvLineError {
  /** 1-based line number in the file (the header is line 1). */
  readonly line: number;
  readonly message: string;
}

export type CsvParseResult<Row> =
  | { readonly ok: true; readonly rows: readonly Row[] }
  | { readonly ok: false; readonly errors: readonly CsvLineError[] };

export interface CsvParseOptions {
  /** Stop collecting errors after this many (default 50). */
  readonly maxErrors?: number;
}

/** Formats errors as one French message per line, e.g. for a CLI or an API error. */
export function formatCsvErrors(errors: readonly CsvLineError[]): string {
  return errors.map((e) => `Ligne ${e.line} : ${e.message}`).join('\n');
}

const INSEE = /^(\d{5}|2[AB]\d{3})$/;

interface RawLine {
  readonly line: number;
  readonly fields: readonly string[];
}

function readTable(
  text: string,
  header: readonly string[],
  errors: CsvLineError[],
): { lines: RawLine[]; headerOk: boolean } {
  const lines: RawLine[] = [];
  const read = csvPhysicalLines(text);
  if (!read.ok) {
    errors.push({ line: 1, message: read.message });
    return { lines, headerOk: false };
  }
  const physical = read.lines;
  const first = physical[0] ?? '';
  if (first.trim() === '') {
    errors.push({ line: 1, message: `fichier vide ou en-tête manquant (attendu : ${header.join(';')}).` });
    return { lines, headerOk: false };
  }
  const headerFields = splitCsvLine(first)?.map((h) => h.toLowerCase());
  if (!headerFields || headerFields.join(';') !== header.join(';')) {
    errors.push({
      line: 1,
      message: `en-tête invalide : « ${first.trim()} » (attendu : ${header.join(';')}, séparateur « ; »).`,
    });
    return { lines, headerOk: false };
  }
  for (let i = 1; i < physical.length; i += 1) {
    const raw = physical[i] ?? '';
    if (raw.trim() === '') {
      continue;
    }
    const lineNumber = i + 1;
    const tokens = tokenizeCsvLine(raw);
    if (!tokens.ok) {
      errors.push({ line: lineNumber, message: tokens.message });
      continue;
    }
    const { fields } = tokens;
    if (fields.length !== header.length) {
      errors.push({
        line: lineNumber,
        message: `${fields.length} colonne(s) au lieu de ${header.length} (séparateur attendu : « ; »).`,
      });
      continue;
    }
    lines.push({ line: lineNumber, fields });
  }
  return { lines, headerOk: true };
}

function finish<Row>(
  rows: Row[],
  errors: CsvLineError[],
  maxErrors: number,
  emptyMessage: string,
): CsvParseResult<Row> {
  if (errors.length === 0 && rows.length === 0) {
    errors.push({ line: 2, message: emptyMessage });
  }
  if (errors.length > 0) {
    const sorted = [...errors].sort((a, b) => a.line - b.line);
    return { ok: false, errors: sorted.slice(0, maxErrors) };
  }
  return { ok: true, rows };
}

/** Adds « le champ « name » est vide. » when `value` is empty. */
function requireFilled(name: string, value: string, lineErrors: string[]): void {
  if (!value) {
    lineErrors.push(`le champ « ${name} » est vide.`);
  }
}

function checkInsee(communeInsee: string, lineErrors: string[]): void {
  if (!INSEE.test(communeInsee)) {
    lineErrors.push(
      `le champ « commune_insee » doit être un code INSEE à 5 caractères (valeur : « ${communeInsee} »).`,
    );
  }
}

function readTso(transport: string, lineErrors: string[]): Tso | undefined {
  const tso = normaliseTso(transport);
  if (!tso) {
    lineErrors.push(`le champ « gestionnaire_transport » doit valoir NaTran ou Teréga (valeur : « ${transport} »).`);
  }
  return tso;
}

/** The NTR (integer 0–10), or NaN with its message. */
function readNtr(ntrText: string, lineErrors: string[]): number {
  const ntr = /^\d{1,2}$/.test(ntrText) ? Number(ntrText) : Number.NaN;
  if (!Number.isInteger(ntr) || ntr < 0 || ntr > 10) {
    lineErrors.push(`le champ « ntr » doit être un entier entre 0 et 10 (valeur : « ${ntrText} »).`);
  }
  return ntr;
}

/** Moves a line's messages to the file's errors; true when the line had none (its row can be kept). */
function keepLine(line: number, lineErrors: readonly string[], errors: CsvLineError[]): boolean {
  for (const message of lineErrors) {
    errors.push({ line, message });
  }
  return lineErrors.length === 0;
}

/** Parses and validates a PITD table CSV (`code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo`). */
export function parsePitdCsv(text: string, options: CsvParseOptions = {}): CsvParseResult<PitdRow> {
  const maxErrors = options.maxErrors ?? 50;
  const errors: CsvLineError[] = [];
  const { lines } = readTable(text, PITD_CSV_HEADER, errors);
  const rows: PitdRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of lines) {
    const [codePitd, libelle, communeInsee, commune, transport, distribution, ntrText, station] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const lineErrors: string[] = [];
    requireFilled('code_pitd', codePitd, lineErrors);
    requireFilled('libelle', libelle, lineErrors);
    checkInsee(communeInsee, lineErrors);
    requireFilled('commune', commune, lineErrors);
    const tso = readTso(transport, lineErrors);
    requireFilled('gestionnaire_distribution', distribution, lineErrors);
    const ntr = readNtr(ntrText, lineErrors);
    requireFilled('station_meteo', station, lineErrors);
    const key = `${codePitd}|${communeInsee}`;
    const previous = seen.get(key);
    if (codePitd && previous !== undefined) {
      lineErrors.push(
        `doublon du couple code_pitd « ${codePitd} » / commune_insee « ${communeInsee} » (déjà ligne ${previous}).`,
      );
    }
    if (!keepLine(line, lineErrors, errors)) {
      continue;
    }
    seen.set(key, line);
    rows.push({
      codePitd,
      libelle,
      communeInsee,
      commune,
      gestionnaireTransport: tso as Tso,
      gestionnaireDistribution: distribution,
      ntr,
      stationMeteo: station,
    });
  }
  return finish(rows, errors, maxErrors, 'aucune ligne de données après l’en-tête.');
}

/** Parses and validates a Zi table CSV (`station_meteo;profil;zi`). Numbers: {@link parseFrenchNumber}. */
export function parseZiCsv(text: string, options: CsvParseOptions = {}): CsvParseResult<ZiRow> {
  const maxErrors = options.maxErrors ?? 50;
  const errors: CsvLineError[] = [];
  const { lines } = readTable(text, ZI_CSV_HEADER, errors);
  const rows: ZiRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of lines) {
    const [station, profil, ziText] = fields as [string, string, string];
    const lineErrors: string[] = [];
    requireFilled('station_meteo', station, lineErrors);
    const profilCode = profil.toUpperCase();
    if (!isProfilCode(profilCode)) {
      lineErrors.push(`le champ « profil » doit valoir P011 à P019 (valeur : « ${profil} »).`);
    }
    const zi = parseFrenchNumber(ziText) ?? Number.NaN;
    if (!Number.isFinite(zi) || zi <= 0) {
      lineErrors.push(`le champ « zi » doit être un nombre strictement positif (valeur : « ${ziText} »).`);
    }
    const key = `${station}|${profilCode}`;
    const previous = seen.get(key);
    if (station && previous !== undefined) {
      lineErrors.push(`doublon station « ${station} » / profil « ${profilCode} » (déjà ligne ${previous}).`);
    }
    if (!keepLine(line, lineErrors, errors)) {
      continue;
    }
    seen.set(key, line);
    rows.push({ stationMeteo: station, profil: profilCode as ZiRow['profil'], zi });
  }
  return finish(rows, errors, maxErrors, 'aucune ligne de données après l’en-tête.');
}

/**
 * Parses and validates an LI or PIC point table CSV (`code;libelle;commune_insee;commune;gestionnaire_transport;ntr`),
 * one row per point × commune. Every row of a code must repeat the same TSO and NTR (a point has one of each).
 */
export function parseTransportPointCsv(text: string, options: CsvParseOptions = {}): CsvParseResult<TransportPointRow> {
  const maxErrors = options.maxErrors ?? 50;
  const errors: CsvLineError[] = [];
  const { lines } = readTable(text, TRANSPORT_POINT_CSV_HEADER, errors);
  const rows: TransportPointRow[] = [];
  const seen = new Map<string, number>();
  const firstOfCode = new Map<string, { line: number; tso: Tso; ntr: number }>();
  for (const { line, fields } of lines) {
    const [code, libelle, communeInsee, commune, transport, ntrText] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const lineErrors: string[] = [];
    requireFilled('code', code, lineErrors);
    requireFilled('libelle', libelle, lineErrors);
    checkInsee(communeInsee, lineErrors);
    requireFilled('commune', commune, lineErrors);
    const tso = readTso(transport, lineErrors);
    const ntr = readNtr(ntrText, lineErrors);
    const key = `${code}|${communeInsee}`;
    const previous = seen.get(key);
    if (code && previous !== undefined) {
      lineErrors.push(
        `doublon du couple code « ${code} » / commune_insee « ${communeInsee} » (déjà ligne ${previous}).`,
      );
    }
    const first = code ? firstOfCode.get(code) : undefined;
    if (first && tso && first.tso !== tso) {
      lineErrors.push(
        `le point « ${code} » a déjà le gestionnaire de transport ${first.tso} (ligne ${first.line}) : un point n'a qu'un GRT.`,
      );
    }
    if (first && Number.isInteger(ntr) && first.ntr !== ntr) {
      lineErrors.push(
        `le point « ${code} » a déjà le NTR ${first.ntr} (ligne ${first.line}) : un point n'a qu'un NTR.`,
      );
    }
    if (!keepLine(line, lineErrors, errors)) {
      continue;
    }
    seen.set(key, line);
    if (!first) {
      firstOfCode.set(code, { line, tso: tso as Tso, ntr });
    }
    rows.push({ code, libelle, communeInsee, commune, gestionnaireTransport: tso as Tso, ntr });
  }
  return finish(rows, errors, maxErrors, 'aucune ligne de données après l’en-tête.');
}
