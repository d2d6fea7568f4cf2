/**
 * ISO calendar dates (`YYYY-MM-DD`) handled as plain strings.
 * Arithmetic goes through a UTC day number so that no time zone or clock is involved.
 */

/** A calendar date written `YYYY-MM-DD`. */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;

/** Value of the ASCII digit at `index` of `value`, or -1. */
function digitAt(value: string, index: number): number {
  const code = value.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/**
 * Year × 12 + month − 1 when `value` is a real calendar date written `YYYY-MM-DD` (years 0100–9999: `Date.UTC`
 * reads 0–99 as 1900–1999, so those were never accepted), otherwise -1. Parsed by hand: it runs for every day of
 * every imported series (and gives the optimiser's calendar each day's month, ADR 0039).
 */
export function isoMonthNumber(value: unknown): number {
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

/** True when `value` is a real calendar date written `YYYY-MM-DD` (years 0100–9999, see `isoMonthNumber`). */
export function isIsoDate(value: string): boolean {
  return isoMonthNumber(value) >= 0;
}

/** Throws a French error when `value` is not an ISO date. */
export function assertIsoDate(value: string, what = 'date'): void {
  if (!isIsoDate(value)) {
    throw new RangeError(`La ${what} « ${value} » n'est pas une date valide au format AAAA-MM-JJ.`);
  }
}

/** Days since 1970-01-01 (UTC) for an ISO date. */
export function toDayNumber(date: IsoDate): number {
  assertIsoDate(date);
  return Math.round(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY,
  );
}

/** Inverse of {@link toDayNumber}. */
export function fromDayNumber(dayNumber: number): IsoDate {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Number of days from `from` (included) to `to` (excluded). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** `date` plus `days` days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Compares two ISO dates (works lexicographically because the format is fixed). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First day of the month of `date`. */
export function firstDayOfMonth(date: IsoDate): IsoDate {
  assertIsoDate(date);
  return `${date.slice(0, 7)}-01`;
}
