/**
 * The CPU part of a reference-table import (ADR 0011, ADR 0024): parse the CSV with the readers of @pilote/invoices, then check
 * each INSEE code and commune name against the Code officiel géographique (a 13 MB directory). No database, no
 * Fastify: the server runs it in a worker thread (`reference.check`, check-task.ts) so a 10⁴-line upload
 * never holds the event loop; the operator CLI runs it in process.
 */
import {
  type CsvLineError,
  csvPhysicalLines,
  parsePitdCsv,
  parseTransportPointCsv,
  parseZiCsv,
} from '@pilote/invoices/csv';
import type { PitdRow, TransportPointRow, ZiRow } from '@pilote/tariffs';
import { type CommuneDirectory, loadCommuneDirectory } from './communes.ts';

/** At most this many line errors are reported (the parsers stop at 50 too). */
const MAX_ERRORS = 50;

/** Table kinds (the repository's `ReferenceKind`, repeated here so this module stays free of the database). */
export type ReferenceFileKind = 'pitd' | 'zi' | 'li' | 'pic';

export interface ReferenceFileInput {
  kind: ReferenceFileKind;
  /** The file's content (UTF-8 text). */
  text: string;
}

/** A checked file: its rows (only those of its kind are filled) and the file line of each row. */
export type ReferenceFileCheck =
  | {
      ok: true;
      pitd: PitdRow[];
      zi: ZiRow[];
      points: TransportPointRow[];
      lineNumbers: number[];
    }
  | { ok: false; errors: CsvLineError[] };

/** Checks a file, somewhere (in process, or in a worker thread). */
export type ReferenceFileChecker = (
  input: ReferenceFileInput,
  communes?: CommuneDirectory,
) => Promise<ReferenceFileCheck>;

/**
 * Line numbers of the data records, in order, the way the tariffs parsers count them: BOM stripped, line 1 is
 * the header, blank lines skipped. Only used after a successful parse, where every such line is one row.
 */
function dataLineNumbers(text: string): number[] {
  const read = csvPhysicalLines(text);
  const lines = read.ok ? read.lines : [];
  const numbers: number[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    if ((lines[index] ?? '').trim() !== '') {
      numbers.push(index + 1);
    }
  }
  return numbers;
}

function checkCommunes(
  rows: readonly { communeInsee: string; commune: string }[],
  lineNumbers: number[],
  communes: CommuneDirectory,
): CsvLineError[] {
  const errors: CsvLineError[] = [];
  rows.forEach((row, index) => {
    if (errors.length >= MAX_ERRORS) {
      return;
    }
    const line = lineNumbers[index] ?? index + 2;
    const known = communes.namesOf(row.communeInsee);
    if (known.length === 0) {
      errors.push({
        line,
        message: `code INSEE « ${row.communeInsee} » inconnu (commune « ${row.commune} ») dans le Code officiel géographique.`,
      });
    } else if (!communes.matches(row.communeInsee, row.commune)) {
      errors.push({
        line,
        message: `la commune « ${row.commune} » ne correspond pas au code INSEE « ${row.communeInsee} » (attendu : « ${known.join(' » ou « ')} »).`,
      });
    }
  });
  return errors;
}

/** Parses and checks a reference file: every refusal with its line number (the header is line 1). */
export function checkReferenceFile(input: ReferenceFileInput, communes?: CommuneDirectory): ReferenceFileCheck {
  const lineNumbers = dataLineNumbers(input.text);
  const communeErrorsOf = (rows: readonly { communeInsee: string; commune: string }[]) =>
    checkCommunes(rows, lineNumbers, communes ?? loadCommuneDirectory());
  if (input.kind === 'pitd') {
    const parsed = parsePitdCsv(input.text, { maxErrors: MAX_ERRORS });
    if (!parsed.ok) {
      return { ok: false, errors: [...parsed.errors] };
    }
    const errors = communeErrorsOf(parsed.rows);
    return errors.length > 0
      ? { ok: false, errors }
      : { ok: true, pitd: [...parsed.rows], zi: [], points: [], lineNumbers };
  }
  if (input.kind === 'zi') {
    const parsed = parseZiCsv(input.text, { maxErrors: MAX_ERRORS });
    if (!parsed.ok) {
      return { ok: false, errors: [...parsed.errors] };
    }
    return { ok: true, pitd: [], zi: [...parsed.rows], points: [], lineNumbers };
  }
  const parsed = parseTransportPointCsv(input.text, { maxErrors: MAX_ERRORS });
  if (!parsed.ok) {
    return { ok: false, errors: [...parsed.errors] };
  }
  const errors = communeErrorsOf(parsed.rows);
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, pitd: [], zi: [], points: [...parsed.rows], lineNumbers };
}

/** The in-process checker (operator CLI, tests). */
export const checkInProcess: ReferenceFileChecker = async (input, communes) => checkReferenceFile(input, communes);

/** The worker task's entry: the commune directory is loaded in the worker. */
export function checkReferenceFileTask(input: ReferenceFileInput): ReferenceFileCheck {
  return checkReferenceFile(input);
}
