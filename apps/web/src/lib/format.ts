/**
 * French (fr-FR) display of numbers, amounts, percentages and dates (spec §9: 2 decimals by default, CJA 0, percentage 1).
 * Intl uses a narrow no-break space (U+202F) between thousands and before "%"/"€", so lines never break inside a number.
 * Missing or non-finite values display as an em dash.
 */

const LOCALE = 'fr-FR';
export const EMPTY_VALUE = '—';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function isDisplayable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function fixed(decimals: number): Intl.NumberFormatOptions {
  return { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
}

/** 1234.5 → "1 234,50" */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return isDisplayable(value) ? numberFormat(fixed(decimals)).format(value) : EMPTY_VALUE;
}

/** 1234.5 → "1 234,50 €" */
export function formatCurrency(value: number | null | undefined, decimals = 2): string {
  return isDisplayable(value)
    ? numberFormat({ style: 'currency', currency: 'EUR', ...fixed(decimals) }).format(value)
    : EMPTY_VALUE;
}

/** Takes a percentage, not a ratio: 12.34 → "12,3 %". */
export function formatPercent(value: number | null | undefined, decimals = 1): string {
  return isDisplayable(value)
    ? numberFormat({ style: 'percent', ...fixed(decimals) }).format(value / 100)
    : EMPTY_VALUE;
}

/** A daily capacity (CJA), whole units: 1234.6 → "1 235". The caller adds the unit (MWh/j, kWh/j). */
export function formatCja(value: number | null | undefined): string {
  return formatNumber(value, 0);
}

/**
 * A count and its word, agreed the French way (0 and 1 take the singular): (1, 'manquant') → "1 manquant",
 * (6, 'estimé') → "6 estimés", (1234, 'jour') → "1 234 jours".
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, 0)} ${Math.abs(count) < 2 ? singular : plural}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Dates as the API sends them; a bare "YYYY-MM-DD" is a calendar day (never shifted by the time zone). */
export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) {
      return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    }
  }
  return new Date(value);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** "2025-07-01" → "01/07/2025" (short, default) or "1 juillet 2025" (long). */
export function formatDate(value: DateInput | null | undefined, style: 'short' | 'long' = 'short'): string {
  if (value === null || value === undefined || value === '') {
    return EMPTY_VALUE;
  }
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) {
    return EMPTY_VALUE;
  }
  return dateFormat(style === 'long' ? { dateStyle: 'long' } : { dateStyle: 'short' }).format(date);
}

/** "01/07/2025 14:05" in the browser's time zone (build dates, audit logs). */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') {
    return EMPTY_VALUE;
  }
  const date = toDate(value);
  return Number.isNaN(date.getTime())
    ? EMPTY_VALUE
    : dateFormat({ dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/**
 * Reads a number typed or displayed the French way ("1 234,56", "1234.56", "-3,5"…): the one parser of
 * @pilote/tariffs (rules in packages/tariffs/src/numbers.ts). Null for anything else.
 */
export { parseFrenchNumber } from '@pilote/tariffs/numbers';
