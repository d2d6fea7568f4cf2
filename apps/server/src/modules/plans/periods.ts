import type { UsagePeriod } from '@pilote/contracts';
import { addMonths } from '../../lib/months.ts';

/** Calendar months are those of France (the product's users): they start at midnight Europe/Paris. */
export const BILLING_TIME_ZONE = 'Europe/Paris';

const DAY_MS = 86_400_000;

export interface Period {
  start: Date;
  end: Date;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BILLING_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Wall-clock fields of an instant in Europe/Paris. */
function parisParts(instant: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Offset of Europe/Paris from UTC at an instant, in minutes (+60 in winter, +120 in summer). */
function parisOffsetMinutes(instant: Date): number {
  const p = parisParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of midnight Europe/Paris on the first day of a month (month 0-based, may overflow). */
function parisMonthStart(year: number, month: number): Date {
  const guess = Date.UTC(year, month, 1);
  let instant = guess - parisOffsetMinutes(new Date(guess)) * 60_000;
  // The offset at the guess and at the answer can differ only across a DST change (never at the 1st at midnight,
  // but recomputing once keeps the function right whatever the rules).
  instant = guess - parisOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant);
}

/** The last month computed: every quota check of a month asks for the same one (ADR 0038). */
let lastMonth: Period | undefined;

/** The calendar month (Europe/Paris) holding `now`: the free and admin tiers' billing period. */
export function calendarMonth(now: Date): Period {
  const at = now.getTime();
  if (lastMonth && lastMonth.start.getTime() <= at && at < lastMonth.end.getTime()) {
    return { start: new Date(lastMonth.start), end: new Date(lastMonth.end) };
  }
  const { year, month } = parisParts(now);
  lastMonth = { start: parisMonthStart(year, month - 1), end: parisMonthStart(year, month) };
  return { start: new Date(lastMonth.start), end: new Date(lastMonth.end) };
}

export { addMonths } from '../../lib/months.ts';

/**
 * A subscription period that has ended without news from the provider (renewal event late): the same period
 * length rolled forward by months until it holds `now`, so that counters reset when the renewal is due.
 */
export function rollForward(period: Period, now: Date): Period {
  let { start, end } = period;
  for (let step = 0; end.getTime() <= now.getTime() && step < 1200; step += 1) {
    start = end;
    end = addMonths(end, 1);
  }
  return { start, end };
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The usage answer's period: ISO instants and the whole days left (rounded up, 0 once over). */
export function toUsagePeriod(period: Period, now: Date): UsagePeriod {
  const left = Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / DAY_MS));
  return {
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    next_reset: period.end.toISOString(),
    days_left: left,
  };
}
