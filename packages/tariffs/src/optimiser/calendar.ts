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
import { isoMonthNumber } from '../dates.ts';
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
    const month = isoMonthNumber(date);
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
