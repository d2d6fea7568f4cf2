/**
 * ISO calendar dates (`YYYY-MM-DD`) handled as plain strings.
 * Arithmetic goes through a UTC day number so that no time zone or clock is involved.
 */

/** A calendar date written `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True when `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
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
