/**
 * The user's column mapping of a portal export (issue #25 §4, ADR 0085). A spreadsheet or CSV whose header the
 * readers do not recognise is neither refused silently nor guessed: its header row and columns are described (title,
 * the role and unit the synonyms propose, two sample values) for the user to map; the mapping is kept per
 * organisation under the header's **signature** (its folded titles), and the next export with that header is read
 * with it. Pure: no I/O, no database.
 */
import type { Cell, Sheet } from '../formats/spreadsheet.ts';
import { fold } from './draft.ts';
import { findPortalHeader, type PortalColumn, type PortalMapping } from './tableur-portail.ts';

/** Every role a column can take, in the order the form lists them. */
export const COLUMN_ROLES: readonly PortalColumn[] = [
  'pce',
  'firstDay',
  'lastDay',
  'month',
  'label',
  'quantity',
  'quantityUnit',
  'unitPrice',
  'unitPriceUnit',
  'prorata',
  'amount',
  'vat',
  'ttc',
  'supplier',
  'invoiceNumber',
  'tarif',
  'code',
  'ntr',
  'car',
  'cja',
  'consumption',
];

/** The units the user may give a column (the draft converts each to the grid's units); '' = none. */
export const COLUMN_UNITS: Readonly<Partial<Record<PortalColumn, readonly string[]>>> = {
  quantity: ['kWh', 'MWh', 'kWh/j', 'MWh/j'],
  unitPrice: ['€/kWh', '€/MWh', '€/an', '€/mois', '€/MWh/j/an', '€/kWh/j/an', '%'],
  car: ['kWh/an', 'MWh/an'],
  cja: ['kWh/j', 'MWh/j'],
  consumption: ['kWh', 'MWh'],
  amount: ['€'],
  vat: ['€'],
  ttc: ['€'],
};

/** One column of the header row, as the form shows it. */
export interface HeaderColumn {
  readonly index: number;
  /** The title as printed (clipped to 80 characters); '' for an untitled column. */
  readonly title: string;
  /** What the synonyms propose (null: none). */
  readonly proposed: { readonly column: PortalColumn; readonly unit: string | null } | null;
  /** The first two values under the title, as text (clipped to 40 characters). */
  readonly samples: readonly string[];
}

/** The header of an export to map: where it is, its signature and its columns. */
export interface HeaderToMap {
  readonly sheet: number;
  readonly row: number;
  readonly signature: string;
  readonly columns: readonly HeaderColumn[];
}

/** A mapping the user gave for one header signature. */
export interface ColumnMappingRule {
  readonly signature: string;
  readonly mapping: PortalMapping;
}

const MAX_COLUMNS = 60;
const MAX_SIGNATURE = 2000;
/** Rows of a sheet searched for a header (portal exports put a title and a few key/value rows above it). */
const HEADER_SEARCH_ROWS = 50;

const textOf = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c).trim());
const clip = (t: string, n: number): string => (t.length > n ? `${t.slice(0, n - 1)}…` : t);
const numberLike = (c: Cell | undefined): boolean =>
  typeof c === 'number' || (typeof c === 'string' && /^[-+]?\d[\d\s\u00a0\u202f.,/:-]*$/.test(c.trim()));

/**
 * The signature of a header row: its titles folded (accents, case, spaces), in column order up to the last titled
 * one, joined by « | ». Two exports of one supplier's portal share it; a column moved changes it.
 */
export function headerSignature(row: readonly Cell[]): string {
  const titles = row.slice(0, MAX_COLUMNS).map((c) => fold(textOf(c).normalize('NFKC')).replace(/\s+/g, ' '));
  while (titles.length > 0 && titles[titles.length - 1] === '') {
    titles.pop();
  }
  return titles.join('|').slice(0, MAX_SIGNATURE);
}

/**
 * The header row of an export no reader recognised: the first row (of the first 50 of a sheet) of at least four
 * titles and no number, followed within three rows by a row of at least three values one of which is a number.
 * Null when there is none (then the file is « format non reconnu » as before).
 */
export function findHeaderToMap(sheets: readonly Sheet[]): HeaderToMap | null {
  for (const [s, sheet] of sheets.entries()) {
    const rows = sheet.rows.slice(0, HEADER_SEARCH_ROWS);
    for (const [r, row] of rows.entries()) {
      const filled = row.filter((c) => textOf(c) !== '');
      if (filled.length < 4 || filled.some((c) => typeof c !== 'string' || numberLike(c))) {
        continue;
      }
      const next = sheet.rows
        .slice(r + 1, r + 4)
        .find((n) => n.filter((c) => textOf(c) !== '').length >= 3 && n.some((c) => textOf(c) !== '' && numberLike(c)));
      if (next) {
        return describeHeader(sheet, s, r);
      }
    }
  }
  return null;
}

/**
 * The role and unit the portal reader's synonyms give one title (null: none): the title is put first in a header
 * row that the reader accepts (PCE, libellé, montant HT), so whatever role it has wins its place.
 */
function proposedRole(cell: Cell): HeaderColumn['proposed'] {
  if (typeof cell !== 'string' || cell.trim() === '') {
    return null;
  }
  const found = findPortalHeader([{ name: '', rows: [[cell, 'PCE', 'Libellé', 'Montant HT']] }]);
  return found?.mapping[0] ?? null;
}

/** The header row at (sheet, row) described for the form. */
export function describeHeader(sheet: Sheet, s: number, r: number): HeaderToMap {
  const row = sheet.rows[r] ?? [];
  const signature = headerSignature(row);
  const count = Math.min(signature === '' ? 0 : signature.split('|').length, MAX_COLUMNS);
  const below = sheet.rows.slice(r + 1).filter((n) => n.some((c) => textOf(c) !== ''));
  const columns: HeaderColumn[] = [];
  for (let i = 0; i < count; i += 1) {
    const samples: string[] = [];
    for (const n of below) {
      const v = textOf(n[i]);
      if (v !== '') {
        samples.push(clip(v, 40));
      }
      if (samples.length === 2) {
        break;
      }
    }
    columns.push({ index: i, title: clip(textOf(row[i]), 80), proposed: proposedRole(row[i] ?? null), samples });
  }
  return { sheet: s, row: r, signature, columns };
}

/** The header row (of the first 50 of a sheet) whose signature is one of the rules'; null when none. */
export function findMappedHeader(
  sheets: readonly Sheet[],
  rules: readonly ColumnMappingRule[],
): { sheet: number; row: number; rule: ColumnMappingRule } | null {
  if (rules.length === 0) {
    return null;
  }
  const bySignature = new Map(rules.map((rule) => [rule.signature, rule]));
  for (const [s, sheet] of sheets.entries()) {
    for (const [r, row] of sheet.rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
      const rule = row.some((c) => textOf(c) !== '') ? bySignature.get(headerSignature(row)) : undefined;
      if (rule) {
        return { sheet: s, row: r, rule };
      }
    }
  }
  return null;
}

const ROLE_NAMES: Readonly<Record<PortalColumn, string>> = {
  pce: 'PCE',
  firstDay: 'date de début',
  lastDay: 'date de fin',
  month: 'mois',
  supplier: 'fournisseur',
  invoiceNumber: 'numéro de facture',
  tarif: 'option tarifaire',
  code: 'code PITD',
  car: 'CAR',
  cja: 'CJA',
  ntr: 'NTR',
  consumption: 'consommation relevée',
  label: 'libellé',
  quantity: 'quantité',
  quantityUnit: 'unité de la quantité',
  unitPrice: 'prix unitaire',
  unitPriceUnit: 'unité du prix',
  prorata: 'prorata',
  amount: 'montant HT',
  vat: 'TVA',
  ttc: 'montant TTC',
};

/** The French name of a role (« montant HT »), for messages and the form. */
export function columnRoleName(column: PortalColumn): string {
  return ROLE_NAMES[column];
}

/**
 * What is wrong with a mapping, in French (empty: it can be applied): a role given to two columns, a required role
 * missing (PCE, libellé, montant HT, date de début or mois), a unit the checks need but the mapping does not give, a
 * unit not among the role's.
 */
export function mappingProblems(mapping: PortalMapping): string[] {
  const problems: string[] = [];
  const roles = new Map<PortalColumn, string | null>();
  for (const m of Object.values(mapping)) {
    if (roles.has(m.column)) {
      problems.push(`Le rôle « ${ROLE_NAMES[m.column]} » est donné à plusieurs colonnes.`);
    }
    roles.set(m.column, m.unit);
    const allowed = COLUMN_UNITS[m.column];
    if (m.unit !== null && !allowed?.includes(m.unit)) {
      problems.push(`Unité « ${m.unit} » impossible pour la colonne « ${ROLE_NAMES[m.column]} ».`);
    }
  }
  const required: [PortalColumn, string][] = [
    ['pce', 'Indiquez la colonne du PCE.'],
    ['label', 'Indiquez la colonne du libellé des lignes.'],
    ['amount', 'Indiquez la colonne du montant HT.'],
  ];
  for (const [role, message] of required) {
    if (!roles.has(role)) {
      problems.push(message);
    }
  }
  if (!roles.has('firstDay') && !roles.has('month')) {
    problems.push('Indiquez la colonne de la date de début (ou du mois).');
  }
  if (roles.has('quantity') && !roles.get('quantity') && !roles.has('quantityUnit')) {
    problems.push('Indiquez l’unité de la quantité, ou la colonne des unités.');
  }
  if (roles.has('unitPrice') && !roles.get('unitPrice') && !roles.has('unitPriceUnit')) {
    problems.push('Indiquez l’unité du prix unitaire, ou la colonne des unités de prix.');
  }
  for (const role of ['car', 'cja', 'consumption'] as const) {
    if (roles.has(role) && !roles.get(role)) {
      problems.push(`Indiquez l’unité de la colonne « ${ROLE_NAMES[role]} ».`);
    }
  }
  return [...new Set(problems)];
}

/**
 * A title the portal reader's synonyms give each role (« CJA (kWh/j) »: the unit in brackets): the header row of a
 * mapped export is written with these, so the export is then read by the portal reader like any other.
 */
const CANONICAL_TITLES: Readonly<Record<PortalColumn, string>> = {
  pce: 'PCE',
  firstDay: 'Date de début',
  lastDay: 'Date de fin',
  month: 'Mois',
  supplier: 'Fournisseur',
  invoiceNumber: 'N° facture',
  tarif: 'Option',
  code: 'Code PITD',
  car: 'CAR',
  cja: 'CJA',
  ntr: 'NTR',
  consumption: 'Consommation relevée',
  label: 'Libellé',
  quantity: 'Quantité',
  quantityUnit: 'Unité',
  unitPrice: 'Prix unitaire',
  unitPriceUnit: 'Unité de prix',
  prorata: 'Prorata',
  amount: 'Montant HT',
  vat: 'TVA',
  ttc: 'Montant TTC',
};

/** The header row a mapping stands for: each mapped column's canonical title (with its unit), '' elsewhere. */
export function canonicalHeader(mapping: PortalMapping, width: number): string[] {
  const row = Array.from({ length: width }, () => '');
  for (const [i, m] of Object.entries(mapping)) {
    const index = Number(i);
    if (Number.isInteger(index) && index >= 0 && index < width) {
      row[index] = m.unit ? `${CANONICAL_TITLES[m.column]} (${m.unit})` : CANONICAL_TITLES[m.column];
    }
  }
  return row;
}

/**
 * The sheet of a mapped export as a CSV text (`;`, quoted when needed): the rows above the header as they are, the
 * header replaced by the mapping's canonical titles, the rows below as they are (numbers with a dot decimal, which
 * the French number reader takes).
 */
export function mappedSheetCsv(sheet: Sheet, row: number, mapping: PortalMapping): string {
  const width = Math.max(...sheet.rows.map((r) => r.length), ...Object.keys(mapping).map((i) => Number(i) + 1), 1);
  const field = (c: Cell | undefined): string => {
    const t = c === null || c === undefined ? '' : String(c);
    return /[;"\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  // Every line padded to the width: each holds the separator, so the CSV reader finds `;` on the first line.
  return sheet.rows
    .map((r, i) => {
      const cells = i === row ? canonicalHeader(mapping, width) : [...r];
      return [...cells, ...Array.from({ length: width - cells.length }, () => '')].map(field).join(';');
    })
    .join('\r\n');
}
