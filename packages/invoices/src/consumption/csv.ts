/**
 * Daily gas consumption files → one reading per day (issue 5, item 1). Pure: no IO, no clock. The server reads
 * the text, calls {@link parseConsumptionCsv} and stores the result in one transaction (nothing half-imported).
 *
 * Two layouts (ADR 0013, docs/api.md § Consumption data):
 *
 * - **simple**: `date;kWh` — header optional, an optional third column `qualité`; dates `YYYY-MM-DD` or
 *   `DD/MM/YYYY`; comma or dot decimals, spaces as thousands separators.
 * - **grdf**: the GRDF daily export (« Mes données de consommation », monespace.grdf.fr — an Excel sheet, saved
 *   as CSV). A few title lines, then a header row with `Date de relevé`, `Index de début`, `Index de fin`,
 *   `Volume consommé (m3)`, `Energie consommée (kWh)`, `Coefficient de conversion`, `Température locale (°C)`
 *   and a quality column (`Type de relève` in the export; the ADICT API field names `journeeGaziere`,
 *   `volumeBrutConsomme`, `energieConsomme`, `coeffConversion`, `qualificationReleve` are accepted too), plus
 *   `N° PCE` in multi-point exports. Columns are found by name (case, accents, units and their order do not
 *   matter); unknown columns are ignored. Energy in kWh is used when given, else volume (m³) × coefficient
 *   (the row's, or the one given at import).
 *
 * Numbers: {@link parseFrenchNumber} (comma or point decimals, spaces as thousands separators, ambiguous forms
 * refused). Separator: `;`, tab, or `,` (detected on the header / first line; use `;` when decimals use a comma).
 * With `,` a decimal comma splits its value in two (`2025-01-01,10,5`): a row with more fields than the header,
 * or a number where the quality goes, is refused as ambiguous with its line number — never read as 10 kWh.
 * Errors are French and name the physical line of the file (line 1 = first line, blank lines counted).
 * Moved from @pilote/tariffs (ADR 0053): cut by the one tokenizer ({@link tokenizeCsvLine}) within the readers'
 * limits; the result types live here, with the reader.
 */
import { addDays, type IsoDate, isIsoDate, parseFrenchNumber, type QualiteJour, toDayNumber } from '@pilote/tariffs';
import { csvPhysicalLines, detectSeparator, splitCsvLine, tokenizeCsvLine } from '../csv/tokenizer.ts';

export type ConsumptionFileFormat = 'simple' | 'grdf';

/** One day as stored: energy in kWh (null when the day is missing), its quality and, for volumes, the raw data. */
export interface ReleveJournalier {
  readonly date: IsoDate;
  readonly kwh: number | null;
  readonly qualite: QualiteJour;
  /** Volume (m³) when the energy was computed from it, else null. */
  readonly volumeM3: number | null;
  /** Conversion coefficient (kWh/m³) used for that volume, else null. */
  readonly coefficient: number | null;
  /** Line of the file, or null for a day absent from the file (stored as `manquant`). */
  readonly line: number | null;
}

export interface ConsumptionParseError {
  /** Physical line of the file (1-based), or null for an error about the whole file. */
  readonly line: number | null;
  readonly message: string;
}

export interface ConsumptionParseOptions {
  /** `auto` (default) detects the layout from the header. */
  readonly format?: 'auto' | ConsumptionFileFormat;
  /** kWh/m³ applied to volumes of rows without their own coefficient. */
  readonly coefficientConversion?: number;
  /** The PCE the file is imported for: a PCE column with another value is refused. */
  readonly expectedPce?: string;
  /** Stop after this many errors (default 50). */
  readonly maxErrors?: number;
  /** Longest span accepted, first to last day (default {@link MAX_CONSUMPTION_DAYS}). */
  readonly maxDays?: number;
}

export type ConsumptionParseResult =
  | {
      readonly ok: true;
      readonly format: ConsumptionFileFormat;
      /** `kWh` when energies were read, `m3` when every energy was computed from volumes. */
      readonly unit: 'kWh' | 'm3';
      /** The PCE found in the file (14 digits), if any. */
      readonly pce: string | null;
      /** Every day from the first to the last, sorted; days absent from the file are `manquant` with `line: null`. */
      readonly releves: readonly ReleveJournalier[];
      /** Days absent from the file inside the covered range (added as `manquant`). */
      readonly joursAjoutes: number;
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly errors: readonly ConsumptionParseError[] };

/** About ten years of days: the longest span one dataset may cover. */
export const MAX_CONSUMPTION_DAYS = 3660;
/** Conversion coefficients outside ]0, 20] kWh/m³ are refused (natural gas: about 9.5 to 12.8). */
export const MAX_CONVERSION_COEFFICIENT = 20;

/** The message given when no layout is recognised (also the documentation of the accepted headers). */
export const UNRECOGNISED_HEADER_MESSAGE =
  'format de fichier non reconnu. Formats acceptés : CSV simple « date;kWh » (en-tête facultatif, 3ᵉ colonne « qualité » facultative, dates AAAA-MM-JJ ou JJ/MM/AAAA) ; export journalier GRDF avec une ligne d’en-tête contenant « Date de relevé » et « Energie consommée (kWh) » ou « Volume consommé (m3) » (+ « Coefficient de conversion »), « Type de relève » / « Qualité » et « N° PCE » facultatifs.';

/** Formats errors one per line: `Ligne 17 : date invalide « 2025-13-01 ».` */
export function formatConsumptionErrors(errors: readonly ConsumptionParseError[]): string[] {
  return errors.map((e) => (e.line === null ? capitalise(e.message) : `Ligne ${e.line} : ${e.message}`));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower case, no accents, `³` → 3, every run of other characters → one space. */
export function normaliseHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/³/g, '3')
    .replace(/([a-z]{2})([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type Column = 'date' | 'energie' | 'volume' | 'coefficient' | 'qualite' | 'pce';

/** Which column a header names (null: ignored, e.g. index or temperature). Order matters: `coef…(kWh/m3)` first. */
function columnOf(header: string): Column | null {
  const h = normaliseHeader(header);
  if (h === '') {
    return null;
  }
  if (h.startsWith('coef')) {
    return 'coefficient';
  }
  if (
    h === 'date' ||
    h === 'jour' ||
    h.startsWith('date de releve') ||
    h.startsWith('date releve') ||
    h.startsWith('date de consommation') ||
    h.startsWith('journee gaziere')
  ) {
    return 'date';
  }
  if (h.startsWith('energie') || h === 'kwh' || h === 'consommation kwh' || h === 'conso kwh') {
    return 'energie';
  }
  if (h.startsWith('volume')) {
    return 'volume';
  }
  if (
    h.startsWith('qualification') ||
    h.startsWith('qualite') ||
    h.startsWith('type de releve') ||
    h.startsWith('type releve') ||
    h.startsWith('nature releve') ||
    h.startsWith('nature de releve')
  ) {
    return 'qualite';
  }
  if (/^(n|no|num|numero|numero de|identifiant|id)? ?pce( id)?$/.test(h)) {
    return 'pce';
  }
  return null;
}

const DATE_SHAPE = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4})([ T].*)?$/;

/** `YYYY-MM-DD` or `DD/MM/YYYY`, optionally followed by a time (ignored). Null when not a real date. */
export function parseConsumptionDate(value: string): IsoDate | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/.exec(text);
  let date: string | null = null;
  if (iso) {
    date = `${iso[1]}-${(iso[2] as string).padStart(2, '0')}-${(iso[3] as string).padStart(2, '0')}`;
  } else if (fr) {
    date = `${fr[3]}-${(fr[2] as string).padStart(2, '0')}-${(fr[1] as string).padStart(2, '0')}`;
  }
  return date && isIsoDate(date) ? date : null;
}

const QUALITY_WORDS: Readonly<Record<string, QualiteJour>> = {
  // measured by the operator (or an index read on the meter)
  mesure: 'mesure',
  mesuree: 'mesure',
  mes: 'mesure',
  m: 'mesure',
  reel: 'mesure',
  reelle: 'mesure',
  releve: 'mesure',
  'releve reel': 'mesure',
  'auto releve': 'mesure',
  autoreleve: 'mesure',
  measured: 'mesure',
  // estimated, computed or corrected by the operator
  estime: 'estime',
  estimee: 'estime',
  est: 'estime',
  e: 'estime',
  estimation: 'estime',
  corrige: 'estime',
  corrigee: 'estime',
  cor: 'estime',
  calcule: 'estime',
  calculee: 'estime',
  estimated: 'estime',
  // no data for the day
  manquant: 'manquant',
  manquante: 'manquant',
  absent: 'manquant',
  absence: 'manquant',
  'absence de donnees': 'manquant',
  'absence de donnee': 'manquant',
  abs: 'manquant',
  nd: 'manquant',
  'non disponible': 'manquant',
  indisponible: 'manquant',
  missing: 'manquant',
};

/** Maps a quality label of a GRDF export (or our own words) to measured / estimated / missing. */
export function parseQualite(value: string): QualiteJour | null {
  return QUALITY_WORDS[normaliseHeader(value)] ?? null;
}

const SEPARATORS = [';', '\t', ','] as const;

interface Layout {
  format: ConsumptionFileFormat;
  separator: string;
  /** Index of the header line in `physical`, or -1 when there is none. */
  headerIndex: number;
  columns: Partial<Record<Column, number>>;
  width: number | null;
  /** Fields of the named header row (null for the simple layout). */
  headerWidth: number | null;
}

/** Finds a named header (GRDF export or a named `date;kWh` header) among the first 40 lines. */
function findNamedHeader(physical: readonly string[]): Layout | null {
  const limit = Math.min(physical.length, 40);
  for (let index = 0; index < limit; index += 1) {
    const raw = physical[index] ?? '';
    if (raw.trim() === '') {
      continue;
    }
    for (const separator of SEPARATORS) {
      if (separator !== ',' && !raw.includes(separator)) {
        continue;
      }
      const fields = splitCsvLine(raw, separator);
      if (!fields) {
        continue;
      }
      const columns: Partial<Record<Column, number>> = {};
      fields.forEach((field, position) => {
        const column = columnOf(field);
        if (column && columns[column] === undefined) {
          columns[column] = position;
        }
      });
      if (columns.date !== undefined && (columns.energie !== undefined || columns.volume !== undefined)) {
        const normalised = fields.map(normaliseHeader);
        const grdfNames = normalised.some(
          (h) => h.startsWith('date de releve') || h.startsWith('journee gaziere') || h.startsWith('energie consomm'),
        );
        const grdf =
          grdfNames ||
          columns.volume !== undefined ||
          columns.coefficient !== undefined ||
          columns.pce !== undefined ||
          fields.length > 3;
        return {
          format: grdf ? 'grdf' : 'simple',
          separator,
          headerIndex: index,
          columns,
          width: null,
          headerWidth: fields.length,
        };
      }
    }
  }
  return null;
}

/** The simple layout: first non-blank line is data (starts with a date) or an unnamed header. */
function simpleLayout(physical: readonly string[]): Layout | null {
  const first = physical.findIndex((line) => line.trim() !== '');
  if (first < 0) {
    return null;
  }
  const separator = detectSeparator(physical[first] as string);
  const fields = splitCsvLine(physical[first] as string, separator) ?? [];
  const firstIsData = DATE_SHAPE.test((fields[0] ?? '').trim());
  if (!firstIsData) {
    if (fields.length < 2 || fields.length > 3) {
      return null;
    }
    // An unnamed header is only accepted when the next non-blank line starts with a date.
    const next = physical.findIndex((line, i) => i > first && line.trim() !== '');
    const nextFields = next >= 0 ? (splitCsvLine(physical[next] as string, separator) ?? []) : [];
    if (!DATE_SHAPE.test((nextFields[0] ?? '').trim())) {
      return null;
    }
  } else if (fields.length < 2) {
    return null;
  }
  return {
    format: 'simple',
    separator,
    headerIndex: firstIsData ? -1 : first,
    columns: { date: 0, energie: 1, qualite: 2 },
    width: 3,
    headerWidth: null,
  };
}

/**
 * Parses a daily consumption file. All or nothing: any bad row gives `ok: false` with French, line-numbered
 * errors (at most `maxErrors`). Days missing inside the covered range are returned as `manquant`.
 */
export function parseConsumptionCsv(text: string, options: ConsumptionParseOptions = {}): ConsumptionParseResult {
  const maxErrors = options.maxErrors ?? 50;
  const maxDays = options.maxDays ?? MAX_CONSUMPTION_DAYS;
  const read = csvPhysicalLines(text);
  if (!read.ok) {
    return { ok: false, errors: [{ line: null, message: read.message }] };
  }
  const physical = read.lines;
  if (physical.every((line) => line.trim() === '')) {
    return { ok: false, errors: [{ line: null, message: 'le fichier est vide.' }] };
  }

  const wanted = options.format ?? 'auto';
  const named = findNamedHeader(physical);
  let layout: Layout | null = null;
  if (wanted === 'grdf') {
    layout = named ? { ...named, format: 'grdf' } : null;
  } else if (wanted === 'simple') {
    layout = named && named.format === 'simple' ? named : simpleLayout(physical);
  } else {
    layout = named ?? simpleLayout(physical);
  }
  if (!layout) {
    const firstLine = physical.findIndex((line) => line.trim() !== '') + 1;
    return {
      ok: false,
      errors: [
        {
          line: firstLine,
          message:
            wanted === 'grdf'
              ? `en-tête de l’export GRDF introuvable : ${UNRECOGNISED_HEADER_MESSAGE}`
              : UNRECOGNISED_HEADER_MESSAGE,
        },
      ],
    };
  }

  const errors: ConsumptionParseError[] = [];
  const fail = (line: number | null, message: string) => {
    if (errors.length < maxErrors) {
      errors.push({ line, message });
    }
  };
  const coefficientOption = options.coefficientConversion;
  if (
    coefficientOption !== undefined &&
    (!Number.isFinite(coefficientOption) || coefficientOption <= 0 || coefficientOption > MAX_CONVERSION_COEFFICIENT)
  ) {
    fail(null, `coefficient de conversion invalide « ${coefficientOption} » (attendu entre 0 et 20 kWh/m³).`);
  }

  const { columns } = layout;
  const rows: ReleveJournalier[] = [];
  const seen = new Map<string, number>();
  const pces = new Map<string, number>();
  let usedEnergy = false;
  let usedVolume = false;
  let valuelessMeasured = 0;

  for (let index = layout.headerIndex + 1; index < physical.length; index += 1) {
    if (errors.length >= maxErrors) {
      break;
    }
    const raw = physical[index] ?? '';
    if (raw.trim() === '') {
      continue;
    }
    const line = index + 1;
    const tokens = tokenizeCsvLine(raw, layout.separator);
    if (!tokens.ok) {
      fail(line, tokens.message);
      continue;
    }
    const { fields } = tokens;
    if (fields.every((field) => field === '')) {
      continue;
    }
    if (layout.width !== null && fields.length > layout.width) {
      fail(
        line,
        `${fields.length} colonnes au lieu de 2 ou 3 (date;kWh;qualité facultative)${layout.separator === ',' ? ' — avec des décimales à virgule, séparez les colonnes par « ; »' : ''}.`,
      );
      continue;
    }
    if (layout.separator === ',' && layout.headerWidth !== null && fields.length > layout.headerWidth) {
      fail(
        line,
        `ligne ambiguë « ${raw.trim().slice(0, 80)} » : ${fields.length} champs pour ${layout.headerWidth} colonnes d’en-tête. Avec « , » comme séparateur, une décimale à virgule (« 10,5 ») coupe le nombre en deux : séparez les colonnes par « ; », écrivez la décimale avec un point ou mettez le nombre entre guillemets.`,
      );
      continue;
    }
    const cell = (column: Column) => {
      const position = columns[column];
      return position === undefined ? '' : (fields[position] ?? '').trim();
    };

    const dateText = cell('date');
    if (dateText === '') {
      fail(line, 'date manquante.');
      continue;
    }
    const date = parseConsumptionDate(dateText);
    if (!date) {
      fail(line, `date invalide « ${dateText} » (attendu AAAA-MM-JJ ou JJ/MM/AAAA).`);
      continue;
    }
    const previous = seen.get(date);
    if (previous !== undefined) {
      fail(line, `date « ${date} » en double (déjà à la ligne ${previous}).`);
      continue;
    }
    seen.set(date, line);

    const pce = cell('pce').replace(/\s/g, '');
    if (pce !== '') {
      if (!pces.has(pce)) {
        pces.set(pce, line);
      }
      if (options.expectedPce && /^\d{14}$/.test(pce) && pce !== options.expectedPce) {
        fail(line, `PCE « ${pce} » différent du PCE indiqué pour l’import (« ${options.expectedPce} »).`);
        continue;
      }
    }

    const qualityText = cell('qualite');
    let qualite: QualiteJour | null = null;
    if (qualityText !== '') {
      if (layout.separator === ',' && parseFrenchNumber(qualityText) !== null) {
        fail(
          line,
          layout.width !== null
            ? `3ᵉ colonne « ${qualityText} » inattendue : avec des décimales à virgule, séparez les colonnes par « ; ».`
            : `ligne ambiguë : un nombre (« ${qualityText} ») à la place de la qualité. Avec « , » comme séparateur, une décimale à virgule coupe le nombre en deux : séparez les colonnes par « ; ».`,
        );
        continue;
      }
      qualite = parseQualite(qualityText);
      if (!qualite) {
        fail(
          line,
          `qualité inconnue « ${qualityText} » (attendu : Mesuré, Estimé, Corrigé, Absence de données — ou mesure / estime / manquant).`,
        );
        continue;
      }
    }

    const energyText = cell('energie');
    const volumeText = cell('volume');
    const coefficientText = cell('coefficient');
    let kwh: number | null = null;
    let volumeM3: number | null = null;
    let coefficient: number | null = null;
    if (energyText !== '') {
      const energy = parseFrenchNumber(energyText);
      if (energy === null) {
        fail(line, `consommation invalide « ${energyText} » (nombre de kWh attendu).`);
        continue;
      }
      if (energy < 0) {
        fail(line, `consommation négative « ${energyText} » kWh.`);
        continue;
      }
      kwh = energy;
    } else if (volumeText !== '') {
      const volume = parseFrenchNumber(volumeText);
      if (volume === null) {
        fail(line, `volume invalide « ${volumeText} » (nombre de m³ attendu).`);
        continue;
      }
      if (volume < 0) {
        fail(line, `volume négatif « ${volumeText} » m³.`);
        continue;
      }
      let coef = coefficientOption;
      if (coefficientText !== '') {
        const parsed = parseFrenchNumber(coefficientText);
        if (parsed === null || parsed <= 0 || parsed > MAX_CONVERSION_COEFFICIENT) {
          fail(line, `coefficient de conversion invalide « ${coefficientText} » (attendu entre 0 et 20 kWh/m³).`);
          continue;
        }
        coef = parsed;
      }
      if (coef === undefined) {
        fail(
          line,
          `coefficient de conversion manquant pour le volume « ${volumeText} » m³ (colonne « Coefficient de conversion » vide : indiquez le coefficient à l’import).`,
        );
        continue;
      }
      volumeM3 = volume;
      coefficient = coef;
      kwh = volume * coef;
    }

    if (kwh === null) {
      if (qualite !== null && qualite !== 'manquant') {
        valuelessMeasured += 1;
      }
      qualite = 'manquant';
    } else if (qualite === null) {
      qualite = 'mesure';
    }
    if (qualite === 'manquant') {
      kwh = null;
      volumeM3 = null;
      coefficient = null;
    } else if (volumeM3 !== null) {
      usedVolume = true;
    } else {
      usedEnergy = true;
    }
    rows.push({ date, kwh, qualite, volumeM3, coefficient, line });
  }

  if (pces.size > 1) {
    const [, secondLine] = [...pces.entries()][1] as [string, number];
    fail(
      secondLine,
      `le fichier contient plusieurs PCE (${[...pces.keys()]
        .slice(0, 5)
        .map((p) => `« ${p} »`)
        .join(', ')}) : importez un fichier par PCE.`,
    );
  }
  if (errors.length === 0 && rows.length === 0) {
    fail(null, 'le fichier ne contient aucun relevé journalier.');
  }
  if (errors.length > 0) {
    return { ok: false, errors };
  }

  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = (rows[0] as ReleveJournalier).date;
  const last = (rows[rows.length - 1] as ReleveJournalier).date;
  const span = toDayNumber(last) - toDayNumber(first) + 1;
  if (span > maxDays) {
    return {
      ok: false,
      errors: [
        {
          line: null,
          message: `la période couverte (du ${first} au ${last}, ${span} jours) dépasse ${maxDays} jours : découpez le fichier.`,
        },
      ],
    };
  }
  const releves: ReleveJournalier[] = [];
  let joursAjoutes = 0;
  let cursor = first;
  for (const row of rows) {
    while (cursor < row.date) {
      releves.push({ date: cursor, kwh: null, qualite: 'manquant', volumeM3: null, coefficient: null, line: null });
      joursAjoutes += 1;
      cursor = addDays(cursor, 1);
    }
    releves.push(row);
    cursor = addDays(row.date, 1);
  }

  const warnings: string[] = [];
  if (joursAjoutes > 0) {
    warnings.push(
      `${joursAjoutes} jour(s) absent(s) du fichier entre le ${first} et le ${last} : enregistrés comme manquants.`,
    );
  }
  if (valuelessMeasured > 0) {
    warnings.push(
      `${valuelessMeasured} ligne(s) sans consommation malgré leur qualité : enregistrées comme manquantes.`,
    );
  }
  const filePce = pces.size === 1 ? ([...pces.keys()][0] as string) : null;
  if (filePce !== null && !/^\d{14}$/.test(filePce)) {
    warnings.push(`Identifiant de point « ${filePce} » du fichier ignoré (un PCE compte 14 chiffres).`);
  }
  return {
    ok: true,
    format: layout.format,
    unit: usedVolume && !usedEnergy ? 'm3' : 'kWh',
    pce: filePce !== null && /^\d{14}$/.test(filePce) ? filePce : null,
    releves,
    joursAjoutes,
    warnings,
  };
}
