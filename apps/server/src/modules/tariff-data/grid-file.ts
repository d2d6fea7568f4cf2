/**
 * Reads a grid file (CSV or JSON) of dated values for the panel's grid import (ADR 0025). Pure and bounded (the
 * body is at most GRID_IMPORT_MAX_CHARS, at most GRID_IMPORT_MAX_ROWS values): it runs in a few milliseconds.
 *
 * CSV: UTF-8, « ; » separator, cut by the readers package's tokenizer under its limits (quoted fields may hold « ; »
 * or doubled quotes, ADR 0053), header `parametre;date_effet;valeur;unite;statut;reference_titre;reference_url;note`,
 * French or dotted decimals, status `officielle|secondaire|estimation` (or the English codes), `fin` as the value
 * ends the parameter from that date. JSON: an array of `{ parameterId, validFrom, value, unit, status, references,
 * note }` (the body of POST /api/admin/tariff-data/values), or `{ "values": [...] }`.
 */
import {
  addTariffValueBodySchema,
  GRID_CSV_HEADER,
  GRID_IMPORT_MAX_ROWS,
  parameterUnits,
  type ValueStatusDto,
} from '@pilote/contracts';
import { csvPhysicalLines, splitCsvLine, tokenizeCsvLine } from '@pilote/invoices/csv';
import { type OverlayValue, type ParameterUnit, parseFrenchNumber } from '@pilote/tariffs';

export interface GridFileError {
  line: number;
  message: string;
}

export type GridFileResult = { ok: true; values: OverlayValue[] } | { ok: false; errors: GridFileError[] };

const STATUS_WORDS: Record<string, ValueStatusDto> = {
  officielle: 'official',
  official: 'official',
  secondaire: 'secondary',
  secondary: 'secondary',
  estimation: 'estimate',
  estimate: 'estimate',
};

const MAX_ERRORS = 50;

function parseCsv(text: string): GridFileResult {
  const read = csvPhysicalLines(text);
  if (!read.ok) {
    return { ok: false, errors: [{ line: 1, message: read.message }] };
  }
  const { lines } = read;
  const header = (splitCsvLine(lines[0] ?? '') ?? []).map((cell) => cell.toLowerCase());
  if (header.join(';') !== GRID_CSV_HEADER.join(';')) {
    return {
      ok: false,
      errors: [{ line: 1, message: `en-tête attendu : ${GRID_CSV_HEADER.join(';')}` }],
    };
  }
  const values: OverlayValue[] = [];
  const errors: GridFileError[] = [];
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '' || errors.length >= MAX_ERRORS) {
      return;
    }
    const tokens = tokenizeCsvLine(raw);
    if (!tokens.ok) {
      errors.push({ line, message: tokens.message });
      return;
    }
    const cells = tokens.fields;
    if (cells.length !== GRID_CSV_HEADER.length) {
      errors.push({ line, message: `${GRID_CSV_HEADER.length} colonnes attendues, ${cells.length} trouvées.` });
      return;
    }
    const [parameterId, validFrom, valueText, unit, statusText, title, url, note] = cells as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const value = valueText.toLowerCase() === 'fin' ? null : parseFrenchNumber(valueText);
    if (value === null && valueText.toLowerCase() !== 'fin') {
      errors.push({ line, message: `valeur « ${valueText} » non numérique.` });
      return;
    }
    const status = STATUS_WORDS[statusText.toLowerCase()];
    if (!status) {
      errors.push({ line, message: `statut « ${statusText} » inconnu (officielle, secondaire ou estimation).` });
      return;
    }
    if (!(parameterUnits as readonly string[]).includes(unit)) {
      errors.push({ line, message: `unité « ${unit} » inconnue.` });
      return;
    }
    if (!title || !/^https?:\/\/\S+$/i.test(url)) {
      errors.push({ line, message: 'référence incomplète : titre et adresse web (https://…) requis.' });
      return;
    }
    values.push({
      parameterId,
      from: validFrom,
      value,
      unit: unit as ParameterUnit,
      status,
      references: [{ title, url, publishedOn: null }],
      notes: note || null,
    });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

function parseJson(text: string): GridFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, errors: [{ line: 1, message: 'JSON illisible.' }] };
  }
  const items = Array.isArray(data) ? data : (data as { values?: unknown })?.values;
  if (!Array.isArray(items)) {
    return { ok: false, errors: [{ line: 1, message: 'un tableau de valeurs (ou { "values": [...] }) est attendu.' }] };
  }
  const values: OverlayValue[] = [];
  const errors: GridFileError[] = [];
  items.forEach((item, index) => {
    if (errors.length >= MAX_ERRORS) {
      return;
    }
    const parsed = addTariffValueBodySchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ line: index + 1, message: `valeur n° ${index + 1} : ${issue?.message ?? 'invalide'}` });
      return;
    }
    const v = parsed.data;
    values.push({
      parameterId: v.parameterId,
      from: v.validFrom,
      value: v.value,
      unit: v.unit,
      status: v.status,
      references: v.references,
      notes: v.note || null,
    });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

export function parseGridFile(format: 'csv' | 'json', text: string): GridFileResult {
  const result = format === 'csv' ? parseCsv(text) : parseJson(text);
  if (result.ok && result.values.length === 0) {
    return { ok: false, errors: [{ line: 1, message: 'aucune valeur dans le fichier.' }] };
  }
  if (result.ok && result.values.length > GRID_IMPORT_MAX_ROWS) {
    return { ok: false, errors: [{ line: 1, message: `au plus ${GRID_IMPORT_MAX_ROWS} valeurs par fichier.` }] };
  }
  return result;
}
