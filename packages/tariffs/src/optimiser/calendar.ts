/**
 * The calendar of a daily series — its dates checked (valid ISO dates, strictly increasing) and each day's billing
 * month — worked out once per distinct sequence of dates and reused (ADR 0039).
 *
 * Every site of a portfolio (and most series sent to the server) covers the same year, yet the validation, the
 * modulation and the grouping by billing month each re-read the 365 date strings (parse, compare, `startsWith`,
 * `slice`): two thirds of the per-day work of an optimisation, for a result that only depends on the dates. The
 * last calendar built is kept; a series whose days carry the same dates (compared with `===`: a pointer compare
 * when the strings are the same objects, a 10-character compare otherwise) reuses it. Same input, same output: a
 * cache hit and a rebuild give the same calendar, so callers cannot tell the difference.
 *
 * Only series already in order, without duplicates and with valid dates get a calendar; any other series
 * (unsorted, duplicated or invalid dates) gets `null` and the caller takes its general path (sort, or the French
 * error naming the first bad day), exactly as before.
 */
import type { JourConsommation } from './types.ts';

export interface SeriesCalendar {
  /** The dates, strictly increasing valid `YYYY-MM-DD`. */
  readonly dates: readonly string[];
  /** Billing month (index in `keys`) of each day. */
  readonly slotOfDay: Int32Array;
  /** `YYYY-MM` of each billing month, ascending. */
  readonly keys: readonly string[];
  /** Calendar month (0 = January) of each billing month. */
  readonly months: Int32Array;
}

/** Value of the ASCII digit at `index` of `value`, or -1. */
function digitAt(value: string, index: number): number {
  const code = value.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/**
 * Year × 12 + month − 1 of a valid `YYYY-MM-DD` date (years 0100–9999, real calendar day: the rule of
 * `isIsoDate`), or -1.
 */
function monthNumber(value: unknown): number {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') {
    return -1;
  }
  const y1 = digitAt(value, 0);
  const y2 = digitAt(value, 1);
  const y3 = digitAt(value, 2);
  const y4 = digitAt(value, 3);
  const m1 = digitAt(value, 5);
  const m2 = digitAt(value, 6);
  const d1 = digitAt(value, 8);
  const d2 = digitAt(value, 9);
  if ((y1 | y2 | y3 | y4 | m1 | m2 | d1 | d2) < 0) {
    return -1;
  }
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  if (year < 100 || month < 1 || month > 12 || day < 1) {
    return -1;
  }
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const length = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= length ? year * 12 + month - 1 : -1;
}

/** The last calendar built (see the module comment). */
let last: SeriesCalendar | null = null;

function sameDates(jours: readonly JourConsommation[], calendar: SeriesCalendar): boolean {
  const dates = calendar.dates;
  if (jours.length !== dates.length) {
    return false;
  }
  for (let i = 0; i < dates.length; i += 1) {
    if ((jours[i] as JourConsommation).date !== dates[i]) {
      return false;
    }
  }
  return true;
}

function build(jours: readonly JourConsommation[]): SeriesCalendar | null {
  const n = jours.length;
  const dates: string[] = new Array(n);
  const slotOfDay = new Int32Array(n);
  const keys: string[] = [];
  const monthOfKey: number[] = [];
  let previous = '';
  let previousMonth = -1;
  for (let i = 0; i < n; i += 1) {
    const date = (jours[i] as JourConsommation).date;
    const month = monthNumber(date);
    // Strictly increasing: in order and no duplicate (ISO dates compare as strings).
    if (month < 0 || (i > 0 && !(date > previous))) {
      return null;
    }
    if (month !== previousMonth) {
      keys.push(date.slice(0, 7));
      monthOfKey.push(month % 12);
      previousMonth = month;
    }
    slotOfDay[i] = keys.length - 1;
    dates[i] = date;
    previous = date;
  }
  // Not frozen: V8 reads the elements of a frozen array through its generic keyed-load path (~100 instructions
  // per element), which would cost more than the dates it saves. Module-private; callers only read it.
  return { dates, slotOfDay, keys, months: Int32Array.from(monthOfKey) };
}

/**
 * The calendar of `jours` when its dates are valid and strictly increasing, `null` otherwise. The returned object
 * is shared (the last one built): read it, never change it.
 */
export function calendarOf(jours: readonly JourConsommation[]): SeriesCalendar | null {
  if (!Array.isArray(jours) || jours.length === 0) {
    return null;
  }
  if (last !== null && sameDates(jours, last)) {
    return last;
  }
  const built = build(jours);
  if (built !== null) {
    last = built;
  }
  return built;
}
